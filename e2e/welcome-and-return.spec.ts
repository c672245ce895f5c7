/**
 * Journey: first contact. A logged-out visitor at / meets the welcome screen; a deep link to a protected page goes
 * through /login and comes back to that page; a `next` pointing anywhere else is ignored (no open redirect).
 */
import { PASSWORD, submitLogin } from './support/accounts';
import { expectDashboardOf } from './support/dashboard';
import { expect, test } from './support/test';

test.describe('benvenuto', () => {
  test('chi arriva su / senza sessione vede il benvenuto, e da lì accede o si registra', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL('/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Benvenuto!' })).toBeVisible();
    // What Farmaponte is, for pharmacists and for owners.
    await expect(page.getByText(/^Farmaponte è la piattaforma per il lavoro in farmacia/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Per i farmacisti' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Per i titolari di farmacia' })).toBeVisible();

    // 'Sei nuovo? Registrati' is a plain link to /register.
    const register = page.getByRole('link', { name: 'Sei nuovo? Registrati', exact: true });
    await expect(register).toHaveAttribute('href', '/register');
    await register.click();
    await expect(page).toHaveURL('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeVisible();

    // 'Accedi con Email' goes in-app to /login_email.
    await page.goto('/');
    await page.getByRole('button', { name: 'Accedi con Email', exact: true }).click();
    await expect(page).toHaveURL('/login_email');
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  });

  test('chi ha una sessione su / vede ancora la sua dashboard', async ({ page, signIn }) => {
    const account = await signIn('farmacista');
    await page.goto('/');
    await expectDashboardOf(page, 'farmacista', account.name);
  });
});

test.describe('ritorno dopo il login', () => {
  test('un link a una pagina protetta passa dal login e torna a quella pagina', async ({ page, createAccount }) => {
    const owner = await createAccount('titolare');
    await page.goto('/mie_offerte');
    await expect(page).toHaveURL('/login?next=/mie_offerte');
    await submitLogin(page, owner.email, PASSWORD);
    await expect(page).toHaveURL('/mie_offerte');
    await expect(page.getByRole('heading', { level: 1, name: 'Le Mie Offerte' })).toBeVisible();
    // 'Back' does not lead to the login form again.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/login/);
  });

  test('la pagina richiesta torna con i suoi parametri', async ({ page, createAccount }) => {
    const pharmacist = await createAccount('farmacista');
    await page.goto('/cerca_offerte?vista=mappa');
    await expect(page).toHaveURL('/login?next=/cerca_offerte%3Fvista%3Dmappa');
    await submitLogin(page, pharmacist.email, PASSWORD);
    await expect(page).toHaveURL('/cerca_offerte?vista=mappa');
  });

  for (const next of [
    '//evil.example',
    'https://evil.example/mie_offerte',
    '/\\evil.example',
    'javascript:alert(1)',
    '/logout',
  ]) {
    test(`un next che non è una pagina del sito (${next}) viene ignorato: si arriva alla dashboard`, async ({
      page,
      createAccount,
    }) => {
      const pharmacist = await createAccount('farmacista');
      await page.goto(`/login?next=${encodeURIComponent(next)}`);
      await submitLogin(page, pharmacist.email, PASSWORD);
      // Still on this site, on the dashboard (expectDashboardOf checks the URL is '/').
      await expectDashboardOf(page, 'farmacista', pharmacist.name);
    });
  }
});
