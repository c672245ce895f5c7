/**
 * A freelance engagement, end to end (decision 093): a titolare publishes a shift in libera professione; a pharmacist on
 * her phone meets the apply dialog, which says what her professional file lacks, fills /fascicolo (a codice fiscale that
 * matches her name, her birth and its place, a partita IVA, her insurance with the policy's PDF) and applies; the owner
 * reads her insurance and ECM on the card and accepts (no reclassification warning for a first engagement); both
 * confirm the contract on a phone and download its PDF: the two files are byte-identical, their SHA-256 is the one the
 * page shows, and their text names both parties and the day. The new pages are checked with axe at 1280 and 390 px.
 * An invitation to an offer of both forms is accepted as libera professione by a pharmacist whose file is ready: the
 * acceptance asks the form as the apply dialog does, and the accepted shift links its contract.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { checkCharacter, nameCode, surnameCode } from '@farmaponte/shared/codice-fiscale';
import { daysFromNow, formatDate } from '@farmaponte/shared/dates';
import type { Browser, Download, Locator, Page } from '@playwright/test';
import { logIn, startSession, uniqueVatNumber } from './support/accounts';
import {
  apiToken,
  applyThroughApi,
  createOfferThroughApi,
  readyProfessionalFileThroughApi,
  uploadCvThroughApi,
} from './support/api-setup';
import { toasts } from './support/feedback';
import { makePdf, writeTestFile } from './support/files';
import { pdfText } from './support/pdf-text';
import { checkBothSizes as checkBothSizesAt, PHONE } from './support/screens';
import { expect, test } from './support/test';

/** axe and screenshots at both sizes; the journey goes on on the phone. */
const checkBothSizes = (page: Page, label: string) => checkBothSizesAt(page, label, 'phone');

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/** 'Scarica il PDF': the file the browser saves, its name and bytes. */
async function downloadContract(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download') as Promise<Download>,
    page.getByRole('button', { name: 'Scarica il PDF', exact: true }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const contractStatus = (page: Page) => page.getByTestId('stato-contratto');
const shownHash = async (page: Page) => (await page.locator('[data-sha256]').getAttribute('data-sha256')) ?? '';

/** Her offer's row on /cerca_offerte, expanded, with the freelance filter in the address. */
async function openOfferRow(page: Page, title: string, day: string): Promise<Locator> {
  await page.goto(`/cerca_offerte?comune=Roma&from=${day}&to=${day}&forma=libera_professione`);
  const row = page.getByRole('heading', { level: 2, name: new RegExp(title) }).getByRole('button');
  await expect(row).toContainText('Libera professione');
  await row.click();
  return page.getByRole('region', { name: new RegExp(title) });
}

test('a freelance pharmacist fills her file and applies; owner and pharmacist confirm the contract on a phone and hold the same PDF', async ({
  page,
  browser,
  request,
  signIn,
  createAccount,
}, testInfo) => {
  test.setTimeout(300_000);
  const owner = await signIn('titolare');
  const day = daysFromNow(12);
  const title = `Turno in libera professione ${owner.surname.split(' ')[1]}`;

  // The owner publishes a freelance shift; the form answers the question of prestazione occasionale.
  await page.getByRole('button', { name: 'Crea Offerta', exact: true }).click();
  const create = page.getByRole('dialog', { name: 'Crea una Nuova Offerta' });
  await create.getByRole('textbox', { name: 'Titolo Offerta', exact: true }).fill(title);
  await create.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Banco e consiglio, in autonomia.');
  await create.getByLabel('Data', { exact: true }).fill(day);
  await create.getByRole('spinbutton', { name: 'Paga oraria (€/ora)', exact: true }).fill('30');
  await create.getByLabel('Dalle ore', { exact: true }).fill('09:00');
  await create.getByLabel('Alle ore', { exact: true }).fill('13:00');
  await expect(create.getByRole('combobox', { name: 'Livello CCNL' })).toHaveValue('1');
  await create.getByRole('radio', { name: 'Libera professione (partita IVA)', exact: true }).check();
  await expect(create.getByRole('combobox', { name: 'Livello CCNL' })).toHaveCount(0);
  await create.getByText('E la prestazione occasionale?').click();
  await expect(create.getByText(/La prestazione occasionale non è ammessa/)).toBeVisible();
  await create.getByRole('button', { name: 'Crea', exact: true }).click();
  await expect(toasts(page, 'Offerta creata con successo!')).toBeVisible();

  // She finds it with the freelance filter; the apply dialog says what her file lacks.
  const pharmacist = await createAccount('farmacista');
  await uploadCvThroughApi(request, await apiToken(request, pharmacist.email), await makePdf('Curriculum'));
  const chiara = await phonePage(browser);
  await logIn(chiara, pharmacist.email);
  let details = await openOfferRow(chiara, title, day);
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  let apply = chiara.getByRole('dialog', { name: 'Candidati' });
  await expect(apply.getByText('Per candidarti in libera professione manca ancora:')).toBeVisible();
  await expect(apply.getByRole('button', { name: 'Invia candidatura' })).toBeDisabled();
  await checkBothSizes(chiara, 'candidatura-fascicolo-incompleto');
  await apply.getByRole('link', { name: 'Completa il fascicolo professionale' }).click();

  // Her professional file.
  await expect(chiara).toHaveURL('/fascicolo');
  await expect(chiara.getByRole('heading', { level: 1, name: 'Fascicolo professionale' })).toBeVisible();
  const first15 = `${surnameCode(pharmacist.surname)}${nameCode(pharmacist.name)}88D61A794`;
  const codiceFiscale = first15 + checkCharacter(first15);
  const expiry = daysFromNow(400);
  await chiara.getByRole('textbox', { name: 'Codice fiscale', exact: true }).fill(codiceFiscale.toLowerCase());
  await chiara.locator('#fascicolo-birth_date').fill('1988-04-21');
  await chiara.getByRole('combobox', { name: 'Luogo di nascita' }).fill('Bergamo');
  await chiara
    .getByRole('option', { name: /^Bergamo/ })
    .first()
    .click();
  await chiara.getByRole('textbox', { name: 'Partita IVA', exact: true }).fill(uniqueVatNumber());
  await chiara.getByRole('combobox', { name: 'Regime fiscale' }).selectOption('forfettario');
  await chiara.getByRole('textbox', { name: 'Compagnia', exact: true }).fill('Assicurazioni Sanità');
  await chiara.getByRole('textbox', { name: 'Numero di polizza', exact: true }).fill('RC-2026-0042');
  await chiara.getByRole('textbox', { name: 'Massimale (€)', exact: true }).fill('1.000.000');
  await chiara.locator('#fascicolo-insurance_expires_on').fill(expiry);
  await chiara.getByRole('combobox', { name: 'Triennio' }).selectOption('2026');
  await chiara.getByRole('spinbutton', { name: 'Crediti dichiarati (su 150)' }).fill('60');
  await chiara.getByRole('button', { name: 'Salva il fascicolo' }).click();
  await expect(toasts(chiara, 'Fascicolo professionale salvato.')).toBeVisible();
  await expect(chiara.getByRole('textbox', { name: 'Codice fiscale', exact: true })).toHaveValue(codiceFiscale);
  const policy = writeTestFile(testInfo, 'polizza.pdf', await makePdf('Polizza RC professionale'));
  await chiara.getByLabel('File della polizza').setInputFiles(policy);
  await chiara.getByRole('button', { name: 'Carica la polizza (PDF)' }).click();
  await expect(toasts(chiara, 'PDF della polizza caricato.')).toBeVisible();
  await expect(chiara.getByTestId('polizza-pdf')).toContainText('polizza.pdf');
  await expect(chiara.getByText('Il fascicolo è completo: puoi candidarti in libera professione.')).toBeVisible();
  await checkBothSizes(chiara, 'fascicolo');

  // Now she applies.
  details = await openOfferRow(chiara, title, day);
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  apply = chiara.getByRole('dialog', { name: 'Candidati' });
  await expect(apply.getByText(/Questa offerta è in libera professione/)).toBeVisible();
  await expect(apply.getByRole('button', { name: 'Invia candidatura' })).toBeEnabled();
  await checkBothSizes(chiara, 'candidatura');
  await apply.getByRole('button', { name: 'Invia candidatura' }).click();
  await expect(toasts(chiara, 'CV inviato con successo!')).toBeVisible();
  await expect(apply).toBeHidden();

  // The owner reads her insurance and ECM, and accepts: a first engagement, no warning.
  const fullName = `${pharmacist.name} ${pharmacist.surname}`;
  await page.goto('/candidature');
  const card = page.getByRole('article', { name: fullName, exact: true });
  await expect(card.getByText('Libera professione', { exact: true })).toBeVisible();
  await expect(card.getByText(`Assicurazione valida fino al ${formatDate(expiry)}`)).toBeVisible();
  await expect(card.getByText('ECM 2026–2028: 60 crediti dichiarati su 150')).toBeVisible();
  await card.getByRole('button', { name: 'Accetta', exact: true }).click();
  const accept = page.getByRole('dialog', { name: `Accettare ${fullName}?` });
  await expect(accept.getByRole('status', { name: 'Controllo degli incarichi precedenti...' })).toHaveCount(0);
  await expect(accept.getByText('Rischio di riqualificazione del rapporto')).toHaveCount(0);
  await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(toasts(page, 'Candidatura accettata.')).toBeVisible();

  // The owner, on a phone, reads the contract, downloads it and confirms.
  const marco = await phonePage(browser);
  await startSession(marco, owner.email);
  await marco.goto('/candidature');
  await marco.getByRole('article', { name: fullName, exact: true }).getByRole('link', { name: 'Apri il contratto' }).click();
  await expect(marco).toHaveURL(/\/contratti\/\d+$/);
  await expect(contractStatus(marco)).toHaveText('Da confermare');
  await checkBothSizes(marco, 'contratto');
  const hash = await shownHash(marco);
  expect(hash).toMatch(/^[0-9a-f]{64}$/);
  const ownersCopy = await downloadContract(marco);
  expect(ownersCopy.name).toMatch(/^contratto-\d+-v1\.pdf$/);
  expect(sha256(ownersCopy.bytes)).toBe(hash);
  await marco.getByRole('button', { name: 'Conferma il contratto' }).click();
  await expect(toasts(marco, 'Contratto confermato.')).toBeVisible();
  await expect(contractStatus(marco)).toHaveText('Confermato da te, in attesa del farmacista');

  // She finds it on her accepted shift, downloads the same file and confirms.
  await chiara.goto('/mie_candidature');
  const shift = chiara.getByRole('article', { name: title, exact: true });
  await expect(shift.getByTestId('contratto-turno')).toContainText('Confermato dalla farmacia, da confermare da te');
  await shift.getByRole('link', { name: 'Apri il contratto' }).click();
  await expect(contractStatus(chiara)).toHaveText('Confermato dalla farmacia, da confermare da te');
  expect(await shownHash(chiara)).toBe(hash);
  const hersCopy = await downloadContract(chiara);
  expect(hersCopy.bytes.equals(ownersCopy.bytes), 'the two downloads are the same file').toBe(true);
  await chiara.getByRole('button', { name: 'Conferma il contratto' }).click();
  await expect(contractStatus(chiara)).toHaveText('contratto confermato da entrambi');
  await checkBothSizes(chiara, 'contratto-confermato');
  await chiara.goto('/mie_candidature');
  await expect(chiara.getByRole('article', { name: title, exact: true }).getByTestId('contratto-turno')).toContainText(
    'contratto confermato da entrambi',
  );
  await marco.reload();
  await expect(contractStatus(marco)).toHaveText('contratto confermato da entrambi');

  // What the file says: both parties and the day.
  const text = pdfText(hersCopy.bytes);
  expect(text).toContain(fullName);
  expect(text).toContain(codiceFiscale);
  expect(text).toContain(owner.denominazione_farmacia);
  expect(text).toContain(formatDate(day));
  await marco.context().close();
  await chiara.context().close();
});

test('an offer of both forms: she picks the employee form in the apply dialog; the owner reads the summary for the labour consultant', async ({
  page,
  browser,
  request,
  signIn,
  createAccount,
}) => {
  const owner = await signIn('titolare');
  const title = `Turno da dipendente ${owner.surname.split(' ')[1]}`;
  const offerId = await createOfferThroughApi(request, await apiToken(request, owner.email), {
    title,
    description: 'Banco e ricette.',
    salary: '',
    date_from: daysFromNow(9),
    date_to: daysFromNow(9),
    hourly_pay: 19,
    start_time: '08:30',
    end_time: '12:30',
    legal_forms: ['dipendente', 'libera_professione'],
  });
  const pharmacist = await createAccount('farmacista');
  const token = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, token, await makePdf('Curriculum'));

  // On the offer's page she is asked which form; freelance would need her file, so she applies as an employee.
  const chiara = await phonePage(browser);
  await startSession(chiara, pharmacist.email);
  await chiara.goto(`/offerte/${offerId}`);
  await expect(chiara.getByText('Dipendente (CCNL)', { exact: true })).toBeVisible();
  await expect(chiara.getByText('Libera professione', { exact: true })).toBeVisible();
  await chiara.getByRole('button', { name: 'Candidati', exact: true }).click();
  const apply = chiara.getByRole('dialog', { name: 'Candidati' });
  const employee = apply.getByRole('radio', { name: 'Lavoro dipendente a tempo determinato' });
  await expect(employee).toBeChecked();
  await apply.getByRole('radio', { name: 'Libera professione (partita IVA)' }).check();
  await expect(apply.getByText('Per candidarti in libera professione manca ancora:')).toBeVisible();
  await expect(apply.getByRole('button', { name: 'Invia candidatura' })).toBeDisabled();
  await checkBothSizes(chiara, 'candidatura-due-forme');
  await employee.check();
  await apply.getByRole('button', { name: 'Invia candidatura' }).click();
  await expect(chiara.locator('p[role="status"]', { hasText: 'CV inviato con successo!' })).toBeVisible();
  await chiara.context().close();

  const fullName = `${pharmacist.name} ${pharmacist.surname}`;
  await page.goto('/candidature');
  const card = page.getByRole('article', { name: fullName, exact: true });
  await expect(card.getByText('Dipendente (CCNL)', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Accetta', exact: true }).click();
  const accept = page.getByRole('dialog', { name: `Accettare ${fullName}?` });
  await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(toasts(page, 'Candidatura accettata.')).toBeVisible();

  await card.getByRole('link', { name: 'Riepilogo per il consulente del lavoro' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Riepilogo per il consulente del lavoro' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Farmaponte non invia la comunicazione obbligatoria');
  const data = page.getByRole('region', { name: 'Dati per la comunicazione di assunzione' });
  await expect(data).toContainText(title);
  await expect(data).toContainText(fullName);
  await expect(data).toContainText('Primo livello – Farmacista collaboratore');
  await checkBothSizes(page, 'riepilogo-dipendente');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Scarica il riepilogo (PDF)' }).click(),
  ]);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdfText(bytes)).toContain(fullName);
});

test('an invitation to an offer of both forms, accepted as libera professione: her file is ready and the shift links its contract', async ({
  browser,
  request,
  createAccount,
}) => {
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista');
  const ownerToken = await apiToken(request, owner.email);
  const token = await apiToken(request, pharmacist.email);
  const bearer = (access: string) => ({ authorization: `Bearer ${access}` });
  await uploadCvThroughApi(request, token, await makePdf('Curriculum'));
  // Her professional file is ready for the freelance form (setup: /fascicolo is the first journey's).
  await readyProfessionalFileThroughApi(request, token, pharmacist);
  // She applied to an earlier offer of this owner, so the owner may invite her.
  const tag = owner.surname.split(' ')[1];
  const earlier = await createOfferThroughApi(request, ownerToken, {
    title: `Turno di prova ${tag}`,
    description: 'Banco.',
    salary: '',
    date_from: null,
    date_to: null,
    hourly_pay: 20,
  });
  await applyThroughApi(request, token, earlier);
  const title = `Sabato a scelta ${tag}`;
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Apertura del sabato.',
    salary: '',
    date_from: daysFromNow(11),
    date_to: daysFromNow(11),
    hourly_pay: 28,
    start_time: '09:00',
    end_time: '13:00',
    legal_forms: ['dipendente', 'libera_professione'],
  });
  const details = await request.get('/api/user/details/', { headers: bearer(token) });
  const { id: pharmacistId } = (await details.json()) as { id: number };
  const invited = await request.post(`/api/offers/${offerId}/invitations/`, {
    headers: bearer(ownerToken),
    data: { pharmacist_id: pharmacistId, message: '' },
  });
  expect(invited.status(), await invited.text()).toBe(201);

  // She accepts on her phone, choosing the freelance form: the dialog says her file is complete.
  const chiara = await phonePage(browser);
  await startSession(chiara, pharmacist.email);
  await chiara.goto('/mie_candidature');
  const invitation = chiara.getByTestId('invitation-card').filter({ hasText: title });
  await expect(invitation.getByText('Dipendente (CCNL)', { exact: true })).toBeVisible();
  await expect(invitation.getByText('Libera professione', { exact: true })).toBeVisible();
  await invitation.getByRole('button', { name: 'Accetta', exact: true }).click();
  const question = chiara.getByRole('dialog', { name: 'Accettare il turno?' });
  await expect(question.getByRole('radio', { name: 'Lavoro dipendente a tempo determinato' })).toBeChecked();
  await question.getByRole('radio', { name: 'Libera professione (partita IVA)' }).check();
  await expect(question.getByText('Il tuo fascicolo professionale è completo.')).toBeVisible();
  await checkBothSizes(chiara, 'invito-due-forme');
  await question.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(question).toBeHidden();
  await expect(invitation.getByText("Stato dell'invito: Accettato")).toBeVisible();

  // Her accepted shift is a freelance one, with its contract to confirm.
  // (the accepted application's card: the invitation's own card bears the same title)
  const shift = chiara.getByRole('article', { name: title, exact: true }).filter({ hasText: 'Stato: Accettata' });
  await expect(shift.getByText('Libera professione', { exact: true })).toBeVisible();
  await expect(shift.getByTestId('contratto-turno')).toContainText('Da confermare');
  await shift.getByRole('link', { name: 'Apri il contratto' }).click();
  await expect(chiara).toHaveURL(/\/contratti\/\d+$/);
  await expect(contractStatus(chiara)).toHaveText('Da confermare');
  await chiara.context().close();
});
