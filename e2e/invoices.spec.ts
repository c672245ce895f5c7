/**
 * From hours to invoice (decision 095), on a phone: a freelance pharmacist's shift of today, its hours confirmed by
 * the owner, becomes an invoice she previews and issues on /fatture; the XML she downloads names her partita IVA and
 * the total the shared rules compute; she marks it sent; the owner finds it on /fatture_ricevute with its due day and
 * marks it paid; she reads 'Pagata'. A shift of today is a worked shift (its day has come), so the setup needs no
 * clock: the offer, the application, the acceptance and the organisation's invoicing data go through the API; the owner
 * confirms the hours on 'Turni lavorati'.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { formatDate } from '@farmaponte/shared/dates';
import { invoiceAmounts, invoiceDueOn, type TInvoiceLineInput } from '@farmaponte/shared/invoice';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { payLines, type TPayTerms } from '@farmaponte/shared/pay';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { acceptedTodayThroughApi, apiToken, readyProfessionalFileThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/test';

const PHONE = { width: 390, height: 844 };
const ROMA_ISTAT = '058091';
/** The shift below: a freelancer's fee of 20 €/h, the same on a Sunday or a holiday. */
const FREELANCE_AT_20: TPayTerms = {
  legal_form: 'libera_professione',
  ccnl_level: null,
  hourly: 20,
  night_service: null,
  night_from: null,
  night_fee: null,
  holiday_fee: null,
  extra_holidays: [],
};

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

async function expectScreen(page: Page, label: string) {
  await expect(page.getByRole('status', { name: 'Caricamento...' })).toHaveCount(0);
  await expectNoViolations(page, label);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

/** The organisation's data an invoice's client needs: its name, partita IVA and a sede legale with CAP and comune. */
async function invoicingData(request: APIRequestContext, token: string, name: string, partitaIva: string) {
  const response = await request.put('/api/organisation/', {
    headers: { authorization: `Bearer ${token}` },
    data: { name, partita_iva: partitaIva, sede_legale: 'Via del Corso 12, 00186 Roma (RM)' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

test('su un telefono: le ore confermate diventano una fattura, emessa, scaricata, inviata e segnata pagata dalla farmacia', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const title = `Mattina in libera professione ${tag}`;
  const client = `Farmacie Ferri ${tag} srl`;
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista', { name: 'Lucia' });
  const ownerToken = await apiToken(request, owner.email);
  const pharmacistToken = await apiToken(request, pharmacist.email);
  await invoicingData(request, ownerToken, client, owner.partita_iva);
  await readyProfessionalFileThroughApi(request, pharmacistToken, pharmacist);
  const file = (await (
    await request.get('/api/me/professional-file/', { headers: { authorization: `Bearer ${pharmacistToken}` } })
  ).json()) as { partita_iva: string };
  const { applicationId, today } = await acceptedTodayThroughApi(request, owner.email, pharmacist.email, title, [
    'libera_professione',
  ]);
  // The owner, on a phone, confirms the hours as offered (never corrected), now that the shift's day has come.
  const ownerPhone = await phonePage(browser);
  await logIn(ownerPhone, owner.email);
  await ownerPhone.getByRole('button', { name: 'Turni lavorati', exact: true }).click();
  const shift = ownerPhone.getByRole('article', { name: title });
  await shift.getByRole('button', { name: 'Conferma ore', exact: true }).click();
  await expect(shift.getByTestId('stato-ore')).toContainText('Confermate dalla farmacia');

  // What the shared rules bill for 09:00–13:00 of today at 20 €/h, under her flat-rate regime.
  const lines: TInvoiceLineInput[] = payLines(FREELANCE_AT_20, [{ day: today, start: '09:00', end: '13:00' }], ROMA_ISTAT).map(
    (line) => ({
      kind: 'hours',
      description: line.label,
      quantity: line.minutes / 60,
      unit_price: line.rate,
      total: line.amount,
      application_id: applicationId,
    }),
  );
  const expected = invoiceAmounts('forfettario', lines, today);
  const euros = (amount: number) => `${formatAmount(amount)} €`;
  const dueOn = invoiceDueOn(today);

  // She goes from the dashboard to 'Fatture'.
  const phone = await phonePage(browser);
  await logIn(phone, pharmacist.email);
  await phone.getByRole('button', { name: 'Fatture', exact: true }).click();
  await expect(phone).toHaveURL('/fatture');
  await expect(phone.getByRole('heading', { level: 1, name: 'Fatture' })).toBeVisible();
  const group = phone.getByRole('article', { name: new RegExp(`^${client}, `) });
  await expect(group.getByText(title)).toBeVisible();
  await expectScreen(phone, '/fatture a 390 px');

  // The first click: the preview, with the amounts the rules compute.
  await group.getByRole('button', { name: /^Emetti fattura/ }).click();
  const dialog = phone.getByRole('dialog', { name: 'Anteprima della fattura' });
  const totals = dialog.getByTestId('totali-fattura');
  await expect(totals).toBeVisible();
  await expect(totals.getByRole('definition')).toHaveText([
    euros(expected.taxable),
    ...expected.summary.map((row) => euros(row.tax)),
    ...(expected.stamp_duty === null ? [] : [euros(expected.stamp_duty)]),
    euros(expected.total),
    euros(expected.amount_due),
    formatDate(dueOn),
  ]);
  await expect(dialog.getByText(client, { exact: true })).toBeVisible();
  await expectScreen(phone, "/fatture: l'anteprima a 390 px");

  // The second click issues it: the number, the files and the reminder that she sends it to the SdI herself.
  await dialog.getByRole('button', { name: 'Emetti', exact: true }).click();
  const issued = phone.getByRole('dialog', { name: 'Fattura n. 1/FP emessa' });
  await expect(
    issued.getByText('Invia il file XML allo SdI dal portale Fatture e Corrispettivi', { exact: false }),
  ).toBeVisible();
  await expectScreen(phone, '/fatture: fattura emessa a 390 px');
  const [download] = await Promise.all([
    phone.waitForEvent('download'),
    issued.getByRole('button', { name: 'Scarica XML della fattura n. 1/FP' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^IT${file.partita_iva}_[0-9a-z]{5}\\.xml$`));
  const xml = await readFile(await download.path(), 'utf8');
  expect(xml).toContain(`<IdCodice>${file.partita_iva}</IdCodice>`);
  expect(xml).toContain(`<ImportoTotaleDocumento>${expected.total.toFixed(2)}</ImportoTotaleDocumento>`);
  await issued.getByRole('button', { name: 'Chiudi', exact: true }).first().click();
  await expect(issued).toBeHidden();

  // The group has left 'Da fatturare'; the invoice is in the year's list: she marks it sent.
  await expect(group).toHaveCount(0);
  const invoice = phone.getByRole('article', { name: 'Fattura n. 1/FP' });
  await expect(invoice.getByText('Emessa', { exact: true })).toBeVisible();
  await expect(invoice.getByText(euros(expected.amount_due))).toBeVisible();
  await invoice.getByRole('button', { name: 'Segna come inviata la fattura n. 1/FP' }).click();
  await expect(invoice.getByText('Inviata allo SdI', { exact: true })).toBeVisible();
  await expectScreen(phone, '/fatture: fattura inviata a 390 px');

  // The owner, from the worked shifts to 'Fatture ricevute': the due day is the issue day + 30.
  await ownerPhone.reload();
  await expect(shift.getByTestId('stato-ore')).toContainText('In fattura n. 1/FP');
  await ownerPhone.getByRole('link', { name: 'Fatture ricevute', exact: true }).click();
  await expect(ownerPhone).toHaveURL('/fatture_ricevute');
  const received = ownerPhone.getByRole('article', { name: 'Fattura n. 1/FP' });
  await expect(received.getByText(`${pharmacist.name} ${pharmacist.surname}`)).toBeVisible();
  await expect(received.getByText(formatDate(dueOn), { exact: true })).toBeVisible();
  await expect(received.getByText('Inviata allo SdI', { exact: true })).toBeVisible();
  await expectScreen(ownerPhone, '/fatture_ricevute a 390 px');

  await received.getByRole('button', { name: 'Segna come pagata la fattura n. 1/FP' }).click();
  const paid = ownerPhone.getByRole('dialog', { name: 'Pagamento della fattura n. 1/FP' });
  await expect(paid.getByLabel('Giorno del pagamento')).toHaveValue(today);
  await expectScreen(ownerPhone, '/fatture_ricevute: pagamento a 390 px');
  await paid.getByRole('button', { name: 'Segna come pagata', exact: true }).click();
  await expect(paid).toBeHidden();
  await expect(received.getByText(`Pagata il ${formatDate(today)}`, { exact: true })).toBeVisible();
  await expect(received.getByRole('button', { name: /^Segna come pagata/ })).toHaveCount(0);

  // She reads it paid.
  await phone.reload();
  await expect(phone.getByRole('article', { name: 'Fattura n. 1/FP' }).getByText(`Pagata il ${formatDate(today)}`)).toBeVisible();
  await phone.context().close();
  await ownerPhone.context().close();
});
