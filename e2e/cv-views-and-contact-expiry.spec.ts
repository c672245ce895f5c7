/**
 * Who opened my CV (decision 067): a pharmacist's 'Chi ha visto il tuo CV' is empty until an owner opens their CV from
 * the application's card; then it names the owner, the pharmacy, the offer and when. The owner's browser is a
 * desktop, the pharmacist's a phone. That the contact data expire is covered by the API tests with the clock.
 */
import { randomUUID } from 'node:crypto';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { Browser, Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

test("un titolare apre il CV di una candidata, che lo vede in 'Chi ha visto il tuo CV'", async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 6);
  const pharmacy = `Farmacia Ponte ${tag}`;
  const owner = await createAccount('titolare', { denominazione_farmacia: pharmacy });
  const pharmacist = await createAccount('farmacista', { name: 'Lucia' });
  const pharmacistToken = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, pharmacistToken, await makePdf('Curriculum vitae'));
  const title = `Turno di sabato ${tag}`;
  const ownerToken = await apiToken(request, owner.email);
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Banco e dispensazione, un sabato.',
    salary: '20 €/ora',
    date_from: daysFromNow(5),
    date_to: daysFromNow(5),
  });
  await applyThroughApi(request, pharmacistToken, offerId);

  // Before anyone opens it, the pharmacist's section says so.
  const pharmacistPage = await newPage(browser, PHONE);
  await logIn(pharmacistPage, pharmacist.email);
  await pharmacistPage.goto('/profile');
  const section = pharmacistPage.getByRole('region', { name: 'Chi ha visto il tuo CV' });
  await expect(section.getByText('Nessuno ha ancora aperto il tuo CV.')).toBeVisible();

  // The owner opens the CV from the application's card (a new tab).
  const ownerPage = await newPage(browser, DESKTOP);
  await logIn(ownerPage, owner.email);
  await ownerPage.goto(`/candidature?offer_id=${offerId}`);
  const card = ownerPage.getByRole('article', { name: `${pharmacist.name} ${pharmacist.surname}`, exact: true });
  const cvLink = card.getByRole('link', { name: /^Visualizza PDF/ });
  await expect(cvLink).toHaveAttribute('href', /&application=\d+/);
  const opened = ownerPage.context().waitForEvent('response', (response) => response.url().includes('/api/cv/'));
  await cvLink.click();
  expect((await opened).status()).toBe(200);
  await ownerPage.reload();
  await expect(card.getByText('Stato: Vista dal titolare')).toBeVisible();
  await expect(card.getByTestId('contact-hidden')).toHaveCount(0);

  // The pharmacist sees who opened it, from which pharmacy, through which offer and when.
  await pharmacistPage.reload();
  const row = section.getByRole('listitem');
  await expect(row).toHaveCount(1);
  await expect(row.getByText(`${owner.name} ${owner.surname}`, { exact: true })).toBeVisible();
  await expect(row.getByRole('definition')).toHaveText([pharmacy, title, /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/]);
  await expect(section.getByText('1 di 1')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await pharmacistPage.screenshot({ path: 'test-results/cv-views-390.png', fullPage: false });
  await expectNoViolations(pharmacistPage, 'profilo del farmacista a 390 px');
  const scrollWidth = await pharmacistPage.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth).toBeLessThanOrEqual(PHONE.width);

  await pharmacistPage.setViewportSize(DESKTOP);
  await section.scrollIntoViewIfNeeded();
  await pharmacistPage.screenshot({ path: 'test-results/cv-views-1280.png', fullPage: false });
  await expectNoViolations(pharmacistPage, 'profilo del farmacista a 1280 px');

  // Once the application is closed (rejected through the API here), the owner's card keeps the name and status and
  // says why the contact data and the CV are gone.
  const received = await request.get(`/api/titolare/candidatures/?offer_id=${offerId}`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  const [application] = (await received.json()) as { id: number }[];
  const rejected = await request.post(`/api/titolare/candidatures/${application?.id}/decision/`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { decision: 'rejected' },
  });
  expect(rejected.status()).toBe(200);
  await ownerPage.reload();
  await expect(card.getByTestId('contact-hidden')).toHaveText(
    'I contatti e il CV non sono più disponibili: la candidatura è chiusa (rifiutata o ritirata).',
  );
  await expect(card.getByRole('link', { name: /^Visualizza PDF/ })).toHaveCount(0);
  await expect(card.getByRole('term')).toHaveText(['Inviata il']);
  await card.scrollIntoViewIfNeeded();
  await ownerPage.screenshot({ path: 'test-results/contact-hidden-1280.png' });
  await expectNoViolations(ownerPage, 'candidatura chiusa, senza contatti');
});
