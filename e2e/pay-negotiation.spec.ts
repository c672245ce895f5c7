/**
 * Pay as agreed, end to end on a phone (decision 094): an owner publishes a shift of today in libera professione, with
 * a travel refund by the kilometre and room to negotiate; a freelance pharmacist opens it and reads her pay hour by
 * hour and her trip in the apply dialog, proposes a higher fee with travel and a reason (a fee above the bound is said
 * before anything is sent); the owner cannot accept the application while the proposal waits, counters, she accepts
 * the counter, the owner accepts the application. The contract page, the worked shift (a shift of today is worked: no
 * clock needed) and her data export carry the settled fee and travel. axe at both sizes where the new screens are.
 */
import { readFile } from 'node:fs/promises';
import { todayInItaly } from '@farmaponte/shared/dates';
import { PAY_MESSAGES } from '@farmaponte/shared/messages-pay';
import type { Browser, Page } from '@playwright/test';
import { unzipSync } from 'fflate';
import { startSession } from './support/accounts';
import { apiToken, createOfferThroughApi, readyProfessionalFileThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { expectFieldError, toasts } from './support/feedback';
import { makePdf } from './support/files';
import { checkBothSizes, PHONE } from './support/screens';
import { expect, test } from './support/test';

async function phonePage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

test('a freelance pharmacist proposes a higher fee with travel, the owner counters, she accepts; the contract, the worked shift and her export carry the settled terms', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(300_000);
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista');
  const fullName = `${pharmacist.name} ${pharmacist.surname}`;
  const title = `Mattina trattabile ${owner.surname.split(' ')[1]}`;
  const ownerToken = await apiToken(request, owner.email);
  const token = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, token, await makePdf('Curriculum'));
  await readyProfessionalFileThroughApi(request, token, pharmacist);
  const today = todayInItaly();
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Banco e consiglio, una mattina.',
    salary: '',
    date_from: today,
    date_to: today,
    hourly_pay: 30,
    start_time: '09:00',
    end_time: '13:00',
    legal_forms: ['libera_professione'],
    pay_terms: {
      travel_mode: 'km',
      travel_per_km: 0.3,
      travel_cap: 60,
      negotiation_max_hourly: 40,
      negotiation_max_travel: 100,
    },
  });
  // Her trip as the server works it out (from Milano, her profile's comune, to the pharmacy in Roma): the dialog says it.
  const quote = await request.get(`/api/offers/${offerId}/pay/?legal_form=libera_professione`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const { travel } = (await quote.json()) as { travel: { km: number; amount: number } };
  expect(travel.km).toBeGreaterThan(0);
  expect(travel.amount).toBe(60);

  // She opens the offer on her phone: the apply dialog shows her pay hour by hour and her trip.
  const chiara = await phonePage(browser);
  await startSession(chiara, pharmacist.email);
  await chiara.goto(`/offerte/${offerId}`);
  await chiara.getByRole('button', { name: 'Candidati', exact: true }).click();
  const apply = chiara.getByRole('dialog', { name: 'Candidati' });
  const pay = apply.getByTestId('compenso-offerta');
  await expect(pay).toContainText('Paga oraria: 30,00 €/ora');
  await expect(pay.getByRole('list', { name: 'Ore e compenso, giorno per giorno' }).getByRole('listitem')).toHaveCount(1);
  await expect(pay).toContainText('09:00–13:00 (4 h)');
  await expect(pay).toContainText('120,00 € per 4 h');
  await expect(pay.getByTestId('pay-travel')).toContainText(`circa ${travel.km} km andata e ritorno, 60,00 €`);
  await expect(pay).toContainText('180,00 €');

  // 'Proponi un altro compenso': the bounds in the hints; above the bound is said before anything is sent.
  await apply.getByRole('button', { name: 'Proponi un altro compenso' }).click();
  const hourly = apply.getByRole('textbox', { name: 'Compenso orario proposto (€/ora)' });
  await expect(hourly).toBeFocused();
  await expect(hourly).toHaveAccessibleDescription('Offerto 30,00 €/ora; la farmacia accetta proposte fino a 40,00 €/ora.');
  await hourly.fill('45');
  await apply.getByRole('textbox', { name: 'Rimborso del viaggio proposto (€)' }).fill('90');
  await apply.getByRole('textbox', { name: 'Motivo (facoltativo)' }).fill('Vengo da Milano in giornata.');
  await apply.getByRole('button', { name: 'Invia candidatura' }).click();
  await expectFieldError(hourly, PAY_MESSAGES.proposalAboveBound(40));
  await expect(hourly).toBeFocused();
  await checkBothSizes(chiara, 'candidatura-proposta', 'phone');
  await hourly.fill('38');
  await apply.getByRole('button', { name: 'Invia candidatura' }).click();
  await expect(toasts(chiara, 'CV inviato con successo!')).toBeVisible();
  await expect(apply).toBeHidden();

  // The owner, on a phone: the proposal waits, so the application's 'Accetta' is refused with the reason.
  const marco = await phonePage(browser);
  await startSession(marco, owner.email);
  await marco.goto('/candidature');
  const card = marco.getByRole('article', { name: fullName, exact: true });
  const negotiation = card.getByTestId('trattativa');
  await expect(negotiation).toContainText('Proposta del farmacista');
  await expect(negotiation).toContainText('38,00 €/ora · viaggio 90,00 €');
  await expect(negotiation).toContainText('«Vengo da Milano in giornata.»');
  await expect(negotiation).toContainText('Stato: In attesa di risposta');
  const acceptApplication = card.getByRole('button', { name: 'Accetta', exact: true });
  await expect(acceptApplication).toHaveAccessibleDescription(/prima di accettare la candidatura/);
  await checkBothSizes(marco, 'candidatura-con-proposta', 'phone');
  await acceptApplication.click();
  const accept = marco.getByRole('dialog', { name: `Accettare ${fullName}?` });
  await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(accept.getByText(PAY_MESSAGES.proposalPending)).toBeVisible();
  await accept.getByRole('button', { name: 'Annulla', exact: true }).click();
  await expect(acceptApplication).toBeFocused();

  // The owner counters: 34 €/ora and 70 € of travel.
  await negotiation.getByRole('button', { name: 'Controproposta', exact: true }).click();
  const counter = marco.getByRole('dialog', { name: `Controproposta a ${fullName}` });
  const counterHourly = counter.getByRole('textbox', { name: 'Compenso orario (€/ora)' });
  await expect(counterHourly).toHaveAccessibleDescription(
    'Tra il compenso offerto (30,00 €/ora) e quello proposto (38,00 €/ora).',
  );
  await counterHourly.fill('39');
  await counter.getByRole('button', { name: 'Invia controproposta' }).click();
  await expectFieldError(counterHourly, PAY_MESSAGES.counterOutOfBounds(30, 38));
  await counterHourly.fill('34');
  await counter.getByRole('textbox', { name: 'Rimborso del viaggio (€)' }).fill('70');
  await counter.getByRole('textbox', { name: 'Motivo (facoltativo)' }).fill('Il viaggio lo copriamo in parte.');
  await checkBothSizes(marco, 'controproposta', 'phone');
  await counter.getByRole('button', { name: 'Invia controproposta' }).click();
  await expect(toasts(marco, PAY_MESSAGES.counterSent)).toBeVisible();
  await expect(counter).toBeHidden();
  await expect(negotiation.getByRole('heading', { name: 'Trattativa sul compenso' })).toBeFocused();
  await expect(negotiation).toContainText('Controproposta della farmacia');
  await expect(negotiation).toContainText('34,00 €/ora · viaggio 70,00 €');
  await expect(negotiation).toContainText('Controproposta inviata: si attende la risposta del farmacista.');

  // She accepts the counter on /mie_candidature.
  await chiara.goto('/mie_candidature');
  const mine = chiara.getByRole('article', { name: title, exact: true });
  await expect(mine.getByTestId('trattativa')).toContainText('La farmacia ha fatto una controproposta');
  await expect(mine.getByTestId('trattativa')).toContainText('«Il viaggio lo copriamo in parte.»');
  await checkBothSizes(chiara, 'controproposta-ricevuta', 'phone');
  await mine.getByRole('button', { name: 'Accetta la controproposta' }).click();
  const yes = chiara.getByRole('dialog', { name: 'Accettare la controproposta?' });
  await yes.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(toasts(chiara, PAY_MESSAGES.counterAccepted)).toBeVisible();
  await expect(mine.getByTestId('condizioni-concordate')).toHaveText('Condizioni concordate: 34,00 €/ora · viaggio 70,00 €');

  // Now the owner accepts the application.
  await marco.reload();
  await expect(negotiation.getByTestId('condizioni-concordate')).toHaveText(
    'Condizioni concordate: 34,00 €/ora · viaggio 70,00 €',
  );
  await acceptApplication.click();
  await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(toasts(marco, 'Candidatura accettata.')).toBeVisible();

  // The contract: the settled fee hour by hour and the settled travel.
  await card.getByRole('link', { name: 'Apri il contratto' }).click();
  await expect(marco).toHaveURL(/\/contratti\/\d+$/);
  const terms = marco.getByTestId('compenso-contratto');
  await expect(terms).toContainText('Condizioni concordate');
  await expect(terms).toContainText('Paga oraria: 34,00 €/ora');
  await expect(terms).toContainText('09:00–13:00 (4 h)');
  await expect(terms).toContainText('136,00 € per 4 h');
  await expect(terms.getByTestId('pay-travel')).toContainText('70,00 €');
  await expect(terms).toContainText('206,00 €');
  await checkBothSizes(marco, 'contratto-concordato', 'phone');

  // The worked shift (a shift of today): the hours worked at the settled fee, and the travel.
  await chiara.goto('/miei_turni');
  const shift = chiara.getByRole('article', { name: title });
  const worked = shift.getByTestId('compenso-turno');
  await expect(worked).toContainText('Condizioni concordate');
  await expect(worked).toContainText('136,00 € per 4 h');
  await expect(worked.getByTestId('pay-travel')).toContainText('70,00 €');
  await checkBothSizes(chiara, 'turno-concordato', 'phone');

  // Her data export: the application's settled terms and its two steps, and the worked shift's pay.
  await chiara.goto('/profile');
  const section = chiara.getByRole('region', { name: 'Scarica i miei dati' });
  const [download] = await Promise.all([
    chiara.waitForEvent('download'),
    section.getByRole('button', { name: 'Scarica i miei dati' }).click(),
  ]);
  const files = unzipSync(new Uint8Array(await readFile(await download.path())));
  const data = JSON.parse(new TextDecoder().decode(files['dati.json']));
  const application = data.applications.find((entry: { offer_title?: string; title?: string }) =>
    JSON.stringify(entry).includes(title),
  );
  expect(application.agreed).toEqual({ hourly_pay: 34, travel_amount: 70 });
  expect(
    application.proposals.map((p: { author: string; hourly_pay: number; travel_amount: number; status: string }) => [
      p.author,
      p.hourly_pay,
      p.travel_amount,
      p.status,
    ]),
  ).toEqual([
    ['farmacista', 38, 90, 'controproposta'],
    ['titolare', 34, 70, 'accettata'],
  ]);
  const workedShift = data.worked_shifts.find((entry: { offer_title: string }) => entry.offer_title === title);
  expect(workedShift.pay).toMatchObject({ agreed: true, hourly: 34, total: 136, travel: { amount: 70 }, grand_total: 206 });
  await marco.context().close();
  await chiara.context().close();
});

test('sent without a proposal, her waiting application to a negotiable offer takes one later from /mie_candidature', async ({
  browser,
  request,
  createAccount,
}) => {
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista');
  const title = `Sabato trattabile ${owner.surname.split(' ')[1]}`;
  const ownerToken = await apiToken(request, owner.email);
  const token = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, token, await makePdf('Curriculum'));
  const day = todayInItaly();
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Banco e consiglio, una mattina.',
    salary: '',
    date_from: day,
    date_to: day,
    hourly_pay: 20,
    start_time: '09:00',
    end_time: '13:00',
    pay_terms: { negotiation_max_hourly: 24 },
  });
  const applied = await request.post('/api/candidature/', {
    headers: { authorization: `Bearer ${token}` },
    data: { offer_id: offerId },
  });
  expect(applied.status(), await applied.text()).toBe(201);

  const chiara = await phonePage(browser);
  await startSession(chiara, pharmacist.email);
  await chiara.goto('/mie_candidature');
  const card = chiara.getByRole('article', { name: title });
  await card.getByRole('button', { name: `Proponi un altro compenso per «${title}»` }).click();
  const dialog = chiara.getByRole('dialog', { name: 'Proponi un altro compenso' });
  const hourly = dialog.getByLabel('Compenso orario proposto (€/ora)');
  await expect(hourly).toHaveAccessibleDescription('Offerto 20,00 €/ora; la farmacia accetta proposte fino a 24,00 €/ora.');
  // The offer does not negotiate the travel: no field for it.
  await expect(dialog.getByLabel('Rimborso del viaggio proposto (€)')).toHaveCount(0);
  await expectNoViolations(chiara, 'Proponi un altro compenso a 390 px');
  await hourly.fill('25');
  await dialog.getByRole('button', { name: 'Invia la proposta' }).click();
  await expectFieldError(hourly, PAY_MESSAGES.proposalAboveBound(24));
  await hourly.fill('23,50');
  await dialog.getByLabel('Motivo (facoltativo)').fill('Turno di sabato.');
  await dialog.getByRole('button', { name: 'Invia la proposta' }).click();
  await expect(toasts(chiara, PAY_MESSAGES.proposalSent)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('trattativa')).toContainText('23,50 €/ora');
  await expect(card.getByRole('button', { name: /Proponi un altro compenso/ })).toHaveCount(0);
  // The negotiation both sides read: her proposal, waiting for the pharmacy.
  const { id: applicationId } = (await applied.json()) as { id: number };
  const negotiation = await request.get(`/api/applications/${applicationId}/negotiation/`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(negotiation.status(), await negotiation.text()).toBe(200);
  expect(((await negotiation.json()) as { proposals: unknown[] }).proposals).toMatchObject([
    { round: 1, author: 'farmacista', status: 'in_attesa', hourly_pay: 23.5, reason: 'Turno di sabato.' },
  ]);
});
