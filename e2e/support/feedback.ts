/** What the app tells the user: toasts, and fields marked in error. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The toasts on screen now, or the ones with `text`. */
export function toasts(page: Page, text?: string): Locator {
  const all = page.locator('.Toastify__toast');
  return text === undefined ? all : all.filter({ hasText: text });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The field is marked (aria-invalid) and its message is read with it (aria-describedby), shown under it. */
export async function expectFieldError(field: Locator, message: string): Promise<void> {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toHaveAccessibleDescription(new RegExp(`${escapeRegExp(message)}$`));
}

/** The field is not marked. */
export async function expectFieldValid(field: Locator): Promise<void> {
  await expect(field).not.toHaveAttribute('aria-invalid', 'true');
}

/**
 * Records every browser dialog (alert, confirm, beforeunload…) the page opens, dismissing it: the product speaks in
 * the page, so a test ends with `expect(nativeDialogs).toEqual([])`.
 */
export function watchNativeDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', async (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    await dialog.dismiss();
  });
  return seen;
}

/**
 * The toasts on screen open under the header, on a desktop and on a phone: the header's links and menu stay in reach
 * while a toast is shown.
 */
export async function expectToastsUnderTheHeader(page: Page): Promise<void> {
  const original = page.viewportSize();
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(viewport);
    // The header by its tag: while a dialog is open, the page behind it (the banner too) leaves the accessibility tree.
    const header = await page.locator('header').first().boundingBox();
    const toast = await toasts(page).first().boundingBox();
    expect(header, 'the header is on screen').not.toBeNull();
    expect(toast, 'a toast is on screen').not.toBeNull();
    expect(toast?.y ?? 0, `at ${viewport.width} px the toast starts under the header`).toBeGreaterThanOrEqual(
      (header?.y ?? 0) + (header?.height ?? 0),
    );
  }
  if (original) await page.setViewportSize(original);
}
