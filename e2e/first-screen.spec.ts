/**
 * /cerca_offerte's first screen drawn before the app's code has arrived (docs/decisions/057): on a slow phone the list
 * shows as soon as its answer comes, and the app, once loaded, takes over the same list without a change. The app's
 * scripts are held back here, as a slow line would, so what a user sees before them is what is checked.
 * The offers are in Aprica, a comune no other spec file uses.
 */
import { randomUUID } from 'node:crypto';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { Page } from '@playwright/test';
import { logIn } from './support/accounts';
import { apiToken, createOfferThroughApi } from './support/api-setup';
import { expect, test } from './support/test';

// A slow line's first visit, before the service worker (decision 096): once it controls the page, the app's files come
// from the phone's cache at once (not held by page.route, which does not see what a worker answers).
test.use({ serviceWorkers: 'block' });

const rows = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Cerca per comune' });

/**
 * Holds every script file of the app until `release` is called (the inline first script is not a file); `held`
 * resolves once the page has asked for one, i.e. its HTML, and so the inline script, has been read.
 */
async function holdAppScripts(page: Page): Promise<{ release: () => void; held: Promise<void> }> {
  let release = () => {};
  let hold = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const held = new Promise<void>((resolve) => {
    hold = resolve;
  });
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      hold();
      await released;
      await route.continue();
    },
  );
  return { release, held };
}

test("la lista si vede prima che arrivi il codice dell'app, e l'app la riprende uguale", async ({
  page,
  request,
  createAccount,
}) => {
  const tag = randomUUID().slice(0, 6);
  const owner = await createAccount('titolare', {
    comune_farmacia: 'Aprica',
    indirizzo_farmacia: 'Via Roma 1, Aprica',
    denominazione_farmacia: `Farmacia <Aprica> & ${tag}`,
  });
  const token = await apiToken(request, owner.email);
  const titles = [`Turno "festivo" ${tag}`, `Sostituzione <ferie> ${tag}`];
  for (const [n, title] of titles.entries()) {
    const day = daysFromNow(10 + n);
    await createOfferThroughApi(request, token, {
      title,
      description: 'Banco e consiglio al cliente.',
      salary: '',
      date_from: day,
      date_to: day,
      hourly_pay: 22.5,
    });
  }
  const pharmacist = await createAccount('farmacista');
  await logIn(page, pharmacist.email);

  // On a phone, where the list is below the map: the rows are reached by scrolling while the app's code is on its way.
  await page.setViewportSize({ width: 390, height: 844 });
  const { release } = await holdAppScripts(page);
  await page.goto('/cerca_offerte?comune=Aprica', { waitUntil: 'commit' });
  // Before any of the app's code: the page's title, how many offers, and the rows, their text as written.
  await expect(page.getByRole('heading', { level: 1, name: 'Farmacie che Cercano Personale' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '2 offerte' })).toBeVisible();
  await expect(rows(page)).toHaveText([
    new RegExp(`^Turno "festivo" ${tag}Farmacia <Aprica> & ${tag} · Aprica.*22,50 €/ora`),
    new RegExp(`^Sostituzione <ferie> ${tag}Farmacia <Aprica> & ${tag} · Aprica`),
  ]);
  await expect(searchBox(page)).toHaveCount(0);
  // A tap on a row before the app has come is not lost: the app opens that row once it shows its page.
  await rows(page).nth(1).getByRole('button').click();

  release();
  // The app's page replaces it: the same two rows (not four), now with the search box, the tapped row open and focused.
  await expect(searchBox(page)).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toHaveText(new RegExp(`^Turno "festivo" ${tag}`));
  const second = rows(page).nth(1).getByRole('button');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(second).toBeFocused();
  await expect(second).toBeInViewport();
  await expect(page.getByRole('region', { name: new RegExp(`Sostituzione <ferie> ${tag}`) })).toContainText('Manda CV');
  // And the rows open as usual.
  const first = rows(page).first().getByRole('button');
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(second).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('button', { name: 'Manda CV' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Mappa delle offerte' })).toBeVisible();
});

test('senza sessione nessuna lista prima del codice: la pagina di accesso, e nessuna offerta chiesta', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname.startsWith('/api/offers')) asked.push(sent.url());
  });
  const { release, held } = await holdAppScripts(page);
  await page.goto('/cerca_offerte', { waitUntil: 'commit' });
  await held;
  release();
  await expect(page).toHaveURL('/login?next=/cerca_offerte');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(0);
  expect(asked).toEqual([]);
});
