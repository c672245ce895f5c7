/** Drives the /register form the way a person does: typing, picking suggestions, ticking the consent. */
import { expect, type Page } from '@playwright/test';
import type { TTestAccount } from './accounts';

/** Types into a place field and picks one of the suggestions it offers. */
export async function pickSuggestion(page: Page, field: string, typed: string, option: string | RegExp): Promise<void> {
  const combobox = page.getByRole('combobox', { name: field, exact: true });
  await combobox.fill(typed);
  const suggestion = page.getByRole('option', { name: option, exact: typeof option === 'string' });
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await suggestion.click();
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
}

/** The fields of the registration's first check (all required), with a valid value each; the role is chosen last. */
export async function fillRequiredFields(page: Page, account: TTestAccount, confirmPassword = account.password): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Conferma password', { exact: true }).fill(confirmPassword);
  await page.getByLabel('Nome', { exact: true }).fill(account.name);
  await page.getByLabel('Cognome', { exact: true }).fill(account.surname);
  await page.getByLabel('Data di nascita', { exact: true }).fill('1990-05-12');
  await page.getByLabel('Telefono', { exact: true }).fill(account.telephone);
  await page.getByLabel('Ruolo', { exact: true }).selectOption(account.role);
}

/** Residence in Milan for a pharmacist, in Rome for an owner: region, then province, then comune. */
export async function fillResidence(page: Page, role: TTestAccount['role']): Promise<void> {
  const province = page.getByRole('combobox', { name: 'Provincia di residenza', exact: true });
  await expect(province).toBeDisabled();
  if (role === 'farmacista') {
    await pickSuggestion(page, 'Regione di residenza', 'Lomb', 'Lombardia');
    await expect(province).toBeEnabled();
    await pickSuggestion(page, 'Provincia di residenza', 'Mil', /^Milano/);
    await pickSuggestion(page, 'Comune di residenza', 'Milano', 'Milano');
    await page.getByLabel('Via e numero civico', { exact: true }).fill('Via Torino 5');
  } else {
    await pickSuggestion(page, 'Regione di residenza', 'Laz', 'Lazio');
    await expect(province).toBeEnabled();
    await pickSuggestion(page, 'Provincia di residenza', 'Rom', /^Roma/);
    await pickSuggestion(page, 'Comune di residenza', 'Roma', 'Roma');
    await page.getByLabel('Via e numero civico', { exact: true }).fill('Via Appia Nuova 100');
  }
}

/** The fields that appear once the role is chosen. */
export async function fillRoleFields(page: Page, account: TTestAccount): Promise<void> {
  if (account.role === 'farmacista') {
    await page.getByLabel('Titolo di studio', { exact: true }).fill(account.titolo);
    await pickSuggestion(page, 'Regione in cui preferisci lavorare', 'Lomb', 'Lombardia');
    if (account.numero_iscrizione_albo) {
      await pickSuggestion(page, 'Ordine (provincia)', 'Milan', /^Milano\s*MI$/);
      await page.getByLabel(/^Data di iscrizione all.albo$/).fill(account.data_iscrizione_albo);
      await page.getByLabel(/^Numero di iscrizione all.albo$/).fill(account.numero_iscrizione_albo);
    }
  } else {
    await page.getByLabel('Denominazione della farmacia', { exact: true }).fill(account.denominazione_farmacia);
    await page.getByLabel('Partita IVA', { exact: true }).fill(account.partita_iva);
    await page.getByLabel('Indirizzo della farmacia', { exact: true }).fill(account.indirizzo_farmacia);
    await pickSuggestion(page, 'Comune della farmacia', 'Roma', /^Roma\s*RM$/);
  }
}

export function termsCheckbox(page: Page) {
  return page.getByRole('checkbox', { name: /Ho letto e accetto i Termini e Condizioni d.uso/ });
}

export function registerButton(page: Page) {
  return page.getByRole('button', { name: 'Registrati', exact: true });
}

/** Fills every field of the form for the account and accepts the terms (nothing is submitted). */
export async function fillRegistration(page: Page, account: TTestAccount): Promise<void> {
  await fillRequiredFields(page, account);
  await fillResidence(page, account.role);
  await fillRoleFields(page, account);
  await termsCheckbox(page).check();
}
