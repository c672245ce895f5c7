/**
 * Journey: find each other (decisions 070–072). On a phone (390 px) a pharmacist marks three days on /disponibilita,
 * one of them with the keyboard only (arrows, Enter, Shift+F10 and the parts menu), and shows them to owners; a
 * verified owner in her area finds her on /cerca_farmacisti with those days and nothing private, invites her to his
 * one-place shift on one of them, and she accepts from her phone; then they write to each other in the application's
 * thread and each message appears on the other side without reloading (unread count, bell, 'Letto'); the offer is
 * full. A search far away finds nobody. Every page on the way is checked with axe.
 */
import { randomUUID } from 'node:crypto';
import { daysFromNow } from '@farmaponte/shared/dates';
import { AVAILABILITY_TEXT } from '@farmaponte/shared/ui-text-availability';
import type { Browser, Page } from '@playwright/test';
import { startSession } from './support/accounts';
import { apiToken, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/** 'lunedì 7 dicembre': how the calendar names a day. */
function dayWords(iso: string): string {
  const date = new Date(`${iso}T12:00:00Z`);
  const weekday = AVAILABILITY_TEXT.weekdayNames[(date.getUTCDay() + 6) % 7];
  return `${weekday} ${date.getUTCDate()} ${AVAILABILITY_TEXT.monthNames[date.getUTCMonth()]}`;
}

const dayButton = (page: Page, iso: string) => page.getByRole('button', { name: new RegExp(`^${dayWords(iso)}: `) });

/** The month of the day on screen: 'Mese successivo' until the day is there. */
async function showMonthOf(page: Page, iso: string): Promise<void> {
  for (let step = 0; step < 7 && !(await dayButton(page, iso).count()); step++)
    await page.getByRole('button', { name: AVAILABILITY_TEXT.nextMonth }).click();
  await expect(dayButton(page, iso)).toBeVisible();
}

/** '07/12 mattina', as a card lists a day. */
const onCard = (iso: string, part: 'giornata intera' | 'mattina' | 'notte') => `${iso.slice(8, 10)}/${iso.slice(5, 7)} ${part}`;

/** How many unread notifications the bell announces (read from its label: an open dialog hides it from the roles). */
async function unread(page: Page): Promise<number> {
  const name = (await page.locator('a[aria-label^="Notifiche,"]').first().getAttribute('aria-label')) ?? '';
  return Number(name.match(/(\d+) da leggere/)?.[1] ?? 0);
}

const bell = (page: Page, count: number) =>
  page.getByRole('link', { name: count === 1 ? 'Notifiche, 1 da leggere' : `Notifiche, ${count} da leggere`, exact: true });

test('una farmacista segna tre giorni dal telefono, un titolare la trova e la invita, lei accetta e si scrivono dal vivo', async ({
  page,
  browser,
  request,
  signIn,
  createAccount,
}) => {
  // Two browsers, the calendar by hand and by keyboard, five accessibility checks.
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const [wholeDay, morning, night] = [daysFromNow(2), daysFromNow(3), daysFromNow(4)];

  // Her phone: three days, one of them with the keyboard only.
  await page.setViewportSize(PHONE);
  const pharmacist = await signIn('farmacista');
  const applicant = `${pharmacist.name} ${pharmacist.surname}`;
  await uploadCvThroughApi(request, await apiToken(request, pharmacist.email), await makePdf(applicant));
  await page.getByRole('button', { name: 'La mia disponibilità', exact: true }).click();
  await expect(page).toHaveURL('/disponibilita');
  await expect(page.getByRole('heading', { level: 1, name: AVAILABILITY_TEXT.calendarTitle })).toBeVisible();
  await expect(page.getByText(AVAILABILITY_TEXT.notSavedYet)).toBeVisible();

  // A tap marks a whole day; the '⋯' of the next one opens its parts, and 'Mattina' is picked.
  await showMonthOf(page, wholeDay);
  await dayButton(page, wholeDay).click();
  await expect(dayButton(page, wholeDay)).toHaveAccessibleName(`${dayWords(wholeDay)}: giornata intera`);
  await showMonthOf(page, morning);
  await page.getByRole('button', { name: new RegExp(`^Parti del giorno, ${dayWords(morning)}: `) }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Mattina' }).click();
  await page.keyboard.press('Escape');
  await expect(dayButton(page, morning)).toHaveAccessibleName(`${dayWords(morning)}: mattina`);
  await expect(dayButton(page, morning)).toBeFocused();

  // The third with the keyboard only: the arrow to the next day, Enter, then Shift+F10 and 'Notte' from its menu.
  await page.keyboard.press('ArrowRight');
  await expect(dayButton(page, night)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dayButton(page, night)).toHaveAccessibleName(`${dayWords(night)}: giornata intera`);
  await page.keyboard.press('Shift+F10');
  await expect(page.getByRole('menu', { name: dayWords(night) })).toBeVisible();
  await page.keyboard.type('Not');
  await expect(page.getByRole('menuitemcheckbox', { name: 'Notte' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(dayButton(page, night)).toHaveAccessibleName(`${dayWords(night)}: notte`);
  await expect(page.getByText(AVAILABILITY_TEXT.daysCount(3))).toBeVisible();

  // From her profile's comune, visible to owners; the phone shows the page without sideways scrolling.
  await expect(page.getByRole('combobox', { name: AVAILABILITY_TEXT.comuneLabel })).toHaveValue('Milano');
  await page.getByRole('switch', { name: AVAILABILITY_TEXT.visibleLabel }).click();
  await expect(page.getByRole('switch', { name: AVAILABILITY_TEXT.visibleLabel })).toBeChecked();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectNoViolations(page, '/disponibilita, 390 px');
  await page.getByRole('button', { name: AVAILABILITY_TEXT.save, exact: true }).click();
  await expect(toasts(page).filter({ hasText: 'Disponibilità salvata.' })).toBeVisible();
  // Saved as marked: read again after a reload.
  await page.reload();
  await showMonthOf(page, night);
  await expect(dayButton(page, night)).toHaveAccessibleName(`${dayWords(night)}: notte`);
  await expect(page.getByText(AVAILABILITY_TEXT.notSavedYet)).toHaveCount(0);

  // A verified owner in Milano with a one-place shift on her whole day finds her, with her three days, nothing private.
  const pharmacy = `Farmacia Dante ${tag}`;
  const owner = await createAccount('titolare', {
    denominazione_farmacia: pharmacy,
    comune_farmacia: 'Milano',
    indirizzo_farmacia: 'Via Dante 3, Milano',
  });
  const title = `Turno del ${wholeDay} ${tag}`;
  const offerId = await createOfferThroughApi(request, await apiToken(request, owner.email), {
    title,
    description: 'Banco e dispensazione per una giornata.',
    salary: '',
    date_from: wholeDay,
    date_to: wholeDay,
    hourly_pay: 20,
  });
  const desk = await newPage(browser, DESKTOP);
  await startSession(desk, owner.email);
  await desk.getByRole('button', { name: 'Cerca Farmacisti', exact: true }).click();
  await expect(desk).toHaveURL('/cerca_farmacisti');
  const card = desk.getByRole('article', { name: applicant });
  await expect(card.getByRole('listitem')).toHaveText([
    onCard(wholeDay, 'giornata intera'),
    onCard(morning, 'mattina'),
    onCard(night, 'notte'),
  ]);
  await expect(card).toContainText('Milano (MI)');
  await expect(card).not.toContainText(pharmacist.telephone);
  await expect(desk.getByRole('region', { name: AVAILABILITY_TEXT.mapLabel })).toBeVisible();
  await expectNoViolations(desk, '/cerca_farmacisti, 1280 px');

  // He invites her to the shift from her card.
  await card.getByRole('button', { name: `Invita ${applicant}` }).click();
  const invite = desk.getByRole('dialog', { name: `Invita ${applicant}` });
  await invite.getByLabel('Offerta').selectOption(String(offerId));
  await invite.getByLabel('Messaggio (facoltativo)').fill('Saresti libera per tutta la giornata?');
  await invite.getByRole('button', { name: 'Invia invito' }).click();
  await expect(desk.getByText('Invito inviato', { exact: false })).toBeVisible();
  await expect(invite).toBeHidden();

  // She accepts on her phone; the application it makes is accepted at once.
  await page.goto('/mie_candidature');
  const invitation = page.getByTestId('invitation-card').filter({ hasText: title });
  await expect(invitation.getByText("Stato dell'invito: Da rispondere")).toBeVisible();
  await expect(invitation.getByText('Saresti libera per tutta la giornata?')).toBeVisible();
  await expect(invitation).toContainText(pharmacy);
  await invitation.getByRole('button', { name: 'Accetta' }).click();
  const question = page.getByRole('dialog', { name: 'Accettare il turno?' });
  await expectNoViolations(page, 'the acceptance question at 390 px');
  await question.getByRole('button', { name: 'Accetta' }).click();
  await expect(invitation.getByText("Stato dell'invito: Accettato")).toBeVisible();
  await expect(page.getByRole('article', { name: title, exact: true }).getByText('Stato: Accettata')).toBeVisible();

  // The owner's offer is full, and he writes first in the application's thread.
  await desk.goto('/mie_offerte');
  await expect(desk.getByRole('article', { name: title, exact: true }).getByText('1 di 1 posto coperto')).toBeVisible();
  await desk.goto(`/candidature?offer_id=${offerId}`);
  await expect(desk.getByRole('article', { name: applicant, exact: true }).getByText('Stato: Accettata')).toBeVisible();
  await desk.getByRole('button', { name: `Messaggi con ${applicant}`, exact: true }).click();
  const deskThread = desk.getByRole('dialog', { name: `Messaggi con ${applicant}` });
  await expect(deskThread.getByText('Ancora nessun messaggio: scrivi tu il primo.')).toBeVisible();
  await expect(deskThread.getByLabel('Il tuo messaggio')).toBeFocused();
  const first = 'Ciao! Ti aspettiamo alle 9, entrata sul retro.';
  await deskThread.getByLabel('Il tuo messaggio').fill(first);
  await expect(deskThread.getByText(`Ancora ${2000 - first.length} caratteri`)).toBeVisible();
  const phoneUnread = await unread(page);
  await deskThread.getByRole('button', { name: 'Invia' }).click();
  await expect(deskThread.getByText(first)).toBeVisible();
  await expect(deskThread.getByLabel('Il tuo messaggio')).toHaveValue('');

  // On the phone, without reloading: the button counts the message and the bell has one more notification.
  const threadButton = page.getByRole('button', { name: `Messaggi con ${pharmacy}, 1 non letto`, exact: true });
  await expect(threadButton).toBeVisible();
  await expect(bell(page, phoneUnread + 1)).toBeVisible();
  await threadButton.click();
  const phoneThread = page.getByRole('dialog', { name: `Messaggi con ${pharmacy}` });
  await expect(phoneThread.getByText(first)).toBeVisible();
  await expectNoViolations(page, 'the thread on a phone');
  // Read: the owner's open dialog says so.
  await expect(deskThread.getByText(/· Letto$/)).toBeVisible();
  const deskUnread = await unread(desk);
  await phoneThread.getByLabel('Il tuo messaggio').fill('Perfetto, a presto!');
  await phoneThread.getByRole('button', { name: 'Invia' }).click();
  await expect(phoneThread.getByText('Perfetto, a presto!')).toBeVisible();

  // The owner's open dialog shows the answer as it arrives, with 'Segnala' on it; behind it, the bell counts it.
  await expect(deskThread.getByText('Perfetto, a presto!')).toBeVisible();
  await expect(deskThread.getByRole('button', { name: `Segnala ${applicant}` })).toBeVisible();
  await expectNoViolations(desk, 'the thread on a desktop');
  await desk.keyboard.press('Escape');
  await expect(bell(desk, deskUnread + 1)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: `Messaggi con ${pharmacy}`, exact: true })).toBeFocused();

  // Far away (Lampedusa, within 5 km): nobody, and the hint to widen the search; the filters live in the URL.
  await desk.goto('/cerca_farmacisti');
  await desk.getByRole('combobox', { name: AVAILABILITY_TEXT.nearLabel }).fill('Lampedusa e Linosa');
  await desk.getByRole('option', { name: /Lampedusa e Linosa/ }).click();
  await desk.getByRole('combobox', { name: AVAILABILITY_TEXT.radiusFilterLabel }).selectOption('5');
  await desk.getByRole('button', { name: AVAILABILITY_TEXT.apply, exact: true }).click();
  await expect(desk).toHaveURL(/near=Lampedusa\+e\+Linosa&radius_km=5/);
  await expect(desk.getByText(AVAILABILITY_TEXT.searchEmptyTitle)).toBeVisible();
  await expect(desk.getByText(AVAILABILITY_TEXT.searchEmptyHint)).toBeVisible();
});
