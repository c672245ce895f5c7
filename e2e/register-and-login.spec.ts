/** Journey: a pharmacist and a pharmacy owner register through /register, then log in and land on their dashboard. */

import type { Page } from '@playwright/test';
import { buildAccount, expectLoginRefused, logIn, submitLogin } from './support/accounts';
import { expectDashboardOf } from './support/dashboard';
import {
  fillRegistration,
  fillRequiredFields,
  fillResidence,
  fillRoleFields,
  registerButton,
  termsCheckbox,
} from './support/registration';
import { expect, test } from './support/test';

const ALBO_LABEL = /^Numero di iscrizione all.albo$/;
const OWNER_LABELS = ['Denominazione della farmacia', 'Partita IVA', 'Indirizzo della farmacia', 'Comune della farmacia'];
const PHARMACIST_LABELS = ['Titolo di studio', 'Regione in cui preferisci lavorare'];

/** A text input or a place field (combobox) by its label; a suggestion list's own label does not count. */
function control(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true }));
}

test.describe('registrazione e accesso', () => {
  test('un farmacista si registra, accede e vede la sua dashboard', async ({ page }) => {
    const account = buildAccount('farmacista');
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: 'Registrazione' })).toBeVisible();

    // No role yet: neither the pharmacist's nor the owner's fields are on the form.
    await expect(page.getByLabel(ALBO_LABEL)).toHaveCount(0);
    for (const label of [...PHARMACIST_LABELS, ...OWNER_LABELS]) await expect(control(page, label)).toHaveCount(0);

    await fillRequiredFields(page, account);
    await expect(page.getByLabel(ALBO_LABEL)).toBeVisible();
    for (const label of PHARMACIST_LABELS) await expect(control(page, label)).toBeVisible();
    for (const label of OWNER_LABELS) await expect(control(page, label)).toHaveCount(0);

    await fillResidence(page, 'farmacista');
    await fillRoleFields(page, account);
    await termsCheckbox(page).check();
    await registerButton(page).click();

    await expect(page).toHaveURL('/login');
    await logIn(page, account.email, account.password);
    await expectDashboardOf(page, 'farmacista', account.name);
    // The residence picked from the suggestions is the one stored.
    await expect(page.getByText('Milano (MI)', { exact: true })).toBeVisible();
  });

  test('un titolare si registra, accede e vede la sua dashboard', async ({ page }) => {
    const account = buildAccount('titolare');
    await page.goto('/register');

    await fillRequiredFields(page, { ...account, role: 'farmacista' });
    await expect(page.getByLabel(ALBO_LABEL)).toBeVisible();
    // Changing one's mind: the owner's fields replace the pharmacist's.
    await page.getByLabel('Ruolo', { exact: true }).selectOption('titolare');
    for (const label of OWNER_LABELS) await expect(control(page, label)).toBeVisible();
    await expect(page.getByLabel(ALBO_LABEL)).toHaveCount(0);
    for (const label of PHARMACIST_LABELS) await expect(control(page, label)).toHaveCount(0);

    await fillResidence(page, 'titolare');
    await fillRoleFields(page, account);
    await termsCheckbox(page).check();
    await registerButton(page).click();

    await expect(page).toHaveURL('/login');
    await logIn(page, account.email, account.password);
    await expectDashboardOf(page, 'titolare', account.name);
    await expect(page.getByText('Roma (RM)', { exact: true })).toBeVisible();
    await expect(page.getByText(account.denominazione_farmacia, { exact: true })).toBeVisible();
  });

  test('il modulo vuoto chiede di compilare i campi obbligatori', async ({ page }) => {
    await page.goto('/register');
    await registerButton(page).click();
    await expect(page.getByText('Tutti i campi obbligatori devono essere compilati.')).toBeVisible();
    await expect(page).toHaveURL('/register');
  });

  test('password diverse dalla conferma: messaggio, nessuna registrazione', async ({ page }) => {
    const account = buildAccount('farmacista');
    await page.goto('/register');
    await fillRequiredFields(page, account, `${account.password}x`);
    await termsCheckbox(page).check();
    await registerButton(page).click();
    await expect(page.getByText('Le password non corrispondono. Riprova')).toBeVisible();
    await expect(page).toHaveURL('/register');

    // Nothing was stored: once corrected, the same e-mail registers.
    await page.getByLabel('Conferma password', { exact: true }).fill(account.password);
    await registerButton(page).click();
    await expect(page).toHaveURL('/login');
  });

  test('senza accettare i termini la registrazione non parte', async ({ page }) => {
    const account = buildAccount('titolare');
    await page.goto('/register');
    await fillRegistration(page, account);
    await termsCheckbox(page).uncheck();
    await registerButton(page).click();
    await expect(page.getByText("Si prega di accettare i termini e le condizioni d'uso.")).toBeVisible();
    await expect(page).toHaveURL('/register');

    await termsCheckbox(page).check();
    await registerButton(page).click();
    await expect(page).toHaveURL('/login');
    await logIn(page, account.email, account.password);
    await expectDashboardOf(page, 'titolare', account.name);
  });

  test('una password sbagliata viene rifiutata al login', async ({ page, createAccount }) => {
    const account = await createAccount('farmacista');
    await submitLogin(page, account.email, 'PasswordSbagliata1!');
    await expectLoginRefused(page);
    await expect(page.getByRole('heading', { name: /^Benvenuto/ })).toHaveCount(0);

    await logIn(page, account.email, account.password);
    await expectDashboardOf(page, 'farmacista', account.name);
  });
});
