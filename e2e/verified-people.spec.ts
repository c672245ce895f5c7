/**
 * Journey: verified people (decisions 046–050, 054). A new owner and a new pharmacist register through /register; each is
 * told to check the mail and confirms the address with the link of the mail the real SMTP server received (the link's page
 * checked with axe at 1280 and 390 px; opened again it says it was used), then logs in. The owner
 * picks the pharmacy from the Ministry registry and writes an offer, which waits for an admin; the admin approves the
 * owner on /verifiche; the offer is then found in the search, and the pharmacist applies to it.
 */
import { daysFromNow } from '@farmaponte/shared/dates';
import type { Page } from '@playwright/test';
import { buildAccount, DEMO_ACCOUNTS, logIn, type TTestAccount } from './support/accounts';
import { apiToken, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { makePdf } from './support/files';
import { confirmationLinkFor } from './support/mail';
import { fillRegistration, registerButton, registryPharmacy } from './support/registration';
import { expect, test } from './support/test';

/** Registers through the form, confirms the address from the mail, and logs in; `phone` checks the link's page at 390 px too. */
async function registerAndConfirm(page: Page, account: TTestAccount, phone: boolean): Promise<void> {
  await page.goto('/register');
  await fillRegistration(page, account);
  await registerButton(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Controlla la tua email' })).toBeVisible();
  if (phone) await expectNoViolations(page, '/register, controlla la tua email, 1280 px');

  const link = await confirmationLinkFor(account.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Indirizzo email confermato' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'il tuo indirizzo email è confermato' })).toBeVisible();
  if (phone) await expectNoViolations(page, '/conferma-email/… confermato, 1280 px');
  await page.getByRole('link', { name: 'Accedi', exact: true }).click();
  await logIn(page, account.email, account.password);
  await expect(page.getByRole('heading', { level: 1, name: `Benvenuto, ${account.name}!` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Conferma il tuo indirizzo email' })).toHaveCount(0);
  if (!phone) return;

  // The same link again, on a phone: used, and the address is confirmed all the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'Questo link di conferma è già stato usato.' })).toBeVisible();
  await expect(page.getByText('Il tuo indirizzo email risulta già confermato', { exact: false })).toBeVisible();
  await expectNoViolations(page, '/conferma-email/… già usato, 390 px');
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function switchUser(page: Page, email: string, password?: string): Promise<void> {
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await logIn(page, email, password);
}

test("titolare e farmacista confermano l'email, la farmacia del registro viene approvata, l'offerta esce e riceve la candidatura", async ({
  page,
  request,
}) => {
  // Two registrations filled field by field, five logins and two axe checks.
  test.setTimeout(240_000);
  const owner = buildAccount('titolare', registryPharmacy(23));
  const pharmacist = buildAccount('farmacista');
  const title = `Sostituzione estiva ${owner.surname}`;

  // The pharmacist registers and confirms first: until the owner is approved there is nothing to apply to.
  await registerAndConfirm(page, pharmacist, true);
  await uploadCvThroughApi(request, await apiToken(request, pharmacist.email), await makePdf('Curriculum vitae'));

  // The owner registers with the registry's pharmacy, confirms, and writes an offer: it waits for an admin.
  await page.goto('/logout');
  await registerAndConfirm(page, owner, false);
  await expect(page.getByText(owner.denominazione_farmacia, { exact: true })).toBeVisible();
  await expect(
    page.getByText("Il tuo account è in attesa di verifica: le tue offerte saranno pubblicate dopo l'approvazione"),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Crea Offerta', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Crea una Nuova Offerta' });
  await dialog.getByRole('textbox', { name: 'Titolo Offerta', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Banco e preparazioni, turni di mattina.');
  await dialog.getByRole('radio', { name: 'Giorno singolo', exact: true }).check();
  await dialog.getByLabel('Data', { exact: true }).fill(daysFromNow(10));
  await dialog.getByRole('spinbutton', { name: 'Paga oraria (€/ora)', exact: true }).fill('23');
  await dialog.getByRole('button', { name: 'Crea', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/mie_offerte');
  const mine = page.getByRole('article', { name: title, exact: true });
  await expect(mine.getByText('In attesa di verifica', { exact: true })).toBeVisible();

  // Not in the search while the owner waits.
  await switchUser(page, pharmacist.email, pharmacist.password);
  await page.goto(`/cerca_offerte?comune=${encodeURIComponent(owner.comune_farmacia)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacie che Cercano Personale' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /offert/ })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(owner.denominazione_farmacia) })).toHaveCount(0);

  // The admin finds the owner on /verifiche, the registry's row beside what was entered, and approves.
  await switchUser(page, DEMO_ACCOUNTS.admin);
  await page.getByRole('link', { name: 'Verifiche', exact: true }).click();
  // The e2e's pharmacists declare albo entries too: the owners only.
  await page.getByLabel('Ruolo', { exact: true }).selectOption('titolare');
  const card = page.getByRole('article').filter({ hasText: owner.email });
  await expect(card.getByRole('region', { name: 'Registro del Ministero' })).toContainText(owner.denominazione_farmacia);
  await expect(card.getByText('Non presente nel registro')).toHaveCount(0);
  await card.getByRole('button', { name: 'Approva', exact: true }).click();
  await expect(toasts(page, "Account approvato: l'utente riceverà una notifica.")).toBeVisible();
  await expect(card).toHaveCount(0);

  // The offer is out: the pharmacist finds it and sends the CV.
  await switchUser(page, pharmacist.email, pharmacist.password);
  await page.goto(`/cerca_offerte?comune=${encodeURIComponent(owner.comune_farmacia)}`);
  const row = page.getByRole('heading', { level: 2, name: new RegExp(owner.denominazione_farmacia) }).getByRole('button');
  await row.click();
  const details = page.getByRole('region', { name: new RegExp(owner.denominazione_farmacia) });
  await expect(details.getByText(title, { exact: true })).toBeVisible();
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  await expect(page.getByText('CV inviato con successo!')).toBeVisible();
  await expect(row).toContainText('Candidatura: Inviata');
});
