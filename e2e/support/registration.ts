/** Drives the /register form the way a person does: typing, picking suggestions, ticking the consent. */
import { expect, type Page } from '@playwright/test';
import { REGISTRY_COLUMNS, splitLine } from '../../apps/api/src/modules/pharmacies/registry-file';
import { sampleRegistryCsv } from '../../apps/api/src/modules/pharmacies/sample';
import type { TTestAccount } from './accounts';

/**
 * A pharmacy of the sample registry the e2e server's demo imports (its rows are drawn in order, so the first rows of a
 * shorter file are the demo's): the account fields that pick it, with its VAT number, which the owner must type.
 */
export function registryPharmacy(
  code = 17,
): Pick<TTestAccount, 'cod_farmacia' | 'denominazione_farmacia' | 'indirizzo_farmacia' | 'comune_farmacia' | 'partita_iva'> {
  const lines = sampleRegistryCsv(code).trimEnd().split('\r\n');
  const fields = splitLine(lines[code] ?? '');
  const value = (column: (typeof REGISTRY_COLUMNS)[number]) => fields[REGISTRY_COLUMNS.indexOf(column)] ?? '';
  return {
    cod_farmacia: value('cod_farmacia'),
    denominazione_farmacia: value('descrizione_farmacia'),
    indirizzo_farmacia: value('indirizzo'),
    comune_farmacia: value('comune'),
    partita_iva: value('p_iva'),
  };
}

/** Finds the account's pharmacy in the registry by its code and picks it with the keyboard (↓ then Enter). */
export async function pickPharmacy(page: Page, account: Pick<TTestAccount, 'cod_farmacia' | 'denominazione_farmacia'>) {
  const search = page.getByRole('combobox', { name: 'Cerca la tua farmacia', exact: true });
  await search.fill(account.cod_farmacia);
  const option = page.getByRole('option', { name: new RegExp(`Codice ministeriale ${account.cod_farmacia}$`) });
  await expect(option).toBeVisible();
  // The exact code comes first.
  await search.press('ArrowDown');
  await expect(search).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id')) ?? '');
  await search.press('Enter');
  const chosen = page.getByRole('region', { name: 'La tua farmacia', exact: true });
  await expect(chosen).toContainText(account.denominazione_farmacia);
  await expect(page.getByRole('button', { name: /^Cambia/ })).toBeFocused();
}

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
    if (account.cod_farmacia) await pickPharmacy(page, account);
    else {
      await page.getByRole('button', { name: "La tua farmacia non è nell'elenco? Inseriscila a mano", exact: true }).click();
      await page.getByLabel('Denominazione della farmacia', { exact: true }).fill(account.denominazione_farmacia);
      await page.getByLabel('Indirizzo della farmacia', { exact: true }).fill(account.indirizzo_farmacia);
      await pickSuggestion(page, 'Comune della farmacia', 'Roma', /^Roma\s*RM$/);
    }
    await page.getByLabel('Partita IVA', { exact: true }).fill(account.partita_iva);
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
