/**
 * The installed app (decision 096): installable by Chromium's own checks, the last lists seen and an Italian page
 * when offline, a phone that keeps one account's lists only, and a new build that reaches an open page.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { daysFromNow } from '@farmaponte/shared/dates';
import type { Page } from '@playwright/test';
import { healthy, spawnServer, testPort } from '../apps/api/test/server-process';
import { startSession } from './support/accounts';
import { apiToken, applyThroughApi, createOfferThroughApi, uploadCvThroughApi } from './support/api-setup';
import { expectNoViolations } from './support/axe';
import { makePdf } from './support/files';
import { E2E_DIR } from './support/paths';
import { expect, test } from './support/test';

/** Resolves once the service worker controls the page (it takes over a page it did not load: clients.claim). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

test('Chromium finds the app installable: its manifest, icons and service worker', async ({ playwright }, testInfo) => {
  // A browser profile of its own, not an incognito context (Chromium installs nothing from one), as Lighthouse runs.
  const profile = join(E2E_DIR, `profile-${randomUUID().slice(0, 6)}`);
  const { launchOptions, baseURL } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    // What Lighthouse 11's installable-manifest audit reads (Lighthouse 12 dropped it; see docs/testing.md).
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    const parsed = JSON.parse(manifest.data ?? '{}') as { icons: { src: string }[] };
    expect(parsed).toMatchObject({ name: 'Farmaponte', lang: 'it', display: 'standalone', start_url: '/' });
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    expect(installabilityErrors).toEqual([]);
    // The icons it names are there.
    for (const icon of parsed.icons) expect((await page.request.get(icon.src)).headers()['content-type']).toBe('image/png');
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("Lighthouse 11's installability audit passes in the bundled Chromium", async ({ baseURL }) => {
  // Lighthouse 12 dropped its PWA audits; 11 is the last with installable-manifest. It drives /usr/bin/chromium in a
  // profile of its own and downloads no browser.
  const cli = join(import.meta.dirname, '../node_modules/lighthouse/cli/index.js');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      cli,
      `${baseURL}/`,
      '--only-audits=installable-manifest',
      '--chrome-flags=--headless --no-sandbox --disable-gpu',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
    ],
    {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      maxBuffer: 64 * 1024 * 1024,
      timeout: 120_000,
    },
  );
  const report = JSON.parse(stdout) as {
    lighthouseVersion: string;
    runtimeError?: unknown;
    audits: Record<string, { score: number | null; details?: { items?: unknown[] } }>;
  };
  expect(report.lighthouseVersion).toMatch(/^11\./);
  expect(report.runtimeError).toBeUndefined();
  // Each item is an installability error; none, and the audit passes.
  expect(report.audits['installable-manifest']?.details?.items).toEqual([]);
  expect(report.audits['installable-manifest']?.score).toBe(1);
});

test('offline, the last lists seen and an Italian page for the rest; at logout they go, and another account never sees them', async ({
  page,
  context,
  request,
  createAccount,
}) => {
  const tag = randomUUID().slice(0, 6);
  const owner = await createAccount('titolare', {
    comune_farmacia: 'Livigno',
    denominazione_farmacia: `Farmacia Offline ${tag}`,
  });
  const ownerToken = await apiToken(request, owner.email);
  const day = daysFromNow(12);
  const title = `Turno in montagna ${tag}`;
  const offerId = await createOfferThroughApi(request, ownerToken, {
    title,
    description: 'Banco e consiglio.',
    salary: '',
    date_from: day,
    date_to: day,
    hourly_pay: 24,
  });
  const sara = await createAccount('farmacista');
  const saraToken = await apiToken(request, sara.email);
  await uploadCvThroughApi(request, saraToken, await makePdf('Curriculum vitae'));
  await applyThroughApi(request, saraToken, offerId);

  await startSession(page, sara.email);
  await controlled(page);
  await page.goto('/mie_candidature');
  await expect(page.getByText(title)).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  // The app from the worker's copy, her application from the last answer, and she is told.
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie candidature' })).toBeVisible();
  await expect(page.getByText(title)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: "Sei offline: dati dell'ultimo aggiornamento" })).toBeVisible();
  await expectNoViolations(page, 'offline list, 1280 px');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoViolations(page, 'offline list, 390 px');
  // A page whose data were never kept: the offline page, in Italian, with no network.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Sei offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Riprova' })).toBeVisible();
  await expectNoViolations(page, 'offline page, 390 px');
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoViolations(page, 'offline page, 1280 px');

  await context.setOffline(false);
  await page.goto('/mie_candidature');
  await expect(page.getByText(title)).toBeVisible();
  expect((await cacheNames(page)).some((name) => name.startsWith('farmaponte-lists-'))).toBe(true);
  await page.getByRole('banner').getByRole('link', { name: 'Logout', exact: true }).click();
  await expect.poll(async () => (await cacheNames(page)).filter((name) => name.startsWith('farmaponte-lists-'))).toEqual([]);

  // Another pharmacist on the same phone, offline: none of Sara's lists.
  const other = await createAccount('farmacista');
  await startSession(page, other.email);
  await controlled(page);
  await context.setOffline(true);
  await page.goto('/mie_candidature');
  await expect(page.getByRole('heading', { level: 1, name: 'Le mie candidature' })).toBeVisible();
  await expect(page.getByText(title)).toHaveCount(0);
  await context.setOffline(false);
});

test.describe('a new build', () => {
  // Two builds and a server of its own, restarted between them: one at a time.
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  const root = join(E2E_DIR, 'two-builds');
  const buildB = join(root, 'web-b');
  const port = testPort();
  const base = `http://127.0.0.1:${port}`;
  let server: ReturnType<typeof spawnServer> | undefined;

  async function serve(webDist: string) {
    if (server) {
      const stopped = new Promise((resolve) => server?.once('exit', resolve));
      server.kill('SIGTERM');
      await stopped;
    }
    server = spawnServer({ PORT: String(port), DATA_DIR: join(root, 'data'), WEB_DIST: webDist });
    await healthy(base);
  }

  test.beforeAll(() => {
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    // Build B: the same sources built again under another name (a deploy's FARMAPONTE_BUILD), into its own folder.
    execFileSync('npx', ['vite', 'build', '--outDir', buildB, '--emptyOutDir', '--logLevel', 'error'], {
      cwd: join(import.meta.dirname, '../apps/web'),
      env: { ...process.env, FARMAPONTE_BUILD: `b${randomUUID().slice(0, 6)}` },
      stdio: 'inherit',
    });
  });

  test.afterAll(() => {
    server?.kill('SIGTERM');
  });

  test('reaches an open page: its worker takes over, drops the old caches, and the page moves to it when asked', async ({
    page,
  }) => {
    const buildOf = (dir: string) =>
      /<meta name="farmaponte-build" content="([\w.-]+)">/.exec(readFileSync(join(dir, 'index.html'), 'utf8'))?.[1];
    const buildA = join(import.meta.dirname, '../apps/web/dist');
    const versionA = buildOf(buildA);
    const versionB = buildOf(buildB);
    expect(versionA).toBeTruthy();
    expect(versionB).not.toBe(versionA);
    const pageBuild = () => page.locator('meta[name="farmaponte-build"]').getAttribute('content');

    await serve(buildA);
    await page.goto(`${base}/cerca_offerte`);
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
    await controlled(page);
    expect(await pageBuild()).toBe(versionA);
    expect(await cacheNames(page)).toContain(`farmaponte-app-${versionA}`);

    // The deploy: the same address now serves build B. The open page looks for a new worker when it comes back to view.
    await serve(buildB);
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const notice = page.getByRole('status').filter({ hasText: 'Nuova versione disponibile.' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expectNoViolations(page, 'new version notice');
    // A's files are gone from the caches; B's are there.
    // (The page is told as the new worker starts; the old caches go while it does.)
    await expect.poll(() => cacheNames(page)).toEqual([`farmaponte-app-${versionB}`]);

    await notice.getByRole('button', { name: 'Aggiorna' }).click();
    await expect.poll(pageBuild).toBe(versionB);
    // B's app runs: the search asks a visitor to log in first.
    await expect(page.getByRole('heading', { level: 1, name: 'Accedi' })).toBeVisible();
  });
});
