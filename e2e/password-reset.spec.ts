/** Journey: a user who forgot the password asks for a link, follows it from the e-mail and chooses a new one. */
import type { Page } from '@playwright/test';
import { expectLoginRefused, logIn, submitLogin, uniqueEmail } from './support/accounts';
import { mailContaining } from './support/mail';
import { expect, test } from './support/test';

async function requestReset(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Recupera password', exact: true }).click();
  await expect(page).toHaveURL('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Ripristina la tua password' })).toBeVisible();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Ripristina', exact: true }).click();
}

test.describe('ripristino della password', () => {
  test('un indirizzo sconosciuto riceve la stessa risposta di uno registrato (decisione 054)', async ({ page }) => {
    await requestReset(page, uniqueEmail('sconosciuto'));
    await expect(
      page.getByText('E-mail per il ripristino della password inviata. Si prega di controllare la posta in arrivo.'),
    ).toBeVisible();
    await expect(page.getByText('Non esiste un utente con questa email.')).toHaveCount(0);
  });

  test('dal link ricevuto via e-mail si sceglie una nuova password', async ({ page, createAccount }) => {
    const account = await createAccount('farmacista');
    const newPassword = 'NuovaPassword2026?';

    await requestReset(page, account.email);
    await expect(
      page.getByText('E-mail per il ripristino della password inviata. Si prega di controllare la posta in arrivo.'),
    ).toBeVisible();

    const mail = await mailContaining(account.email, '/reset-password/');
    const link = mail.match(/https?:\/\/\S+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
    expect(link, mail).toBeDefined();
    await page.goto(link ?? '');

    const newPasswordField = page.getByLabel('Nuova Password', { exact: true });
    const confirmField = page.getByLabel('Conferma Password', { exact: true });
    const save = page.getByRole('button', { name: 'Salva la nuova password', exact: true });
    await newPasswordField.fill(newPassword);
    await confirmField.fill(`${newPassword}!`);
    await save.click();
    await expect(page.getByText('Le password non corrispondono.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\//);

    await confirmField.fill(newPassword);
    await save.click();
    await expect(page.getByText('La password è stata ripristinata con successo!')).toBeVisible();
    // The page itself waits 2 s before going to /login.
    await expect(page).toHaveURL('/login', { timeout: 10_000 });

    await submitLogin(page, account.email, account.password);
    await expectLoginRefused(page);

    await logIn(page, account.email, newPassword);
    await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
  });
});
