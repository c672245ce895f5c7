/**
 * Journey: a pharmacist and a pharmacy owner register through /register, are told to check the mail, confirm the address
 * with its link, then log in and land on their dashboard (decision 054).
 */

import type { Page } from '@playwright/test';
import { buildAccount, confirmRegistrationAndLogIn, expectLoginRefused, logIn, submitLogin } from './support/accounts';
import { expectNoViolations } from './support/axe';
import { expectDashboardOf } from './support/dashboard';
import { expectFieldError, expectFieldValid, toasts, watchNativeDialogs } from './support/feedback';
import { confirmationLinkFor, mailContaining } from './support/mail';
import {
  fillRegistration,
  fillRequiredFields,
  fillResidence,
  fillRoleFields,
  registerButton,
  registryPharmacy,
  termsCheckbox,
} from './support/registration';
import { expect, test } from './support/test';

const ALBO_LABEL = /^Numero di iscrizione all.albo$/;
/** The fields of the registration's first check (all required), in the form's order. */
const REQUIRED_LABELS = ['Email', 'Password', 'Conferma password', 'Nome', 'Cognome', 'Data di nascita', 'Telefono', 'Ruolo'];
const REQUIRED_FIELD = 'Questo campo è obbligatorio.';
const OWNER_LABELS = ['Cerca la tua farmacia', 'Partita IVA'];
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

    // Before the link is opened the login is refused like a wrong password: it would tell a stranger the address was new.
    await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua email' })).toBeVisible();
    await expect(page.getByText(`Abbiamo scritto a ${account.email}.`)).toBeVisible();
    await submitLogin(page, account.email, account.password);
    await expectLoginRefused(page);
    await page.goto(await confirmationLinkFor(account.email));
    await expect(page.getByRole('heading', { level: 1, name: 'Indirizzo email confermato' })).toBeVisible();
    await page.getByRole('link', { name: 'Accedi', exact: true }).click();
    await logIn(page, account.email, account.password);
    await expectDashboardOf(page, 'farmacista', account.name);
    // The residence picked from the suggestions is the one stored.
    await expect(page.getByText('Milano (MI)', { exact: true })).toBeVisible();
  });

  test('un titolare si registra scegliendo la farmacia dal registro, accede e vede la sua dashboard', async ({ page }) => {
    // A whole registration, two axe checks of the long form and a login: more than the default minute on a busy machine.
    test.slow();
    const account = buildAccount('titolare', registryPharmacy());
    await page.goto('/register');

    await fillRequiredFields(page, { ...account, role: 'farmacista' });
    await expect(page.getByLabel(ALBO_LABEL)).toBeVisible();
    // Changing one's mind: the owner's fields replace the pharmacist's.
    await page.getByLabel('Ruolo', { exact: true }).selectOption('titolare');
    for (const label of OWNER_LABELS) await expect(control(page, label)).toBeVisible();
    await expect(page.getByLabel(ALBO_LABEL)).toHaveCount(0);
    for (const label of PHARMACIST_LABELS) await expect(control(page, label)).toHaveCount(0);

    await fillResidence(page, 'titolare');
    // The registry's list, open, read by axe at both widths (decision 048).
    const search = page.getByRole('combobox', { name: 'Cerca la tua farmacia', exact: true });
    await search.fill(account.comune_farmacia.slice(0, 5));
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expectNoViolations(page, 'registrazione, elenco delle farmacie aperto (1280 px)');
    await page.setViewportSize({ width: 390, height: 844 });
    await search.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expectNoViolations(page, 'registrazione, elenco delle farmacie aperto (390 px)');
    await page.setViewportSize({ width: 1280, height: 800 });
    // Nothing in the registry: said so, and the list stays closed.
    await search.fill('zzzz nessuna');
    await expect(page.getByRole('status').filter({ hasText: 'Nessuna farmacia trovata' })).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'false');

    await fillRoleFields(page, account);
    await termsCheckbox(page).check();
    await registerButton(page).click();

    await confirmRegistrationAndLogIn(page, account);
    await expectDashboardOf(page, 'titolare', account.name);
    await expect(page.getByText('Roma (RM)', { exact: true })).toBeVisible();
    await expect(page.getByText(account.denominazione_farmacia, { exact: true })).toBeVisible();
  });

  test('il modulo vuoto chiede di compilare i campi obbligatori', async ({ page }) => {
    await page.goto('/register');
    await registerButton(page).click();
    await expect(toasts(page, 'Tutti i campi obbligatori devono essere compilati.')).toBeVisible();
    await expect(page).toHaveURL('/register');
    // Every empty required field is marked where it is, and the first one has the focus.
    for (const label of REQUIRED_LABELS) await expectFieldError(page.getByLabel(label, { exact: true }), REQUIRED_FIELD);
    await expect(page.getByLabel('Email', { exact: true })).toBeFocused();
    // Optional fields are not.
    await expectFieldValid(page.getByLabel('Luogo di nascita', { exact: true }));
  });

  test('password diverse dalla conferma: messaggio, nessuna registrazione', async ({ page }) => {
    const account = buildAccount('farmacista');
    await page.goto('/register');
    await fillRequiredFields(page, account, `${account.password}x`);
    await termsCheckbox(page).check();
    await registerButton(page).click();
    await expect(toasts(page, 'Le password non corrispondono. Riprova')).toBeVisible();
    await expect(page).toHaveURL('/register');
    const confirmation = page.getByLabel('Conferma password', { exact: true });
    await expectFieldError(confirmation, 'Le password non corrispondono. Riprova');
    await expect(confirmation).toBeFocused();

    // Nothing was stored: once corrected, the same e-mail registers.
    await page.getByLabel('Conferma password', { exact: true }).fill(account.password);
    await registerButton(page).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua email' })).toBeVisible();
    await confirmationLinkFor(account.email);
  });

  test('senza accettare i termini la registrazione non parte', async ({ page }) => {
    const account = buildAccount('titolare');
    await page.goto('/register');
    await fillRegistration(page, account);
    await termsCheckbox(page).uncheck();
    await registerButton(page).click();
    await expect(toasts(page, "Si prega di accettare i termini e le condizioni d'uso.")).toBeVisible();
    await expect(page).toHaveURL('/register');
    await expectFieldError(termsCheckbox(page), "Si prega di accettare i termini e le condizioni d'uso.");
    await expect(termsCheckbox(page)).toBeFocused();

    await termsCheckbox(page).check();
    await registerButton(page).click();
    await confirmRegistrationAndLogIn(page, account);
    await expectDashboardOf(page, 'titolare', account.name);
  });

  test("gli errori seguono l'ordine della specifica e segnano il campo sbagliato", async ({ page }) => {
    const account = buildAccount('farmacista');
    await page.goto('/register');
    await fillRequiredFields(page, { ...account, email: 'non-una-email' });
    await registerButton(page).click();
    // Required fields are all there: the next check is the e-mail's (docs/product.md#registration).
    const email = page.getByLabel('Email', { exact: true });
    await expect(toasts(page, "Inserisci un'email valida.")).toBeVisible();
    await expectFieldError(email, "Inserisci un'email valida.");
    await expect(email).toBeFocused();
    await expectFieldValid(page.getByLabel('Nome', { exact: true }));

    // Corrected, the mark goes; the next rule in the order (3: the password's length) marks its own field.
    await email.fill(account.email);
    await expectFieldValid(email);
    await page.getByLabel('Password', { exact: true }).fill('corta');
    await page.getByLabel('Conferma password', { exact: true }).fill('corta');
    await registerButton(page).click();
    await expect(toasts(page, 'La password deve essere di almeno 8 caratteri.')).toBeVisible();
    await expectFieldError(page.getByLabel('Password', { exact: true }), 'La password deve essere di almeno 8 caratteri.');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
  });

  test("un'email già registrata riceve la stessa risposta di una nuova; solo la casella del titolare lo sa", async ({
    page,
    createAccount,
  }) => {
    const existing = await createAccount('titolare');
    const nativeDialogs = watchNativeDialogs(page);
    await page.goto('/register');
    await fillRegistration(page, buildAccount('titolare', { email: existing.email, password: 'Unaltrapassword1' }));
    await registerButton(page).click();

    // The page says what it says to a new address (decision 054): nothing tells the stranger an account is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua email' })).toBeVisible();
    await expect(page.getByText(`Abbiamo scritto a ${existing.email}.`)).toBeVisible();
    await expect(page.getByText('Esiste già un account con questa email.')).toHaveCount(0);
    expect(nativeDialogs).toEqual([]);

    // The owner's mailbox is told, with the way to log in or to choose a new password; the account is untouched.
    const warning = await mailContaining(existing.email, 'un tentativo di registrazione');
    expect(warning).toMatch(/https?:\/\/\S+\/login/);
    expect(warning).toMatch(/https?:\/\/\S+\/forgot-password/);
    await page.getByRole('link', { name: 'Accedi', exact: true }).click();
    await submitLogin(page, existing.email, 'Unaltrapassword1');
    await expectLoginRefused(page);
    await logIn(page, existing.email, existing.password);
    await expectDashboardOf(page, 'titolare', existing.name);
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
