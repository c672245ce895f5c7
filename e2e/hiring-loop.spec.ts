/**
 * The hiring loop (decisions 023 and 025), played by an owner and pharmacists in two browsers at once: the owner publishes an
 * offer for two pharmacists, three apply, the owner opens one CV and accepts two; the offer is filled and leaves the
 * search, the third application is answered, and each side reads its notifications in the app and its e-mails from
 * the real SMTP server. The owner's browser is a desktop, the pharmacists' a phone.
 */
import { randomUUID } from 'node:crypto';
import type { TMyOffer } from '@farmaponte/shared';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { demoDates } from '../apps/api/src/demo/dates';
import { DEMO_ACCOUNTS, logIn, type TTestAccount } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { makePdf } from './support/files';
import { mailContaining } from './support/mail';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
/** What the server says to the applications still waiting when the last position is filled. */
const FILLED_ANSWER = "Grazie per l'interesse: tutti i posti di questa offerta sono stati coperti.";

const fullName = (account: TTestAccount) => `${account.name} ${account.surname}`;

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/** The header's bell, whose name says how many notifications are unread; it reads the count again on each page load. */
async function expectBell(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('link', { name, exact: true })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
}

async function switchUser(page: Page, email: string): Promise<void> {
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await logIn(page, email);
}

const applicationCard = (page: Page, name: string) => page.getByRole('article', { name, exact: true });
/** The status an application card states ('Stato: Accettata'; the word 'Stato' is for screen readers). */
async function expectStatus(card: Locator, status: string): Promise<void> {
  await expect(card.getByText(`Stato: ${status}`)).toBeVisible();
}

async function ownerOffer(request: APIRequestContext, token: string, title: string): Promise<TMyOffer> {
  const response = await request.get('/api/offers/mine/', { headers: { authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const offer = ((await response.json()) as TMyOffer[]).find((candidate) => candidate.title === title);
  expect(offer, 'the offer just published').toBeTruthy();
  return offer as TMyOffer;
}

test('un titolare cerca due farmacisti: tre si candidano, ne accetta due, l’offerta si chiude e tutti lo sanno', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const owner = await createAccount('titolare', {
    comune_farmacia: 'Chiavenna',
    indirizzo_farmacia: 'Via Dolzino 12, Chiavenna',
    denominazione_farmacia: `Farmacia Dolzino ${tag}`,
  });
  const cv = await makePdf('Curriculum vitae');
  const pharmacists = await Promise.all(
    ['Anna', 'Bruno', 'Carla'].map(async (name) => {
      const account = await createAccount('farmacista', { name });
      const token = await apiToken(request, account.email);
      await uploadCvThroughApi(request, token, cv);
      return { account, token };
    }),
  );
  const [first, second, third] = pharmacists.map((p) => p.account) as [TTestAccount, TTestAccount, TTestAccount];
  const title = `Estate in farmacia ${tag}`;
  const dateFrom = daysFromNow(15);
  const dateTo = daysFromNow(29);

  const ownerPage = await newPage(browser, DESKTOP);
  const pharmacistPage = await newPage(browser, PHONE);

  // The owner publishes an offer for two pharmacists from the dashboard.
  await logIn(ownerPage, owner.email);
  await ownerPage.getByRole('button', { name: 'Crea Offerta', exact: true }).click();
  const dialog = ownerPage.getByRole('dialog', { name: 'Crea una Nuova Offerta' });
  await dialog.getByRole('textbox', { name: 'Titolo Offerta', exact: true }).fill(title);
  await dialog.getByRole('textbox', { name: 'Descrizione', exact: true }).fill('Due farmacisti per luglio, banco e magazzino.');
  await dialog.getByRole('radio', { name: 'Più giorni', exact: true }).check();
  await dialog.getByLabel('Data da', { exact: true }).fill(dateFrom);
  await dialog.getByLabel('Data a', { exact: true }).fill(dateTo);
  await dialog.getByRole('spinbutton', { name: 'Posti disponibili', exact: true }).fill('2');
  await dialog.getByRole('spinbutton', { name: 'Paga oraria (€/ora)', exact: true }).fill('21');
  await dialog.getByRole('button', { name: 'Crea', exact: true }).click();
  await expect(ownerPage.getByText('Offerta creata con successo!')).toBeVisible();
  const offer = await ownerOffer(request, await apiToken(request, owner.email), title);
  expect(offer.positions).toBe(2);

  // The first pharmacist applies from the search, on a phone; the row then says so instead of offering 'Manda CV'.
  await logIn(pharmacistPage, first.email);
  await pharmacistPage.goto('/cerca_offerte');
  await pharmacistPage.getByRole('searchbox', { name: 'Cerca per comune' }).fill('Chiavenna');
  const row = pharmacistPage
    .getByRole('heading', { level: 2, name: new RegExp(owner.denominazione_farmacia) })
    .getByRole('button');
  await row.click();
  const details = pharmacistPage.getByRole('region', { name: new RegExp(owner.denominazione_farmacia) });
  await details.getByRole('button', { name: 'Manda CV', exact: true }).click();
  await expect(pharmacistPage.getByText('CV inviato con successo!')).toBeVisible();
  await expect(row).toContainText('Candidatura: Inviata');
  await expect(details.getByRole('button', { name: 'Manda CV', exact: true })).toHaveCount(0);
  // The two others apply too (setup through the API).
  await applyThroughApi(request, pharmacists[1]?.token ?? '', offer.id);
  await applyThroughApi(request, pharmacists[2]?.token ?? '', offer.id);

  // The owner's bell counts three new applications; each also came by e-mail.
  await expectBell(ownerPage, 'Notifiche, 3 da leggere');
  for (const pharmacist of [first, second, third]) {
    const mail = await mailContaining(owner.email, `${fullName(pharmacist)} si è candidato/a alla tua offerta «${title}»`);
    expect(mail).toContain('/candidature');
  }
  await ownerPage.getByRole('link', { name: 'Notifiche, 3 da leggere' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Notifiche' })).toBeVisible();
  await expect(ownerPage.getByText('3 notifiche da leggere')).toBeVisible();
  const received = ownerPage.getByRole('article').filter({ hasText: `alla tua offerta «${title}»` });
  await expect(received).toHaveCount(3);
  // Newest first.
  await expect(received.first()).toContainText(fullName(third));
  await ownerPage.getByRole('button', { name: 'Segna tutte come lette', exact: true }).click();
  await expect(ownerPage.getByText('Hai letto tutto.')).toBeVisible();
  await expect(ownerPage.getByRole('link', { name: 'Notifiche, nessuna da leggere' })).toBeVisible();

  // From 'Le Mie Offerte' to this offer's applications: three waiting, none seen yet.
  await ownerPage.goto('/mie_offerte');
  // The counts per status arrive in one request, not one list page per status.
  const listRequests: string[] = [];
  ownerPage.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith('/api/titolare/candidatures/')) listRequests.push(pathname + search);
  });
  const card = ownerPage.getByRole('article', { name: title, exact: true });
  await expect(card.getByText('Aperta', { exact: true })).toBeVisible();
  await expect(card.getByText('0 di 2 posti coperti', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: '3 candidature' }).click();
  await expect(ownerPage).toHaveURL(`/candidature?offer_id=${offer.id}`);
  await expect(ownerPage.getByRole('combobox', { name: 'Offerta' })).toHaveValue(String(offer.id));
  const byStatus = ownerPage.getByRole('navigation', { name: 'Candidature per stato' });
  await expect(byStatus.getByRole('link', { name: 'Inviata: 3 candidature' })).toBeVisible();
  await expect(byStatus.getByRole('link', { name: 'Tutti gli stati: 3 candidature' })).toHaveAttribute('aria-current', 'page');
  expect(listRequests.filter((path) => path.includes('/counts/'))).toEqual([
    `/api/titolare/candidatures/counts/?offer_id=${offer.id}`,
  ]);
  expect(listRequests.filter((path) => path.includes('page_size=1&'))).toEqual([]);

  // The owner opens the first applicant's CV: that application is now seen, on both sides.
  const firstCard = applicationCard(ownerPage, fullName(first));
  const cvLink = firstCard.getByRole('link', { name: /^Visualizza PDF/ });
  const cvResponse = await ownerPage.request.get((await cvLink.getAttribute('href')) ?? '');
  expect(cvResponse.status()).toBe(200);
  await ownerPage.reload();
  await expectStatus(firstCard, 'Vista dal titolare');
  await expectStatus(applicationCard(ownerPage, fullName(second)), 'Inviata');
  await expect(byStatus.getByRole('link', { name: 'Vista dal titolare: 1 candidatura' })).toBeVisible();
  await pharmacistPage.goto('/mie_candidature');
  const sent = pharmacistPage.getByRole('article', { name: title, exact: true });
  await expectStatus(sent, 'Vista dal titolare');
  await expect(sent.getByText('Il titolare ha aperto il tuo CV: riceverai una risposta.')).toBeVisible();

  // The owner accepts the first with a message and the second without one.
  const welcome = 'Benvenuta! Ti aspettiamo il primo giorno alle 8:30, chiedi di Marco.';
  await firstCard.getByRole('button', { name: 'Accetta', exact: true }).click();
  const accept = ownerPage.getByRole('dialog', { name: `Accettare ${fullName(first)}?` });
  await expect(accept.getByText(`Offerta: ${title}`)).toBeVisible();
  await accept.getByRole('textbox', { name: 'Messaggio per il farmacista' }).fill(welcome);
  await accept.getByRole('button', { name: 'Accetta', exact: true }).click();
  await expect(ownerPage.getByText('Candidatura accettata.')).toBeVisible();
  await expect(accept).toBeHidden();
  await expectStatus(firstCard, 'Accettata');
  await expect(firstCard.getByRole('button', { name: 'Annulla accettazione', exact: true })).toBeVisible();

  const secondCard = applicationCard(ownerPage, fullName(second));
  await secondCard.getByRole('button', { name: 'Accetta', exact: true }).click();
  await ownerPage
    .getByRole('dialog', { name: `Accettare ${fullName(second)}?` })
    .getByRole('button', { name: 'Accetta', exact: true })
    .click();
  await expectStatus(secondCard, 'Accettata');

  // Both positions are filled: the third application, still waiting, was answered by the platform.
  await expect(byStatus.getByRole('link', { name: 'Accettata: 2 candidature' })).toBeVisible();
  await expect(byStatus.getByRole('link', { name: 'Inviata: 0 candidature' })).toBeVisible();
  await byStatus.getByRole('link', { name: 'Non selezionata: 1 candidatura' }).click();
  await expect(ownerPage).toHaveURL(`/candidature?offer_id=${offer.id}&status=rejected`);
  await expect(ownerPage.getByRole('article')).toHaveCount(1);
  const thirdCard = applicationCard(ownerPage, fullName(third));
  await expectStatus(thirdCard, 'Non selezionata');
  await expect(thirdCard.getByText(FILLED_ANSWER)).toBeVisible();
  // No decision is left to take on it ('Segnala' stays: the owner may still report the person; 'Aggiungi ai miei
  // farmacisti' and the thread's 'Messaggi', to read it, are no decision on the application either).
  await expect(thirdCard.getByRole('button', { name: /^(?!Segnala|Aggiungi ai miei farmacisti|Messaggi con)/ })).toHaveCount(0);

  await ownerPage.goto('/mie_offerte');
  await expect(card.getByText('Posti coperti', { exact: true })).toBeVisible();
  await expect(card.getByText('2 di 2 posti coperti', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Riapri' })).toHaveCount(0);

  // The first pharmacist: a notification, the owner's message, and the offer is gone from the search.
  await expectBell(pharmacistPage, 'Notifiche, 1 da leggere');
  await pharmacistPage.getByRole('link', { name: 'Notifiche, 1 da leggere' }).click();
  const accepted = pharmacistPage.getByRole('article', { name: /Candidatura accettata$/ });
  await expect(accepted).toContainText(`${owner.denominazione_farmacia} ha accettato la tua candidatura per «${title}».`);
  await accepted.getByRole('link', { name: /^Apri/ }).click();
  await expect(pharmacistPage).toHaveURL(/\/mie_candidature/);
  await expect(pharmacistPage.getByRole('link', { name: 'Notifiche, nessuna da leggere' })).toBeVisible();
  await expectStatus(sent, 'Accettata');
  await expect(sent.getByText(welcome)).toBeVisible();
  await expect(sent.getByRole('listitem')).toContainText(['Candidatura inviata', 'Vista dal titolare', 'Accettata']);
  await expect(sent.getByRole('button', { name: 'Ritira candidatura' })).toBeVisible();
  const acceptanceMail = await mailContaining(first.email, `ha accettato la tua candidatura per «${title}»`);
  expect(acceptanceMail).toContain(welcome);
  expect(acceptanceMail).toContain('/mie_candidature');

  await pharmacistPage.goto('/cerca_offerte');
  await pharmacistPage.getByRole('searchbox', { name: 'Cerca per comune' }).fill('Chiavenna');
  await expect(pharmacistPage.getByRole('status').filter({ hasText: /offert/ })).toBeVisible();
  await expect(row).toHaveCount(0);

  // The second one gets the acceptance by e-mail too; the third, the platform's answer.
  await mailContaining(second.email, `ha accettato la tua candidatura per «${title}»`);
  const answerMail = await mailContaining(third.email, `non ha accettato la tua candidatura per «${title}»`);
  expect(answerMail).toContain(FILLED_ANSWER);

  await switchUser(pharmacistPage, third.email);
  await expect(pharmacistPage.getByRole('link', { name: 'Notifiche, 1 da leggere' })).toBeVisible();
  await pharmacistPage.goto('/mie_candidature');
  const answered = pharmacistPage.getByRole('article', { name: title, exact: true });
  await expectStatus(answered, 'Non selezionata');
  await expect(answered.getByText(FILLED_ANSWER).first()).toBeVisible();
  await expect(answered.getByRole('button', { name: 'Ritira candidatura' })).toHaveCount(0);
  await pharmacistPage.goto('/notifiche');
  await expect(pharmacistPage.getByRole('article', { name: /Candidatura non selezionata$/ })).toContainText(title);

  await ownerPage.context().close();
  await pharmacistPage.context().close();
});

test('una candidatura ritirata e rimandata; un’accettazione annullata solo con un messaggio; l’offerta chiusa e riaperta', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const owner = await createAccount('titolare', {
    comune_farmacia: 'Tirano',
    indirizzo_farmacia: 'Piazza Cavour 3, Tirano',
    denominazione_farmacia: `Farmacia Cavour ${tag}`,
  });
  const title = `Turno del sabato ${tag}`;
  const offerId = await createOfferThroughApi(request, await apiToken(request, owner.email), {
    title,
    description: 'Sabato 8:30-19:30.',
    salary: 'Più rimborso del parcheggio',
    hourly_pay: 20.5,
    date_from: daysFromNow(12),
    date_to: daysFromNow(12),
  });
  const cv = await makePdf('Curriculum vitae');
  const [changing, chosen] = await Promise.all(
    ['Elena', 'Franco'].map(async (name) => {
      const account = await createAccount('farmacista', { name });
      const token = await apiToken(request, account.email);
      await uploadCvThroughApi(request, token, cv);
      await applyThroughApi(request, token, offerId);
      return account;
    }),
  );
  if (!changing || !chosen) throw new Error('two pharmacists');
  const ownerPage = await newPage(browser, DESKTOP);
  const pharmacistPage = await newPage(browser, PHONE);

  // A pharmacist withdraws, after saying yes to the question.
  await logIn(pharmacistPage, changing.email);
  await pharmacistPage.goto('/mie_candidature');
  const sent = pharmacistPage.getByRole('article', { name: title, exact: true });
  // The hourly pay as the search rows write it, and the owner's note beside it.
  await expect(sent.getByRole('definition').first()).toHaveText('20,50 €/ora');
  await expect(sent.getByRole('definition').nth(1)).toHaveText('Più rimborso del parcheggio');
  await sent.getByRole('button', { name: 'Ritira candidatura', exact: true }).click();
  const question = pharmacistPage.getByRole('alertdialog', { name: 'Ritirare la candidatura?' });
  await expect(question).toContainText(`«${title}»`);
  await question.getByRole('button', { name: 'Ritira candidatura', exact: true }).click();
  await expect(pharmacistPage.getByText('Candidatura ritirata.')).toBeVisible();
  await expectStatus(sent, 'Ritirata');
  await expect(sent.getByRole('button', { name: 'Ritira candidatura' })).toHaveCount(0);

  // The owner is told, and has nothing left to decide on it.
  await logIn(ownerPage, owner.email);
  await ownerPage.goto('/notifiche');
  await expect(ownerPage.getByRole('article', { name: /Candidatura ritirata$/ })).toContainText(fullName(changing));
  await ownerPage.goto(`/candidature?offer_id=${offerId}&status=withdrawn`);
  const withdrawn = applicationCard(ownerPage, fullName(changing));
  await expectStatus(withdrawn, 'Ritirata');
  // No decision is left to take on it ('Segnala' stays: the owner may still report the person).
  await expect(withdrawn.getByRole('button', { name: /^(?!Segnala|Aggiungi ai miei farmacisti|Messaggi con)/ })).toHaveCount(0);

  // The pharmacist changes their mind: the search offers to send the CV again, and the application is back.
  await pharmacistPage.goto('/cerca_offerte');
  await pharmacistPage.getByRole('searchbox', { name: 'Cerca per comune' }).fill('Tirano');
  const row = pharmacistPage
    .getByRole('heading', { level: 2, name: new RegExp(owner.denominazione_farmacia) })
    .getByRole('button');
  await expect(row).toContainText('Candidatura: Ritirata');
  await row.click();
  await pharmacistPage.getByRole('button', { name: 'Manda di nuovo il CV', exact: true }).click();
  await expect(pharmacistPage.getByText('CV inviato con successo!')).toBeVisible();
  await expect(row).toContainText('Candidatura: Inviata');

  // The owner accepts the other one, then cancels: not without a message.
  await ownerPage.goto(`/candidature?offer_id=${offerId}`);
  const chosenCard = applicationCard(ownerPage, fullName(chosen));
  await chosenCard.getByRole('button', { name: 'Accetta', exact: true }).click();
  await ownerPage
    .getByRole('dialog', { name: `Accettare ${fullName(chosen)}?` })
    .getByRole('button', { name: 'Accetta', exact: true })
    .click();
  await expectStatus(chosenCard, 'Accettata');
  await chosenCard.getByRole('button', { name: 'Annulla accettazione', exact: true }).click();
  const cancel = ownerPage.getByRole('dialog', { name: `Annullare l'accettazione di ${fullName(chosen)}?` });
  const message = cancel.getByRole('textbox', { name: 'Messaggio per il farmacista' });
  await cancel.getByRole('button', { name: 'Annulla accettazione', exact: true }).click();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAccessibleDescription(/Per annullare un'accettazione scrivi un messaggio al farmacista\.$/);
  await expect(cancel).toBeVisible();
  const reason = 'Mi dispiace: la farmacia resterà chiusa quel sabato per lavori.';
  await message.fill(reason);
  await cancel.getByRole('button', { name: 'Annulla accettazione', exact: true }).click();
  await expect(ownerPage.getByText('Accettazione annullata.')).toBeVisible();
  await expectStatus(chosenCard, 'Non selezionata');
  await expect(chosenCard.getByText(reason)).toBeVisible();
  const cancelMail = await mailContaining(chosen.email, `ha annullato l'accettazione della tua candidatura per «${title}»`);
  expect(cancelMail).toContain(reason);

  // Closing asks first, takes the offer out of the search; reopening puts it back.
  await ownerPage.goto('/mie_offerte');
  const card = ownerPage.getByRole('article', { name: title, exact: true });
  await card.getByRole('button', { name: 'Chiudi offerta', exact: true }).click();
  const closeQuestion = ownerPage.getByRole('alertdialog', { name: "Chiudere l'offerta?" });
  await closeQuestion.getByRole('button', { name: 'Chiudi offerta', exact: true }).click();
  await expect(card.getByText('Chiusa', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Chiudi offerta' })).toHaveCount(0);
  await pharmacistPage.reload();
  await pharmacistPage.getByRole('searchbox', { name: 'Cerca per comune' }).fill('Tirano');
  await expect(row).toHaveCount(0);

  await card.getByRole('button', { name: 'Riapri', exact: true }).click();
  await expect(card.getByText('Aperta', { exact: true })).toBeVisible();
  await expect(card.getByText('0 di 1 posto coperto', { exact: true })).toBeVisible();
  await pharmacistPage.reload();
  await pharmacistPage.getByRole('searchbox', { name: 'Cerca per comune' }).fill('Tirano');
  await expect(row).toContainText('Candidatura: Non selezionata');

  await ownerPage.context().close();
  await pharmacistPage.context().close();
});

test('nel profilo ciascuno sceglie quali notifiche ricevere anche per e-mail', async ({ page, createAccount }) => {
  // Both accounts first: the API setup is done before the pages are used.
  const pharmacist = await createAccount('farmacista');
  const owner = await createAccount('titolare');
  await logIn(page, pharmacist.email);
  await page.goto('/profile');
  const preferences = page.getByRole('region', { name: 'Notifiche via e-mail' });
  // The hiring loop's five kinds, an owner's invitation, a new message in a thread (decision 069), and after the shift
  // the reminder, the invitation to review, a review published and the owner's answer on the hours (decision 073), and
  // her applications withdrawn when she is booked for the same hours (decision 083); a freelancer's contract to
  // confirm, changed or confirmed by both, and her insurance about to expire (decision 093); the pharmacy's answer to
  // her proposal on the pay (decision 094); her invoice marked paid by the pharmacy (decision 095).
  await expect(preferences.getByRole('checkbox')).toHaveCount(18);
  await expect(preferences.getByRole('checkbox', { name: 'Risposte alle tue proposte sul compenso', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Contratti da confermare', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Promemoria dei turni', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Inviti dei titolari', exact: true })).toBeChecked();
  const rejected = preferences.getByRole('checkbox', { name: 'Candidatura non selezionata', exact: true });
  await expect(rejected).toBeChecked();
  const save = preferences.getByRole('button', { name: 'Salva preferenze', exact: true });
  await expect(save).toBeDisabled();
  await rejected.uncheck();
  await save.click();
  await expect(page.getByText('Preferenze e-mail salvate.')).toBeVisible();
  await page.reload();
  await expect(rejected).not.toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Candidatura accettata', exact: true })).toBeChecked();

  // An owner is offered the owner's kinds only.
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await logIn(page, owner.email);
  await page.goto('/profile');
  // The applications' two kinds, an invitation accepted or declined, a new message (decision 069), and after the shift
  // the reminder, the invitation to review, a review published and a pharmacist's corrected hours (decision 073), and a
  // contract confirmed by both (decision 093); a proposal on the pay received and the answer to a counter (decision 094);
  // a pharmacist's invoice received and one past its due day (decision 095).
  await expect(preferences.getByRole('checkbox')).toHaveCount(14);
  await expect(preferences.getByRole('checkbox', { name: 'Proposte sul compenso ricevute', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Contratti confermati da entrambi', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Ore lavorate da confermare', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Invito accettato dal farmacista', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Nuova candidatura ricevuta', exact: true })).toBeChecked();
  await expect(preferences.getByRole('checkbox', { name: 'Candidatura ritirata dal farmacista', exact: true })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Notifiche, nessuna da leggere', exact: true })).toBeVisible();

  // An administrator receives no notifications: neither a bell nor preferences.
  await page.goto('/logout');
  await expect(page).toHaveURL('/login');
  await logIn(page, DEMO_ACCOUNTS.admin);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profilo Personale' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Aggiorna Profilo' })).toBeVisible();
  await expect(preferences).toHaveCount(0);
  await expect(page.getByRole('link', { name: /^Notifiche/ })).toHaveCount(0);
});

test('le notifiche si leggono una pagina alla volta, dalla più recente, e si segnano lette una per una', async ({
  page,
  request,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const owner = await createAccount('titolare', {
    comune_farmacia: 'Morbegno',
    indirizzo_farmacia: 'Via Ezio Vanoni 1, Morbegno',
  });
  const title = `Turno di prova ${randomUUID().slice(0, 6)}`;
  const offerId = await createOfferThroughApi(request, await apiToken(request, owner.email), {
    title,
    description: 'Un sabato.',
    salary: '',
    date_from: daysFromNow(9),
    date_to: daysFromNow(9),
  });
  const pharmacist = await createAccount('farmacista');
  const token = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, token, await makePdf('Curriculum vitae'));
  // Applying and withdrawing, again and again: the owner hears of each, 22 notifications in all (a page holds 20).
  const mine = async () =>
    (
      (await (await request.get('/api/candidature/mine/', { headers: { authorization: `Bearer ${token}` } })).json()) as {
        id: number;
      }[]
    )[0]?.id;
  for (let round = 0; round < 11; round += 1) {
    const applied = await request.post('/api/candidature/', {
      headers: { authorization: `Bearer ${token}` },
      data: { offer_id: offerId },
    });
    expect(applied.status(), await applied.text()).toBe(201);
    const withdrawn = await request.post(`/api/candidature/${await mine()}/withdraw/`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(withdrawn.status(), await withdrawn.text()).toBe(200);
  }

  await logIn(page, owner.email);
  await page.getByRole('link', { name: 'Notifiche, 22 da leggere', exact: true }).click();
  const notifications = page.getByRole('main').getByRole('article');
  await expect(notifications).toHaveCount(20);
  await expect(notifications.first()).toHaveAccessibleName('Candidatura ritirata');
  await expect(notifications.nth(1)).toHaveAccessibleName('Nuova candidatura');
  // 23 in all: the 22 and, read already, the approval of the owner's pharmacy (decision 049).
  await expect(page.getByText('Mostrate le 20 notifiche più recenti su 23.')).toBeVisible();
  await page.getByRole('button', { name: 'Mostra notifiche precedenti', exact: true }).click();
  await expect(notifications).toHaveCount(23);
  // The keyboard goes on from the first one that arrived.
  await expect(page.getByRole('main').getByRole('listitem').nth(20)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Mostra notifiche precedenti' })).toHaveCount(0);
  // The oldest is the approval, then the first application.
  await expect(notifications.last()).toHaveAccessibleName('Account verificato');
  await expect(notifications.nth(21)).toHaveAccessibleName('Nuova candidatura');
  await expect(notifications.nth(21)).toContainText(`alla tua offerta «${title}»`);

  await notifications.first().getByRole('button', { name: 'Segna come letta', exact: true }).click();
  await expect(page.getByText('21 notifiche da leggere')).toBeVisible();
  await expect(notifications.first().getByText('Nuova', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Notifiche, 21 da leggere', exact: true })).toBeVisible();
});

test("su un'offerta scaduta il titolare può ancora rispondere a una candidatura, ma non accettarla", async ({ page }) => {
  // The demo's Rome owner: Paolo's application to the shift of the last public holiday (named after it: 'Turno di
  // Ferragosto' in the autumn) was never answered and the day has passed. Read only: nothing is pressed that would
  // change the demo data.
  await logIn(page, DEMO_ACCOUNTS.titolareRoma);
  await page.goto('/candidature');
  const card = applicationCard(page, 'Paolo Gallo').filter({ hasText: demoDates(new Date()).holiday.title });
  await expect(card).toHaveCount(1);
  await expectStatus(card, 'Inviata');
  await expect(
    card.getByText("Il periodo dell'offerta è terminato: puoi ancora rispondere, ma non accettare la candidatura."),
  ).toBeVisible();
  await expect(card.getByRole('button', { name: 'Rifiuta', exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Accetta', exact: true })).toHaveCount(0);
  // Paolo's application to the open part-time job can still be accepted.
  const open = applicationCard(page, 'Paolo Gallo').filter({ hasText: 'Farmacista collaboratore part-time' });
  await expect(open.getByRole('button', { name: 'Accetta', exact: true })).toBeVisible();
});
