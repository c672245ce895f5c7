/**
 * The frame that shows the way (docs/product.md#frame, decision 096): each role's main places in a bar at the bottom of
 * a phone and in the header on a desktop, the current one marked, what waits counted on them; skip links to the
 * places and to the content; the bar never over the end of a long page nor over the map's controls.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { startSession, type TTestAccount } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { DESKTOP, PHONE } from './support/screens';
import { expect, test } from './support/test';

const bottomBar = (page: Page) => page.getByRole('navigation', { name: 'Sezioni principali' });
const headerPlaces = (page: Page) => page.getByRole('navigation', { name: 'Navigazione principale' });

/** An owner's offer and a pharmacist's application to it, with a message of the owner she has not read. */
async function applicationWithAMessage(request: APIRequestContext, owner: TTestAccount, pharmacist: TTestAccount) {
  const ownerToken = await apiToken(request, owner.email);
  const pharmacistToken = await apiToken(request, pharmacist.email);
  await uploadCvThroughApi(request, pharmacistToken, await makePdf('Curriculum vitae'));
  const title = `Turno di prova ${randomUUID().slice(0, 6)}`;
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Banco e dispensazione.',
    salary: '',
    date_from: null,
    date_to: null,
    hourly_pay: 20,
  });
  await applyThroughApi(request, pharmacistToken, offerId);
  const headers = { authorization: `Bearer ${ownerToken}` };
  const [application] = (await (await request.get(`/api/titolare/candidatures/?offer_id=${offerId}`, { headers })).json()) as {
    id: number;
  }[];
  const sent = await request.post(`/api/applications/${application?.id}/messages/`, {
    headers,
    data: { body: 'Buongiorno, può passare in farmacia?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return title;
}

/** Whether the point at the element's centre is the element (or inside it): nothing, such as the bar, lies over it. */
async function expectUncovered(target: Locator, what: string) {
  const onTop = await target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit !== null && (element === hit || element.contains(hit));
  });
  expect(onTop, `${what} is under something`).toBe(true);
}

/** The bar's top, and the bottom of the element: the element ends above the bar. */
async function expectAboveTheBar(page: Page, target: Locator, what: string) {
  const barTop = (await bottomBar(page).boundingBox())?.y ?? 0;
  const box = await target.boundingBox();
  expect(box, what).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0), `${what} ends under the bar`).toBeLessThanOrEqual(barTop + 0.5);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true });

  test('a pharmacist finds her places at the bottom, the current one marked, and what waits for her', async ({
    page,
    request,
    createAccount,
  }) => {
    test.setTimeout(180_000);
    const owner = await createAccount('titolare');
    const pharmacist = await createAccount('farmacista', { name: 'Sara' });
    await applicationWithAMessage(request, owner, pharmacist);
    await startSession(page, pharmacist.email);

    const bar = bottomBar(page);
    await expect(bar).toBeVisible();
    // On a phone the header does not repeat them.
    await expect(headerPlaces(page)).toHaveCount(0);
    await expect(bar.getByRole('link')).toHaveText([
      'Cerca Offerte',
      /Le mie candidature/,
      'La mia disponibilità',
      'I miei turni',
    ]);
    // The owner's message waits: its number on the place, said in words to a screen reader.
    const applications = bar.getByRole('link', { name: 'Le mie candidature, 1 messaggio da leggere', exact: true });
    await expect(applications).toBeVisible();
    await expect(applications.getByTestId('place-count')).toHaveText('1');
    // The bar is fixed to the bottom of the screen.
    const box = await bar.boundingBox();
    expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(PHONE.height, 0);

    // The current place: aria-current and bold, not the colour alone.
    const shifts = bar.getByRole('link', { name: 'I miei turni', exact: true });
    await shifts.click();
    await expect(page).toHaveURL('/miei_turni');
    await expect(page.getByRole('heading', { level: 1, name: 'I miei turni' })).toBeVisible();
    await expect(shifts).toHaveAttribute('aria-current', 'page');
    await expect(bar.locator('[aria-current="page"]')).toHaveCount(1);
    expect(await shifts.evaluate((link) => getComputedStyle(link).fontWeight)).toBe('600');
    expect(await applications.evaluate((link) => getComputedStyle(link).fontWeight)).toBe('500');
    await expectNoViolations(page, 'I miei turni with the bottom bar at 390 px');

    // She reads the message: the number goes, without reloading (the live stream).
    await applications.click();
    await expect(page).toHaveURL('/mie_candidature');
    await page
      .getByRole('button', { name: /^Messaggi/ })
      .first()
      .click();
    const thread = page.getByRole('dialog');
    await expect(thread.getByText('Buongiorno, può passare in farmacia?')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(bar.getByRole('link', { name: 'Le mie candidature', exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(bar.getByTestId('place-count')).toHaveCount(0);

    // Everything else is one step away, in the menu.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('navigation', { name: 'Account e altre pagine' });
    for (const name of ['Fascicolo professionale', 'Fatture', 'Recensioni', 'Notifiche', 'Profilo', 'Logout'])
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expectNoViolations(page, 'the open menu with the bottom bar at 390 px');
  });

  test('the skip links reach the places and the content; the bar covers neither the end of a long page nor the map', async ({
    page,
    request,
    createAccount,
  }) => {
    test.setTimeout(180_000);
    const owner = await createAccount('titolare');
    const pharmacist = await createAccount('farmacista');
    await applicationWithAMessage(request, owner, pharmacist);
    await startSession(page, pharmacist.email);
    await expect(bottomBar(page)).toBeVisible();

    // Keyboard: the first Tab reaches 'Vai al contenuto', the second 'Vai alla navigazione', which leads to the bar.
    await page.goto('/disponibilita');
    await expect(page.getByRole('heading', { level: 1, name: 'La mia disponibilità' })).toBeVisible();
    await expect(bottomBar(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vai al contenuto' })).toBeFocused();
    await page.keyboard.press('Tab');
    const toPlaces = page.getByRole('link', { name: 'Vai alla navigazione' });
    await expect(toPlaces).toBeFocused();
    await expect(toPlaces).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(bottomBar(page).getByRole('link', { name: 'Cerca Offerte', exact: true })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(bottomBar(page).getByRole('link', { name: /Le mie candidature/ })).toBeFocused();
    // And to the content: the page's main region takes the focus.
    await page.getByRole('link', { name: 'Vai al contenuto' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // The end of a long page: scrolled to the bottom, the footer's last link ends above the bar.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLink = page.getByRole('contentinfo').getByRole('link').last();
    await expectAboveTheBar(page, lastLink, "the footer's last link");
    await expectUncovered(lastLink, "the footer's last link");
    // A button the keyboard reaches is scrolled to above the bar, not under it.
    const save = page.getByRole('button', { name: 'Salva', exact: true });
    await page.evaluate(() => window.scrollTo(0, 0));
    await save.focus();
    await expectAboveTheBar(page, save, "'Salva'");
    await expectUncovered(save, "'Salva'");

    // The map's controls: the zoom buttons and the attribution, each scrolled to the bottom edge, stay above the bar.
    await page.goto('/cerca_offerte');
    const map = page.getByRole('region', { name: 'Mappa delle offerte' });
    await expect(map).toBeVisible();
    for (const [control, what] of [
      [map.getByRole('button', { name: 'Riduci' }), 'the zoom out button'],
      [map.locator('.leaflet-control-attribution'), 'the attribution'],
    ] as const) {
      await expect(control).toBeVisible();
      await control.evaluate((element) => element.scrollIntoView({ block: 'end' }));
      await expectAboveTheBar(page, control, what);
      await expectUncovered(control, what);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expectAboveTheBar(page, map, 'the map');
    await expectNoViolations(page, 'the search with its map and the bottom bar at 390 px');
  });

  test("an owner's bar: the applications waiting for a decision counted on 'Candidature Ricevute'", async ({
    page,
    request,
    createAccount,
  }) => {
    test.setTimeout(180_000);
    const owner = await createAccount('titolare');
    const pharmacist = await createAccount('farmacista');
    await applicationWithAMessage(request, owner, pharmacist);
    await startSession(page, owner.email);

    const bar = bottomBar(page);
    await expect(bar.getByRole('link')).toHaveText([
      /Candidature Ricevute/,
      'Le Mie Offerte',
      'Cerca Farmacisti',
      'Turni lavorati',
    ]);
    // Her application waits for a decision; the owner's own message waits for the pharmacist, not for him.
    const received = bar.getByRole('link', { name: 'Candidature Ricevute, 1 candidatura da valutare', exact: true });
    await expect(received).toBeVisible();
    await expect(received.getByTestId('place-count')).toHaveText('1');
    await received.click();
    await expect(page).toHaveURL('/candidature');
    await expect(received).toHaveAttribute('aria-current', 'page');
    await expectNoViolations(page, 'Candidature Ricevute with the bottom bar at 390 px');
  });
});

test.describe('on a desktop', () => {
  test.use({ viewport: DESKTOP });

  test('the places are in the header, the current one marked, the rest behind Altro; no bar at the bottom', async ({
    page,
    request,
    createAccount,
  }) => {
    test.setTimeout(180_000);
    const owner = await createAccount('titolare');
    const pharmacist = await createAccount('farmacista');
    await applicationWithAMessage(request, owner, pharmacist);

    // The pharmacist.
    await startSession(page, pharmacist.email);
    const places = headerPlaces(page);
    await expect(places.getByRole('link')).toHaveText([
      'Cerca Offerte',
      /Le mie candidature/,
      'La mia disponibilità',
      'I miei turni',
    ]);
    await expect(bottomBar(page)).toHaveCount(0);
    await expect(places.getByRole('link', { name: 'Le mie candidature, 1 messaggio da leggere', exact: true })).toBeVisible();
    await places.getByRole('link', { name: 'La mia disponibilità', exact: true }).click();
    await expect(page).toHaveURL('/disponibilita');
    await expect(places.getByRole('link', { name: 'La mia disponibilità', exact: true })).toHaveAttribute('aria-current', 'page');

    // 'Altro' opens the other pages, Escape closes it and gives the focus back.
    const more = page.getByRole('button', { name: 'Altro', exact: true });
    await expect(page.getByRole('link', { name: 'Fatture', exact: true })).toHaveCount(0);
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    for (const name of ['Fascicolo professionale', 'Fatture', 'Recensioni', 'Notifiche'])
      await expect(page.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
    await expectNoViolations(page, "the header with 'Altro' open at 1280 px");
    await page.keyboard.press('Escape');
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await expect(more).toBeFocused();
    await more.click();
    await page.getByRole('banner').getByRole('link', { name: 'Fatture', exact: true }).click();
    await expect(page).toHaveURL('/fatture');
    await expect(more).toHaveAttribute('aria-expanded', 'false');

    // The skip link leads to the header's places.
    await page.goto('/');
    await expect(places.getByRole('link').first()).toBeVisible();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Vai alla navigazione' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(places.getByRole('link', { name: 'Cerca Offerte', exact: true })).toBeFocused();

    // The owner, on another device.
    const desk = await page.context().browser()?.newPage({ viewport: DESKTOP });
    if (!desk) throw new Error('no browser');
    await startSession(desk, owner.email);
    const ownerPlaces = headerPlaces(desk);
    await expect(ownerPlaces.getByRole('link')).toHaveText([
      /Candidature Ricevute/,
      'Le Mie Offerte',
      'Cerca Farmacisti',
      'Turni lavorati',
    ]);
    await expect(
      ownerPlaces.getByRole('link', { name: 'Candidature Ricevute, 1 candidatura da valutare', exact: true }),
    ).toBeVisible();
    await desk.getByRole('button', { name: 'Altro', exact: true }).click();
    for (const name of ['Fatture ricevute', 'Recensioni', 'Notifiche'])
      await expect(desk.getByRole('banner').getByRole('link', { name, exact: true })).toBeVisible();
    await expect(desk.getByRole('link', { name: 'Organizzazione', exact: true })).toBeVisible();
    await desk.close();
  });
});
