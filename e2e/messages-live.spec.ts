/**
 * One thread per application, live (decision 072): an owner (desktop) and the pharmacist they accepted (phone, 390 px)
 * write to each other in the 'Messaggi' dialog of their applications pages; each message appears on the other side
 * without reloading, with its unread count on the button and a new notification on the bell, and 'Letto' once read.
 */
import type { TSentApplication } from '@farmaponte/shared';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { Browser, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoSeriousViolations } from './support/axe';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

const bell = (page: Page, unread: number) =>
  page.getByRole('link', { name: unread === 1 ? 'Notifiche, 1 da leggere' : `Notifiche, ${unread} da leggere`, exact: true });

test("titolare e farmacista accettata si scrivono: ogni messaggio compare dall'altra parte senza ricaricare", async ({
  browser,
  request,
  createAccount,
}) => {
  // Two browsers, two logins and two accessibility checks.
  test.setTimeout(120_000);
  const owner = await createAccount('titolare');
  const pharmacist = await createAccount('farmacista');
  const pharmacy = owner.denominazione_farmacia;
  const applicant = `${pharmacist.name} ${pharmacist.surname}`;
  const ownerToken = await apiToken(request, owner.email);
  const pharmacistToken = await apiToken(request, pharmacist.email);
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title: 'Turno con messaggi',
    description: 'Sostituzione di un sabato.',
    salary: '22 €/ora',
    date_from: daysFromNow(10),
    date_to: daysFromNow(10),
  });
  await uploadCvThroughApi(request, pharmacistToken, await makePdf(applicant));
  await applyThroughApi(request, pharmacistToken, offerId);
  const mine = await request.get('/api/candidature/mine/', { headers: { authorization: `Bearer ${pharmacistToken}` } });
  const applicationId = ((await mine.json()) as TSentApplication[])[0]?.id;
  const decided = await request.post(`/api/titolare/candidatures/${applicationId}/decision/`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { decision: 'accepted' },
  });
  expect(decided.status()).toBe(200);

  const ownerPage = await newPage(browser, { width: 1280, height: 800 });
  const phone = await newPage(browser, { width: 390, height: 844 });
  await logIn(ownerPage, owner.email);
  await logIn(phone, pharmacist.email);
  await ownerPage.goto(`/candidature?offer_id=${offerId}`);
  await phone.goto('/mie_candidature');
  // The owner was told of the application, the pharmacist of the acceptance.
  await expect(bell(ownerPage, 1)).toBeVisible();
  await expect(bell(phone, 1)).toBeVisible();

  // The owner writes first.
  await ownerPage.getByRole('button', { name: `Messaggi con ${applicant}`, exact: true }).click();
  const ownerDialog = ownerPage.getByRole('dialog', { name: `Messaggi con ${applicant}` });
  await expect(ownerDialog.getByText('Ancora nessun messaggio: scrivi tu il primo.')).toBeVisible();
  await expect(ownerDialog.getByLabel('Il tuo messaggio')).toBeFocused();
  const first = 'Ciao! Sabato ti aspettiamo alle 9, entrata sul retro.';
  await ownerDialog.getByLabel('Il tuo messaggio').fill(first);
  await expect(ownerDialog.getByText(`Ancora ${2000 - first.length} caratteri`)).toBeVisible();
  await ownerDialog.getByRole('button', { name: 'Invia' }).click();
  await expect(ownerDialog.getByText('Ciao! Sabato ti aspettiamo alle 9, entrata sul retro.')).toBeVisible();
  await expect(ownerDialog.getByLabel('Il tuo messaggio')).toHaveValue('');

  // On the phone, without reloading: the button counts the message and the bell has one more notification.
  const threadButton = phone.getByRole('button', { name: `Messaggi con ${pharmacy}, 1 non letto`, exact: true });
  await expect(threadButton).toBeVisible();
  await expect(bell(phone, 2)).toBeVisible();
  await threadButton.click();
  const phoneDialog = phone.getByRole('dialog', { name: `Messaggi con ${pharmacy}` });
  await expect(phoneDialog.getByText('Ciao! Sabato ti aspettiamo alle 9, entrata sul retro.')).toBeVisible();
  await expectNoSeriousViolations(phone, 'the thread on a phone');
  // Read: the owner's open dialog says so, and the phone's button has nothing left to count.
  await expect(ownerDialog.getByText(/· Letto$/)).toBeVisible();
  await phoneDialog.getByLabel('Il tuo messaggio').fill('Perfetto, a sabato!');
  await phoneDialog.getByRole('button', { name: 'Invia' }).click();
  await expect(phoneDialog.getByText('Perfetto, a sabato!')).toBeVisible();

  // The owner's open dialog shows the answer as it arrives, with 'Segnala' on it; behind it, the bell counts it.
  await expect(ownerDialog.getByText('Perfetto, a sabato!')).toBeVisible();
  await expect(ownerDialog.getByRole('button', { name: `Segnala ${applicant}` })).toBeVisible();
  await expectNoSeriousViolations(ownerPage, 'the thread on a desktop');
  await ownerPage.keyboard.press('Escape');
  await expect(bell(ownerPage, 2)).toBeVisible();
  await phone.keyboard.press('Escape');
  await expect(phone.getByRole('button', { name: `Messaggi con ${pharmacy}`, exact: true })).toBeFocused();
});
