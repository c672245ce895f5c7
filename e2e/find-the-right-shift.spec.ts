/**
 * Find the right shift (decisions 026 and 028), as a pharmacist plays it: a search by distance and dates whose address is shared
 * into another browser that finds the same offers, an offer's public page opened logged out and applied to through
 * login, a saved search ('Avvisami') whose alert mail arrives when a matching offer is published. Screenshots of the
 * list, the filters and the map at 1280 and 390 px, with and without map tiles, land in test-results/screenshots.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { logIn, submitLogin, type TTestAccount } from './support/accounts';
import { apiToken, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { mailContaining } from './support/mail';
import { expect, test } from './support/test';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCREENSHOTS = 'test-results/screenshots';

interface TShift {
  title: string;
  date_from: string;
  date_to: string;
  hourly_pay: number;
}

async function publish(request: APIRequestContext, owner: TTestAccount, shift: TShift): Promise<number> {
  const token = await apiToken(request, owner.email);
  const response = await request.post('/api/offers/create/', {
    headers: { authorization: `Bearer ${token}` },
    data: { description: 'Banco e consiglio al cliente.', salary: '', start_time: '08:30', end_time: '13:00', ...shift },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  return context.newPage();
}

/** The radius search's circle on the map (drawn in the map's overlay pane, in the brand's green). */
const radiusCircle = (page: Page) => page.locator('.leaflet-overlay-pane path[stroke="#047857"]');

const row = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: new RegExp(`^${title}`) }).getByRole('button');

async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // What the user sees once a dialog has faded in, not a frame of the fade.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  await page.screenshot({ path: `${SCREENSHOTS}/${name}-${page.viewportSize()?.width}.png` });
}

test('una farmacista cerca vicino a casa, condivide la ricerca, si candida da un link e riceve l’avviso di un nuovo turno', async ({
  browser,
  request,
  createAccount,
}) => {
  test.setTimeout(240_000);
  const tag = randomUUID().slice(0, 6);
  const near = await createAccount('titolare', {
    comune_farmacia: 'Chiavenna',
    indirizzo_farmacia: 'Via Dolzino 12, Chiavenna',
    denominazione_farmacia: `Farmacia Dolzino ${tag}`,
  });
  const far = await createAccount('titolare', {
    comune_farmacia: 'Palermo',
    indirizzo_farmacia: 'Via Roma 1, Palermo',
    denominazione_farmacia: `Farmacia Conca d'Oro ${tag}`,
  });
  const inRange = { title: `Sabato in Valchiavenna ${tag}`, date_from: daysFromNow(5), date_to: daysFromNow(5), hourly_pay: 22 };
  const later = { title: `Estate a Chiavenna ${tag}`, date_from: daysFromNow(60), date_to: daysFromNow(70), hourly_pay: 25 };
  const elsewhere = { title: `Turno a Palermo ${tag}`, date_from: daysFromNow(5), date_to: daysFromNow(6), hourly_pay: 30 };
  const inRangeId = await publish(request, near, inRange);
  await publish(request, near, later);
  await publish(request, far, elsewhere);

  const pharmacist = await createAccount('farmacista', { communicationConsent: true });
  const token = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, token, await makePdf('Curriculum vitae'));

  // Within 30 km of Chiavenna, in the next two weeks: the shift 60 days away and the one in Palermo are not found.
  const page = await newPage(browser, DESKTOP);
  await logIn(page, pharmacist.email);
  await page.goto('/cerca_offerte');
  await page.getByRole('button', { name: /^Filtri/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filtra le offerte' });
  await filters.getByRole('combobox', { name: 'Vicino a (comune)' }).fill('Chiavenna');
  await filters.getByRole('option', { name: /^Chiavenna/ }).click();
  await filters.getByRole('combobox', { name: 'Entro' }).selectOption('30');
  await filters.getByLabel('Dal', { exact: true }).fill(daysFromNow(0));
  await filters.getByLabel('Al', { exact: true }).fill(daysFromNow(14));
  await screenshot(page, 'filters');
  await expectNoViolations(page, 'filtri della ricerca');
  await filters.getByRole('button', { name: 'Mostra le offerte', exact: true }).click();
  await expect(page).toHaveURL(/near=Chiavenna&radius_km=30&from=.*&to=/);
  await expect(row(page, inRange.title)).toBeVisible();
  await expect(row(page, inRange.title)).toContainText('22 €/ora');
  await expect(row(page, inRange.title)).toContainText(`Farmacia Dolzino ${tag} · Chiavenna`);
  await expect(row(page, inRange.title)).toContainText(/\d+(,\d)? km/);
  await expect(row(page, later.title)).toHaveCount(0);
  await expect(row(page, elsewhere.title)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Filtri (3)', exact: true })).toBeVisible();
  await expect(radiusCircle(page)).toBeVisible();
  await screenshot(page, 'list');
  await expectNoViolations(page, 'ricerca per distanza');
  const shared = page.url();

  // The address, pasted into another browser (a colleague logs in first), finds the same offers.
  const colleague = await createAccount('farmacista');
  const other = await newPage(browser, PHONE);
  await other.goto(shared);
  await expect(other).toHaveURL(/\/login\?next=/);
  await submitLogin(other, colleague.email, colleague.password);
  await expect(other).toHaveURL(shared);
  await expect(row(other, inRange.title)).toBeVisible();
  await expect(row(other, later.title)).toHaveCount(0);
  await expect(row(other, elsewhere.title)).toHaveCount(0);
  await expect(radiusCircle(other)).toBeVisible();
  await screenshot(other, 'list');
  // Back and reload keep the search.
  await other.reload();
  await expect(row(other, inRange.title)).toBeVisible();
  await other.getByRole('button', { name: /^Filtri/ }).click();
  const otherFilters = other.getByRole('dialog', { name: 'Filtra le offerte' });
  const nearField = otherFilters.getByRole('combobox', { name: 'Vicino a (comune)' });
  const regionField = otherFilters.getByRole('combobox', { name: 'Regione', exact: true });
  await expect(nearField).toHaveValue('Chiavenna');
  // The sheet opens with 'Vicino a' focused and filled: its suggestions stay closed until the user types, so the
  // Regione field below it takes a tap (a click on a covered field would never land).
  await expect(nearField).toBeFocused();
  await expect(nearField).toHaveAttribute('aria-expanded', 'false');
  await screenshot(other, 'filters');
  await regionField.click();
  await expect(regionField).toBeFocused();
  // Typing opens them; a choice closes them.
  await nearField.fill('Chiaven');
  await otherFilters.getByRole('option', { name: /^Chiavenna/ }).click();
  await expect(nearField).toHaveValue('Chiavenna');
  await expect(otherFilters.getByRole('listbox')).toHaveCount(0);
  await nearField.click();
  await expect(nearField).toHaveAttribute('aria-expanded', 'false');
  await other.keyboard.press('Escape');

  // With the tiles blocked, the map still shows Italy (the regions' outline) and the radius circle.
  for (const viewer of [page, other]) {
    await viewer.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await viewer.reload();
    await expect(row(viewer, inRange.title)).toBeVisible();
    // Italy's regions are drawn under the (missing) tiles.
    await expect(viewer.locator('.leaflet-fp-outline-pane path').first()).toBeAttached();
    await expect(radiusCircle(viewer)).toBeVisible();
    await viewer.getByRole('region', { name: 'Mappa delle offerte' }).scrollIntoViewIfNeeded();
    await screenshot(viewer, 'map-without-tiles');
  }

  // An offer's own page, opened logged out: 'Candidati' goes through login and back, then sends the CV.
  const visitor = await newPage(browser, PHONE);
  await visitor.goto(`/offerte/${inRangeId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: inRange.title })).toBeVisible();
  await expect(visitor.getByText('22 €/ora')).toBeVisible();
  // What a search engine reads in it (decision 055): posted today, not on the shift's day, open until that day's end,
  // at the pharmacy's street and CAP. No browser feature the app does not use is allowed on it (decision 056).
  const posting = JSON.parse((await visitor.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(posting).toMatchObject({
    '@type': 'JobPosting',
    title: inRange.title,
    datePosted: daysFromNow(0),
    jobStartDate: inRange.date_from,
    directApply: true,
    jobLocation: { address: { streetAddress: 'Via Dolzino 12, Chiavenna', postalCode: '23022', addressLocality: 'Chiavenna' } },
  });
  expect(posting.validThrough).toMatch(new RegExp(`^${inRange.date_to}T23:59:59\\+0[12]:00$`));
  const allowed = await visitor.evaluate(() =>
    ['camera', 'microphone', 'geolocation', 'payment'].map((feature) =>
      (document as unknown as { featurePolicy: { allowsFeature(name: string): boolean } }).featurePolicy.allowsFeature(feature),
    ),
  );
  expect(allowed).toEqual([false, false, false, false]);
  const securityTxt = await request.get('/.well-known/security.txt');
  expect(securityTxt.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await securityTxt.text()).toMatch(/^Contact: mailto:\S+@\S+$/m);
  await screenshot(visitor, 'public-offer');
  await expectNoViolations(visitor, 'pagina pubblica di un’offerta');
  await visitor.getByRole('link', { name: 'Candidati', exact: true }).click();
  await expect(visitor).toHaveURL(`/login?next=/offerte/${inRangeId}`);
  await submitLogin(visitor, pharmacist.email, pharmacist.password);
  await expect(visitor).toHaveURL(`/offerte/${inRangeId}`);
  await visitor.getByRole('button', { name: 'Candidati', exact: true }).click();
  await expect(visitor.getByText('CV inviato con successo!').first()).toBeVisible();

  // 'Avvisami': the search is saved, and a new matching offer arrives by e-mail.
  await page.unrouteAll();
  await page.goto(shared);
  await page.getByRole('button', { name: 'Avvisami', exact: true }).click();
  const save = page.getByRole('dialog', { name: 'Avvisami delle nuove offerte' });
  await expect(save.getByRole('textbox', { name: 'Nome della ricerca' })).toHaveValue('Entro 30 km da Chiavenna');
  await save.getByRole('radio', { name: 'Subito', exact: true }).check();
  await expectNoViolations(page, 'Avvisami');
  await save.getByRole('button', { name: 'Salva la ricerca', exact: true }).click();
  await expect(page.getByText('Ricerca salvata: ti avviseremo delle nuove offerte.')).toBeVisible();
  await page.getByRole('button', { name: 'Ricerche salvate (1)', exact: true }).click();
  const list = page.getByRole('dialog', { name: 'Ricerche salvate' });
  await expect(list.getByRole('link', { name: 'Entro 30 km da Chiavenna', exact: true })).toBeVisible();
  await expectNoViolations(page, 'ricerche salvate');
  await page.keyboard.press('Escape');

  const fresh = { title: `Domenica a Chiavenna ${tag}`, date_from: daysFromNow(7), date_to: daysFromNow(7), hourly_pay: 24 };
  await publish(request, near, fresh);
  // The server looks for new offers once a minute (LIMITS.alertPollMs), then the mail outbox sends the alert.
  await expect(async () => {
    await mailContaining(pharmacist.email, fresh.title);
  }).toPass({ timeout: 150_000 });
});
