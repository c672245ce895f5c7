/**
 * Journey: an urgent shift (decision 096). A pharmacist in Aosta is free tomorrow; an owner there has a shift tomorrow
 * morning, marks it 'Segna come urgente' on /mie_offerte (a confirmation says who is told) and sees 'Urgente' and
 * 'Avvisato 1 farmacista'. On her phone she finds it first in the search with 'Urgente', and in her notifications,
 * whose link opens the offer. Each screen is checked with axe at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import { daysFromNow } from '@farmaponte/shared/dates';
import { URGENT_TEXT } from '@farmaponte/shared/urgent-shifts';
import type { Browser, Page } from '@playwright/test';
import { startSession } from './support/accounts';
import { apiToken, createOfferThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { toasts } from './support/feedback';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

test('un titolare segna un turno come urgente, la farmacista libera quel giorno lo vede per primo e nelle notifiche', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const tomorrow = daysFromNow(1);

  // She is free all day tomorrow, within 10 km of Aosta (no one else in the demo is).
  const pharmacist = await createAccount('farmacista');
  const calendar = await request.put('/api/availability/', {
    headers: { authorization: `Bearer ${await apiToken(request, pharmacist.email)}` },
    data: { days: [{ date: tomorrow, part: 'giornata' }], comune: 'Aosta', radius_km: 10, min_pay: null, visible: true },
  });
  expect(calendar.status(), await calendar.text()).toBe(200);

  const owner = await createAccount('titolare', {
    denominazione_farmacia: `Farmacia della Collegiata ${tag}`,
    comune_farmacia: 'Aosta',
    indirizzo_farmacia: 'Via Croix de Ville 2, Aosta',
  });
  const title = `Turno di domani mattina ${tag}`;
  await createOfferThroughApi(request, await apiToken(request, owner.email), {
    title,
    description: 'Banco e dispensazione, sostituzione improvvisa.',
    salary: '',
    date_from: tomorrow,
    date_to: tomorrow,
    hourly_pay: 22,
    start_time: '09:00',
    end_time: '13:00',
  });

  // The owner marks it urgent from 'Le Mie Offerte', on a desktop.
  const ownerPage = await newPage(browser, DESKTOP);
  await startSession(ownerPage, owner.email);
  await ownerPage.goto('/mie_offerte');
  const card = ownerPage.getByRole('article', { name: title });
  await expect(card.getByText(URGENT_TEXT.badge, { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: URGENT_TEXT.markButton }).click();
  const dialog = ownerPage.getByRole('alertdialog');
  await expect(dialog.getByRole('heading', { name: URGENT_TEXT.markTitle })).toBeVisible();
  await expect(dialog).toContainText('farmacisti verificati che si sono detti liberi quel giorno');
  await expectNoViolations(ownerPage, 'Segna come urgente, la conferma (1280 px)');
  await dialog.getByRole('button', { name: URGENT_TEXT.markConfirm }).click();
  await expect(toasts(ownerPage)).toContainText('Turno segnato come urgente: avvisato 1 farmacista.');
  await expect(card.getByText(URGENT_TEXT.badge, { exact: true })).toBeVisible();
  await expect(card.getByText('Avvisato 1 farmacista', { exact: true })).toBeVisible();
  // Marked once: the action is gone.
  await expect(card.getByRole('button', { name: URGENT_TEXT.markButton })).toHaveCount(0);
  await expectNoViolations(ownerPage, 'Le Mie Offerte, turno urgente (1280 px)');
  // The same card on a phone.
  await ownerPage.setViewportSize(PHONE);
  await expect(card.getByText('Avvisato 1 farmacista', { exact: true })).toBeVisible();
  await expectNoViolations(ownerPage, 'Le Mie Offerte, turno urgente (390 px)');
  await ownerPage.context().close();

  // Her phone: the search lists it first, with 'Urgente'.
  const page = await newPage(browser, PHONE);
  await startSession(page, pharmacist.email);
  await page.goto('/cerca_offerte');
  const firstRow = page.getByRole('main').getByRole('listitem').first();
  await expect(firstRow).toContainText(title);
  await expect(firstRow).toContainText(URGENT_TEXT.badge);
  await expectNoViolations(page, 'Cerca offerte, turno urgente (390 px)');

  // Her notifications: the urgent shift, whose link opens the offer.
  await page.goto('/notifiche');
  const notice = page.getByRole('article', { name: /Turno urgente vicino a te$/ });
  await expect(notice).toContainText(`«${title}»`);
  await expectNoViolations(page, 'Notifiche (390 px)');
  await notice.getByRole('link', { name: /^Apri/ }).click();
  await expect(page).toHaveURL(/\/offerte\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.context().close();

  // The same search on a desktop.
  const desktop = await newPage(browser, DESKTOP);
  await startSession(desktop, pharmacist.email);
  await desktop.goto('/cerca_offerte');
  await expect(desktop.getByRole('main').getByRole('listitem').first()).toContainText(title);
  await expectNoViolations(desktop, 'Cerca offerte, turno urgente (1280 px)');
  await desktop.context().close();
});
