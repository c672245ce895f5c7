/**
 * Worked shifts (decision 075): a pharmacist accepted for a shift today finds it on 'I miei turni' on a phone, corrects
 * the day's hours, downloads the month's CSV (read back as Excel would) and the owner confirms the hours; and the
 * profile's 'Calendario dei turni' gives a private link a calendar reads, until it is turned off. A shift of today is a
 * worked shift (its day has come), so the setup needs no clock: the offer, the application and the acceptance go
 * through the API. A freelance shift's card links its contract (decision 093).
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { formatDate, todayInItaly } from '@farmaponte/shared/dates';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { payLines, sumAmounts, type TPayTerms } from '@farmaponte/shared/pay';
import type { Browser, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { acceptedTodayThroughApi, apiToken, readyProfessionalFileThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const ROMA_ISTAT = '058091';
/** The shift below: an employee at the first level paid 20 €/h, in Roma. */
const ROME_EMPLOYEE_AT_20: TPayTerms = {
  legal_form: 'dipendente',
  ccnl_level: '1',
  hourly: 20,
  night_service: null,
  night_from: null,
  night_fee: null,
  holiday_fee: null,
  extra_holidays: [],
};

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

test('un farmacista corregge le ore di un turno di oggi su un telefono, scarica il CSV e il titolare le conferma', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const pharmacy = `Farmacia Città ${tag}`;
  const title = `Mattina di turno ${tag}`;
  const owner = await createAccount('titolare', { denominazione_farmacia: pharmacy });
  const pharmacist = await createAccount('farmacista', { name: 'Lucia' });
  const { today } = await acceptedTodayThroughApi(request, owner.email, pharmacist.email, title);
  const day = formatDate(today);

  // The pharmacist, on a phone, from the dashboard.
  const phone = await newPage(browser, PHONE);
  await logIn(phone, pharmacist.email);
  await phone.getByRole('button', { name: 'I miei turni', exact: true }).click();
  await expect(phone).toHaveURL('/miei_turni');
  await expect(phone.getByRole('heading', { level: 1, name: 'I miei turni' })).toBeVisible();
  const card = phone.getByRole('article', { name: title });
  await expect(card.getByText(`${pharmacy}, Roma`)).toBeVisible();
  // The days' list (the pay hour by hour under it is a list too).
  const dayRow = card.getByRole('list').first().getByRole('listitem');
  await expect(dayRow).toHaveCount(1);
  await expect(dayRow).toContainText(day);
  await expect(dayRow).toContainText('09:00–13:00');
  // An employee's shift: no contract to link.
  await expect(card.getByTestId('contratto-turno')).toHaveCount(0);
  await expect(card.getByText('4 h · 80,00 €')).toBeVisible();
  const totals = phone.getByRole('region', { name: 'Totale del mese' });
  await expect(totals.getByRole('definition')).toHaveText(['1', '4 h', '80,00 €']);
  await expectNoViolations(phone, 'I miei turni a 390 px');
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // She stayed longer: the day's hours, by keyboard from the button to the form.
  await card.getByRole('button', { name: `Modifica orario ${day}` }).click();
  const form = card.getByRole('form', { name: `Orario del ${day}` });
  await expect(form.getByLabel('Inizio')).toBeFocused();
  await form.getByLabel('Inizio').fill('08:30');
  await form.getByLabel('Fine').fill('13:30');
  await form.getByLabel('Fine').press('Enter');
  await expect(phone.getByText('Ore salvate: il titolare può confermarle.')).toBeVisible();
  await expect(card.getByText('5 h · 100,00 €')).toBeVisible();
  await expect(card.getByText("nell'offerta 09:00–13:00")).toBeVisible();
  await expect(card.getByText('Ore corrette: in attesa di conferma del titolare.')).toBeVisible();
  await phone.screenshot({ path: 'test-results/worked-shifts-390.png', fullPage: true });

  // The month's CSV, as Excel on an Italian system reads it.
  const [download] = await Promise.all([
    phone.waitForEvent('download'),
    phone.getByRole('button', { name: 'Scarica CSV', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`farmaponte-turni-${today.slice(0, 7)}.csv`);
  const bytes = await readFile(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = bytes.subarray(3).toString('utf8').trimEnd().split('\r\n');
  // What the contract pays for these hours of today in Roma: a Sunday or a holiday adds its supplement (decision 094).
  const asAgreed = formatAmount(
    sumAmounts(payLines(ROME_EMPLOYEE_AT_20, [{ day: today, start: '08:30', end: '13:30' }], ROMA_ISTAT)),
  );
  expect(rows).toEqual([
    'Data;Farmacia;Comune;Offerta;Inizio;Fine;Ore;Paga oraria (€);Lordo (€);Ore corrette;Risposta del titolare;Importo come concordato (€);Viaggio (€);Totale (€)',
    `${day};${pharmacy};Roma;${title};08:30;13:30;5;20,00;100,00;sì;da confermare;${asAgreed};;${asAgreed}`,
  ]);

  // The owner, on a desktop, confirms.
  const desk = await newPage(browser, DESKTOP);
  await logIn(desk, owner.email);
  await desk.getByRole('button', { name: 'Turni lavorati', exact: true }).click();
  const ownerCard = desk.getByRole('article', { name: title });
  await expect(ownerCard.getByText(`Lavorato da ${pharmacist.name} ${pharmacist.surname}`)).toBeVisible();
  await expect(ownerCard.getByText('Il farmacista ha corretto le ore: confermale o contestale.')).toBeVisible();
  await expectNoViolations(desk, 'Turni lavorati a 1280 px');
  await ownerCard.getByRole('button', { name: 'Conferma le ore' }).click();
  await expect(desk.getByText('Ore confermate.', { exact: true })).toBeVisible();
  await expect(ownerCard.getByText('Hai confermato le ore corrette.')).toBeVisible();

  await phone.reload();
  await expect(card.getByText('Ore corrette confermate dal titolare.')).toBeVisible();
});

test('il profilo dà un link privato del calendario, che un calendario legge finché non lo si disattiva', async ({
  page,
  request,
  signIn,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const title = `Turno in calendario ${tag}`;
  const owner = await createAccount('titolare');
  const pharmacist = await signIn('farmacista');
  await acceptedTodayThroughApi(request, owner.email, pharmacist.email, title);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Calendario dei turni' });
  await expect(section.getByText('Nessun link attivo.')).toBeVisible();
  await section.getByRole('button', { name: 'Crea il link del calendario' }).click();
  await expect(section.getByText('Copia il link adesso: non lo mostreremo più.', { exact: false })).toBeVisible();
  const https = await section.getByRole('textbox', { name: 'Link per Google Calendar (https)' }).inputValue();
  expect(await section.getByRole('textbox', { name: 'Link per iPhone e app di calendario (webcal)' }).inputValue()).toBe(
    https.replace(/^https?:\/\//, 'webcal://'),
  );
  await expectNoViolations(page, 'Calendario dei turni');

  // What a calendar reads, with no session: the shift, timed in Rome.
  const feed = await request.get(new URL(https).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  // Long lines are folded (RFC 5545): unfolded before reading.
  const ics = (await feed.text()).replace(/\r\n[ \t]/g, '');
  expect(ics).toContain(`SUMMARY:${title}`);
  expect(ics).toContain(`DTSTART;TZID=Europe/Rome:${todayInItaly().replace(/-/g, '')}T090000`);

  // Turned off: the link answers 404, and the section says there is none.
  await page.reload();
  await section.getByRole('button', { name: 'Disattiva' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Disattiva' }).click();
  await expect(page.getByText('Link del calendario disattivato', { exact: false })).toBeVisible();
  await expect(section.getByText('Nessun link attivo.')).toBeVisible();
  expect((await request.get(new URL(https).pathname)).status()).toBe(404);
});

test('su un telefono, un turno di oggi in libera professione mostra lo stato del contratto e il link', async ({
  browser,
  request,
  createAccount,
}) => {
  const tag = randomUUID().slice(0, 6);
  const title = `Mattina a partita IVA ${tag}`;
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista');
  await readyProfessionalFileThroughApi(request, await apiToken(request, pharmacist.email), pharmacist);
  await acceptedTodayThroughApi(request, owner.email, pharmacist.email, title, ['libera_professione']);

  const phone = await newPage(browser, PHONE);
  await logIn(phone, pharmacist.email);
  await phone.goto('/miei_turni');
  const card = phone.getByRole('article', { name: title });
  await expect(card.getByTestId('contratto-turno')).toContainText('Da confermare');
  await expectNoViolations(phone, 'a freelance worked shift at 390 px');
  await card.getByRole('link', { name: 'Apri il contratto' }).click();
  await expect(phone).toHaveURL(/\/contratti\/\d+$/);
  await expect(phone.getByTestId('stato-contratto')).toHaveText('Da confermare');
  await phone.context().close();
});
