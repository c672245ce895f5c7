/**
 * A page looked at in both sizes the product is built for: axe at 1280 and 390 px, no sideways scrolling on the phone,
 * and with E2E_SCREENSHOTS=<folder> a screenshot of each, to be looked at (never kept in the repository).
 */
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { expectNoViolations } from './axe';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (folder) await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** axe at both sizes, the page looked at in each; the page is left at `endOn`'s size. */
export async function checkBothSizes(page: Page, label: string, endOn: 'desktop' | 'phone' = 'desktop'): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await expectNoViolations(page, `${label} at 1280 px`);
  await shot(page, `${label}-1280`);
  await page.setViewportSize(PHONE);
  await expectNoViolations(page, `${label} at 390 px`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await shot(page, `${label}-390`);
  if (endOn === 'desktop') await page.setViewportSize(DESKTOP);
}
