/** Journey: who may open which page, logging out, the header's session link, the not-found page (docs/product.md#frame). */
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, logIn } from './support/accounts';
import { expectDashboardOf } from './support/dashboard';
import { expect, test } from './support/test';

const logoutLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true });

test.describe('pagine protette', () => {
  test('/profile senza sessione porta al login, che ricorda dove si voleva andare', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=/profile');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  });

  for (const role of ['farmacista', 'titolare'] as const) {
    for (const path of ['/farmacie', '/utenti']) {
      test(`${path} è riservata all'amministratore: un ${role} vede Accesso Negato`, async ({ page, signIn }) => {
        await signIn(role);
        await page.goto(path);
        await expect(page).toHaveURL('/unauthorized');
        await expect(page.getByRole('heading', { level: 1, name: 'Accesso Negato' })).toBeVisible();
        await expect(page.getByText('Non hai i permessi per accedere a questa pagina.')).toBeVisible();
      });
    }
  }

  test("l'amministratore apre le sue pagine", async ({ page }) => {
    await logIn(page, DEMO_ACCOUNTS.admin);
    await expectDashboardOf(page, 'admin');
    for (const path of ['/farmacie', '/utenti']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: 'Accesso Negato' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Pagina non trovata' })).toHaveCount(0);
    }
  });
});

test.describe('sessione e intestazione', () => {
  test('il link Logout compare solo con una sessione e la chiude', async ({ page, signIn }) => {
    await page.goto('/pagina-senza-sessione');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(logoutLink(page)).toHaveCount(0);

    await signIn('farmacista');
    await expect(logoutLink(page)).toBeVisible();
    await logoutLink(page).click();
    await expect(page).toHaveURL('/login');

    await page.goto('/');
    await expect(page).toHaveURL('/welcome');
    await page.goto('/pagina-dopo-il-logout');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(logoutLink(page)).toHaveCount(0);
  });

  test('/logout chiude la sessione e porta al login', async ({ page, signIn }) => {
    await signIn('titolare');
    await page.goto('/logout');
    await expect(page).toHaveURL('/login');

    await page.goto('/profile');
    await expect(page).toHaveURL('/login?next=/profile');
    await page.goto('/pagina-dopo-il-logout');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(logoutLink(page)).toHaveCount(0);
  });

  test('intestazione e piè di pagina non compaiono sulle pagine di accesso', async ({ page }) => {
    // Where they belong, they are there.
    await page.goto('/pagina-inesistente');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();

    for (const path of ['/login', '/register', '/forgot-password']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('banner')).toHaveCount(0);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });
});

test('una pagina inesistente mostra 404 e riporta alla homepage', async ({ page, signIn }) => {
  const account = await signIn('farmacista');
  await page.goto('/questa-pagina-non-esiste');
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Pagina non trovata' })).toBeVisible();

  await page.getByRole('button', { name: 'Torna alla homepage', exact: true }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
});
