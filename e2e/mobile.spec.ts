/** Journey on a phone (390×844): the header menu, and a registration that fits the screen. */
import type { Page } from '@playwright/test';
import { buildAccount, confirmRegistrationAndLogIn } from './support/accounts';
import { expectDashboardOf } from './support/dashboard';
import { fillRegistration, registerButton, registryPharmacy } from './support/registration';
import { expect, test } from './support/test';

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE, hasTouch: true });

async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const widths = await page.evaluate(() => ({
    content: document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY,
    viewport: window.innerWidth,
  }));
  expect(widths.viewport).toBe(PHONE.width);
  expect(widths.content, 'the page scrolls sideways').toBeLessThanOrEqual(widths.viewport);
}

test("il menu dell'intestazione si apre e porta al profilo", async ({ page, signIn }) => {
  await signIn('farmacista');
  const toggle = page.getByRole('button', { name: 'Menu', exact: true });
  const profileLink = page.getByRole('banner').getByRole('link', { name: 'Profilo', exact: true });

  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(profileLink).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(profileLink).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true })).toBeVisible();

  await profileLink.click();
  await expect(page).toHaveURL('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profilo Personale' })).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expectNoHorizontalScroll(page);
});

test('la registrazione si completa dal telefono senza scorrere di lato', async ({ page }) => {
  const account = buildAccount('titolare', registryPharmacy());
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await fillRegistration(page, account);
  await expectNoHorizontalScroll(page);
  await registerButton(page).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua email' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await confirmRegistrationAndLogIn(page, account);
  await expectDashboardOf(page, 'titolare', account.name);
  await expectNoHorizontalScroll(page);
});
