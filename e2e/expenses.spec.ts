/**
 * Expenses on a freelance shift (decision 095), on a phone: a pharmacist taken on in libera professione for a shift of
 * today claims her parking on 'I miei turni' with the receipt (an amount over the cap is refused under its field
 * first), sees it waiting; the owner confirms the hours that were never corrected ('Conferma ore') and the expense, and
 * she sees both confirmed. A shift of today is a worked shift, so the setup needs no clock: the offer, her file, the
 * application and the acceptance go through the API.
 */
import { randomUUID } from 'node:crypto';
import { HOURS_CLOSING } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { INVOICE_MESSAGES } from '@farmaponte/shared/messages-invoices';
import { EXPENSES_TEXT } from '@farmaponte/shared/ui-text-expenses';
import type { Browser, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { acceptedTodayThroughApi, apiToken, readyProfessionalFileThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

const PHONE = { width: 390, height: 844 };

async function newPhone(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/** Nothing is wider than the phone. */
async function fitsThePhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('su un telefono, una farmacista a partita IVA indica il parcheggio con la ricevuta e il titolare conferma ore e spesa', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const title = `Mattina con parcheggio ${tag}`;
  const description = `Parcheggio di via Roma ${tag}`;
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista', { name: 'Giulia' });

  // Setup: her file ready for the freelance form, an offer of today (09:00–13:00) in libera professione only, her
  // application and the owner's acceptance.
  await readyProfessionalFileThroughApi(request, await apiToken(request, pharmacist.email), pharmacist);
  const { today } = await acceptedTodayThroughApi(request, owner.email, pharmacist.email, title, ['libera_professione']);

  // She opens 'I miei turni' from the dashboard.
  const phone = await newPhone(browser);
  await logIn(phone, pharmacist.email);
  await phone.getByRole('button', { name: 'I miei turni', exact: true }).click();
  await expect(phone).toHaveURL('/miei_turni');
  const card = phone.getByRole('article', { name: title });
  await expect(card.getByTestId('stato-ore')).toContainText('Ore in corso');
  const expenses = card.getByRole('region', { name: 'Spese con ricevuta' });
  await expect(expenses.getByText('Nessuna spesa indicata.')).toBeVisible();
  await expectNoViolations(phone, 'I miei turni, turno in libera professione, a 390 px');

  // The form: an amount over the cap is refused under its field, before anything is sent.
  await expenses.getByRole('button', { name: 'Aggiungi spesa' }).click();
  const form = expenses.getByRole('form', { name: 'Aggiungi spesa' });
  await expect(form.getByRole('textbox', { name: 'Descrizione' })).toBeFocused();
  await form.getByRole('combobox', { name: 'Tipo di spesa' }).selectOption('parcheggio');
  await form.getByRole('textbox', { name: 'Descrizione' }).fill(description);
  const amount = form.getByRole('textbox', { name: 'Importo in euro' });
  await amount.fill(formatAmount(HOURS_CLOSING.expenseMaxAmount + 0.5));
  await form.getByLabel('Ricevuta').setInputFiles({
    name: 'ricevuta-parcheggio.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('Ricevuta parcheggio 12,50 EUR'),
  });
  await expect(form.getByText('ricevuta-parcheggio.pdf')).toBeVisible();
  await form.getByRole('button', { name: 'Invia la spesa' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(`${EXPENSES_TEXT.amountHint} ${INVOICE_MESSAGES.expenseAmount}`);
  await expect(form.getByText(INVOICE_MESSAGES.expenseAmount)).toBeVisible();
  await expect(expenses.getByTestId('spesa')).toHaveCount(0);
  await fitsThePhone(phone);
  await expectNoViolations(phone, 'modulo della spesa con un errore, a 390 px');
  await form.screenshot({ path: 'test-results/expenses-form-390.png' });

  // The right amount: sent, and waiting for the pharmacy.
  await amount.fill('12,50');
  await form.getByRole('button', { name: 'Invia la spesa' }).click();
  await expect(phone.getByText(INVOICE_MESSAGES.expenseClaimed)).toBeVisible();
  await expect(form).toBeHidden();
  const item = expenses.getByTestId('spesa');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`Parcheggio: ${description}`);
  await expect(item).toContainText(`del ${formatDate(today)}`);
  await expect(item).toContainText('12,50 €');
  await expect(item).toContainText('In attesa');
  await expect(item.getByRole('button', { name: `Togli la spesa «${description}»` })).toBeVisible();
  await phone.screenshot({ path: 'test-results/expenses-waiting-390.png', fullPage: true });
  await fitsThePhone(phone);
  await expectNoViolations(phone, 'spesa in attesa, a 390 px');

  // The owner, on his phone, from the dashboard: the hours were never corrected, he confirms them, then the expense.
  const ownerPhone = await newPhone(browser);
  await logIn(ownerPhone, owner.email);
  await ownerPhone.getByRole('button', { name: 'Turni lavorati', exact: true }).click();
  const ownerCard = ownerPhone.getByRole('article', { name: title });
  await expect(ownerCard.getByText(`Lavorato da ${pharmacist.name} ${pharmacist.surname}`)).toBeVisible();
  await expect(ownerCard.getByTestId('stato-ore')).toContainText('Ore in corso');
  await expect(ownerCard.getByText(/^Se non rispondi, si confermano da sole il \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  const ownerItem = ownerCard.getByTestId('spesa');
  await expect(ownerItem).toContainText(description);
  await expect(ownerItem).toContainText('In attesa');
  await fitsThePhone(ownerPhone);
  await expectNoViolations(ownerPhone, 'Turni lavorati del titolare con una spesa, a 390 px');
  await ownerCard.screenshot({ path: 'test-results/expenses-owner-390.png' });
  await ownerCard.getByRole('button', { name: 'Conferma ore' }).click();
  await expect(ownerCard.getByTestId('stato-ore')).toContainText('Confermate dalla farmacia');
  await expect(ownerCard.getByRole('button', { name: 'Conferma ore' })).toHaveCount(0);
  await ownerItem.getByRole('button', { name: `Conferma la spesa «${description}»` }).click();
  await expect(ownerPhone.getByText(INVOICE_MESSAGES.expenseConfirmed)).toBeVisible();
  await expect(ownerItem).toContainText('Confermata');
  await expect(ownerItem.getByRole('button', { name: `Conferma la spesa «${description}»` })).toHaveCount(0);
  await expectNoViolations(ownerPhone, 'Turni lavorati del titolare, ore e spesa confermate, a 390 px');

  // She sees both confirmed, and can no longer take the expense back.
  await phone.reload();
  await expect(card.getByTestId('stato-ore')).toContainText('Confermate dalla farmacia');
  await expect(item).toContainText('Confermata');
  await expect(item.getByRole('button', { name: `Togli la spesa «${description}»` })).toHaveCount(0);
  await expectNoViolations(phone, 'I miei turni, ore e spesa confermate, a 390 px');
  await card.screenshot({ path: 'test-results/expenses-confirmed-390.png' });
  await phone.context().close();
  await ownerPhone.context().close();
});
