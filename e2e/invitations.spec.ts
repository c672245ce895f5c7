/**
 * Invitations (decision 071), played by a verified owner on a desktop and a pharmacist on a phone: the owner keeps a
 * pharmacist who applied before among 'I miei farmacisti', invites her to a new offer (the invite dialog warns that its
 * pay is below the national contract), she accepts on a 390 px page and the owner's offer shows her accepted. Then
 * an owner's card that cannot be accepted: the pharmacist is already booked on those days elsewhere.
 */
import { randomUUID } from 'node:crypto';
import type { TReceivedApplication } from '@farmaponte/shared';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { Browser, Page } from '@playwright/test';
import { logIn, type TTestAccount } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const fullName = (account: TTestAccount) => `${account.name} ${account.surname}`;

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/** Nothing wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('un titolare invita una farmacista dei suoi; lei accetta dal telefono e l’offerta la mostra accettata', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const owner = await createAccount('titolare', { denominazione_farmacia: `Farmacia del Borgo ${tag}` });
  const sara = await createAccount('farmacista', { name: 'Sara' });
  const ownerToken = await apiToken(request, owner.email);
  const saraToken = await apiToken(request, sara.email);
  await uploadCvThroughApi(request, saraToken, await makePdf('Curriculum vitae'));
  // She applied to an earlier offer of this owner: she may be kept among 'I miei farmacisti'.
  const earlier = await createOfferThroughApi(request, ownerToken, {
    title: `Turno di prova ${tag}`,
    description: 'Banco e dispensazione.',
    salary: '',
    date_from: null,
    date_to: null,
    hourly_pay: 18,
  });
  await applyThroughApi(request, saraToken, earlier);
  const title = `Sabato in farmacia ${tag}`;
  const day = daysFromNow(10);
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Apertura del sabato.',
    salary: '',
    date_from: day,
    date_to: day,
    hourly_pay: 9.5,
  });

  // The owner keeps her, then invites her from 'I miei farmacisti'.
  const desk = await newPage(browser, DESKTOP);
  await logIn(desk, owner.email);
  await desk.goto('/candidature');
  const applicationCard = desk.getByRole('article', { name: fullName(sara), exact: true });
  await applicationCard.getByRole('button', { name: 'Aggiungi ai miei farmacisti' }).click();
  await expect(applicationCard.getByRole('button', { name: 'Togli dai miei farmacisti' })).toBeVisible();
  await desk.goto('/mie_offerte');
  await desk.getByRole('link', { name: 'I miei farmacisti' }).click();
  await expect(desk.getByRole('heading', { level: 1, name: 'I miei farmacisti' })).toBeVisible();
  const favourite = desk.getByRole('article', { name: fullName(sara), exact: true });
  await expect(favourite).toContainText(`Turno di prova ${tag}`);
  await favourite.getByRole('button', { name: `Invita ${fullName(sara)}` }).click();
  const dialog = desk.getByRole('dialog', { name: `Invita ${fullName(sara)}` });
  await dialog.getByLabel('Offerta').selectOption(String(offerId));
  // 9,50 €/ora: below the national contract, said before sending, and sending is still allowed.
  await expect(dialog.getByRole('status').filter({ hasText: '9,50 €/ora' })).toContainText('11,39 €/ora');
  await dialog.getByLabel('Messaggio (facoltativo)').fill('Ci farebbe piacere averti con noi sabato.');
  await expectNoViolations(desk, 'the invite dialog at 1280 px');
  await dialog.getByRole('button', { name: 'Invia invito' }).click();
  await expect(desk.getByText('Invito inviato', { exact: false })).toBeVisible();
  await expect(dialog).toBeHidden();

  // She answers on her phone.
  const phone = await newPage(browser, PHONE);
  await logIn(phone, sara.email);
  await phone.goto('/mie_candidature');
  const invitation = phone.getByTestId('invitation-card').filter({ hasText: title });
  await expect(invitation.getByText("Stato dell'invito: Da rispondere")).toBeVisible();
  await expect(invitation.getByText('Ci farebbe piacere averti con noi sabato.')).toBeVisible();
  await expect(invitation).toContainText(`Farmacia del Borgo ${tag}`);
  await expectNoViolations(phone, 'the invitations at 390 px');
  await expectNoSidewaysScroll(phone);
  await invitation.getByRole('button', { name: 'Accetta' }).click();
  const question = phone.getByRole('dialog', { name: 'Accettare il turno?' });
  await expectNoViolations(phone, 'the acceptance question at 390 px');
  await question.getByRole('button', { name: 'Accetta' }).click();
  await expect(invitation.getByText("Stato dell'invito: Accettato")).toBeVisible();
  await expect(phone.getByRole('article', { name: title, exact: true }).getByText('Stato: Accettata')).toBeVisible();
  await expect(invitation.getByRole('button', { name: 'Accetta' })).toHaveCount(0);

  // The owner's offer: her invitation accepted, the place taken, her application accepted.
  await desk.goto('/mie_offerte');
  const offerCard = desk.getByRole('article', { name: title, exact: true });
  await expect(offerCard.getByText('1 di 1 posto coperto')).toBeVisible();
  await offerCard.getByText('Inviti inviati').click();
  const invited = offerCard.getByTestId('offer-invitations');
  await expect(invited).toContainText(fullName(sara));
  await expect(invited).toContainText('Accettato');
  await invited.getByRole('link', { name: 'Vedi la candidatura' }).click();
  await expect(desk).toHaveURL(`/candidature?offer_id=${offerId}`);
  await expect(desk.getByRole('article', { name: fullName(sara), exact: true }).getByText('Stato: Accettata')).toBeVisible();
});

test('confermata per un turno, la farmacista non resta in attesa per le stesse ore altrove: il titolare vede perché', async ({
  browser,
  request,
  createAccount,
}) => {
  const tag = randomUUID().slice(0, 6);
  const [first, second] = await Promise.all([
    createAccount('titolare', { denominazione_farmacia: `Farmacia Centrale ${tag}` }),
    createAccount('titolare', { denominazione_farmacia: `Farmacia del Lago ${tag}` }),
  ]);
  const sara = await createAccount('farmacista', { name: 'Sara' });
  const [firstToken, secondToken, saraToken] = (await Promise.all(
    [first, second, sara].map((account) => apiToken(request, account.email)),
  )) as [string, string, string];
  await uploadCvThroughApi(request, saraToken, await makePdf('Curriculum vitae'));
  const day = daysFromNow(12);
  const shift = { description: 'Turno del mattino.', salary: '', date_from: day, date_to: day, hourly_pay: 18 };
  const booked = await createOfferThroughApi(request, firstToken, { ...shift, title: `Mattina ${tag}` });
  const other = await createOfferThroughApi(request, secondToken, { ...shift, title: `Sabato al lago ${tag}` });
  await applyThroughApi(request, saraToken, booked);
  await applyThroughApi(request, saraToken, other);
  // The first owner accepts her: her application for the same day at the lake is withdrawn with it.
  const headers = { authorization: `Bearer ${firstToken}` };
  const received = await request.get(`/api/titolare/candidatures/?offer_id=${booked}`, { headers });
  const [application] = (await received.json()) as TReceivedApplication[];
  const decided = await request.post(`/api/titolare/candidatures/${application?.id}/decision/`, {
    headers,
    data: { decision: 'accepted' },
  });
  expect(decided.status(), await decided.text()).toBe(200);

  const phone = await newPage(browser, PHONE);
  await logIn(phone, second.email);
  await phone.goto('/candidature');
  const card = phone.getByRole('article', { name: fullName(sara), exact: true });
  await expect(card.getByText('Stato: Ritirata')).toBeVisible();
  await expect(card).toContainText(
    'Perché è stata ritirataRitirata in automatico: il farmacista è stato confermato per un altro turno negli stessi orari.',
  );
  // Where she goes is not the other owner's business.
  await expect(card).not.toContainText('Farmacia Centrale');
  await expect(card.getByRole('button', { name: 'Accetta', exact: true })).toHaveCount(0);
  await expectNoViolations(phone, 'an application withdrawn for a booking at 390 px');
  await expectNoSidewaysScroll(phone);

  // Applying again for those hours is refused, with the shift named.
  const again = await request.post('/api/candidature/', {
    headers: { authorization: `Bearer ${saraToken}` },
    data: { offer_id: other },
  });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toContain(`«Mattina ${tag}» presso Farmacia Centrale ${tag}`);
});
