/**
 * The real server on the benchmark dataset serving a production build of the web app, for the browser benchmarks
 * (bench/web.ts, bench/web-trace.ts, bench/web-load-tasks.ts, bench/web-loaf.ts, bench/web-inspector-cost.ts). Stopped
 * when the process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import { DEFAULT_PASSWORD } from '../apps/api/src/factories';
import { BENCH_ACCOUNTS, BENCH_OFFER_TITLES, DEFAULT_BENCH_URL } from './database';
import { instrument } from './web-page';

const ROOT = resolve(import.meta.dirname, '..');

/** Starts the server on 127.0.0.1:`port` and resolves once /api/health/ answers. */
export async function startWebServer(port: string, databaseUrl: string, webDist: string): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', resolve(ROOT, 'apps/api/src/server.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'benchmark-secret-benchmark-secret-benchmark',
      PORT: port,
      HOST: '127.0.0.1',
      // As deployed, like bench/load.ts.
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_MAX_PER_IP: '100000',
      WEB_CONCURRENCY: '1',
      WEB_DIST: webDist,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.on('exit', () => server.kill('SIGTERM'));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not start`);
}

/** Logs in as the bench pharmacist through /login (nothing fetched from elsewhere); returns the session to reuse. */
export async function logIn(browser: Browser, base: string) {
  const context = await browser.newContext();
  await context.route(
    (url) => url.origin !== base,
    (route) => route.abort(),
  );
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel('Email', { exact: true }).fill(BENCH_ACCOUNTS.pharmacist);
  await page.getByLabel('Password', { exact: true }).fill(DEFAULT_PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL(`${base}/`);
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * A fresh context and page as the phone-4g profile of bench/web.ts meets /cerca_offerte: 390×844 at device scale 3,
 * mobile, touch, the CPU 4× slower and a 4G network (1.6 Mbps down, 750 kbps up, 150 ms round trip), the page's
 * measuring script (bench/web-page.ts) and any `extra` script added before the page's own.
 */
export async function openPhonePage(
  browser: Browser,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>>,
  extra: (() => void)[] = [],
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'it-IT',
    storageState,
  });
  // tsx keeps functions' names with a helper the page does not have.
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await context.addInitScript(instrument, { mapLabel: UI_TEXT.offersMapLabel, titles: BENCH_OFFER_TITLES });
  for (const script of extra) await context.addInitScript(script);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 1_600_000 / 8,
    uploadThroughput: 750_000 / 8,
    connectionType: 'cellular4g',
  });
  return { context, page, cdp };
}

/** The command line of the one-page tools (bench/web-load-tasks.ts, bench/web-loaf.ts): rounds, port, dataset, build. */
export function onePageToolOptions(defaults: { rounds: string; port: string }) {
  const { values } = parseArgs({
    options: {
      rounds: { type: 'string', default: defaults.rounds },
      port: { type: 'string', default: defaults.port },
      'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
      'web-dist': { type: 'string' },
    },
  });
  return {
    rounds: Number(values.rounds),
    port: values.port,
    base: `http://127.0.0.1:${values.port}`,
    databaseUrl: values['database-url'],
    webDist: resolve(values['web-dist'] ?? resolve(ROOT, 'apps/web/dist')),
  };
}

/** The server on the tool's dataset and build, Chromium (resolving no name but 127.0.0.1) and the pharmacist's session. */
export async function startOnePageTool(options: ReturnType<typeof onePageToolOptions>) {
  await startWebServer(options.port, options.databaseUrl, options.webDist);
  const browser = await launchBenchBrowser();
  return { browser, storageState: await logIn(browser, options.base) };
}

/**
 * V8 keeps every function's lines and columns from the moment it compiles it, instead of parsing the function again
 * the first time they are asked for (decision 078). Playwright's Runtime domain asks for them on every Error made, and
 * React makes Errors while its code is evaluated: without this, the task that evaluates the app's first file is
 * 3–4 times longer under the benchmark than on a phone (bench/web-inspector-cost.ts measures it).
 */
export const EAGER_SOURCE_POSITIONS = '--js-flags=--no-enable-lazy-source-positions';

/** No name resolves but 127.0.0.1's: nothing is fetched from the internet, without intercepting the page's requests. */
export const LOCAL_NAMES_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';

/** The browser of the web benchmarks: local names only, lines kept when compiled. */
export function launchBenchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [LOCAL_NAMES_ONLY, EAGER_SOURCE_POSITIONS],
  });
}

/**
 * Other pharmacists keep the server's open-offer list built (decision 006): one request with the session just before a
 * round, so a round does not also measure the list being built.
 */
export async function warmServer(base: string, storageState: Awaited<ReturnType<BrowserContext['storageState']>>) {
  const accessToken = storageState.origins.flatMap((o) => o.localStorage).find((item) => item.name === 'access')?.value;
  const response = await fetch(`${base}/api/offers/`, {
    headers: { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'br' },
  });
  if (!response.ok) throw new Error(`GET /api/offers/: ${response.status}`);
  await response.arrayBuffer();
}

/**
 * The map dragged with the mouse for about two seconds, one move per frame, right and down then back (bench/web.ts's
 * panning gesture, traced by bench/web-trace.ts --gesture pan).
 */
export async function dragMap(page: Page, box: { x: number; y: number; width: number; height: number }) {
  const x0 = box.x + box.width / 2;
  const y0 = box.y + box.height / 2;
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  const steps = 120;
  for (let i = 1; i <= steps; i++) {
    const t = i <= steps / 2 ? i / (steps / 2) : (steps - i) / (steps / 2);
    await page.mouse.move(x0 + t * Math.min(150, box.width / 3), y0 + t * Math.min(100, box.height / 3));
    await page.waitForTimeout(16);
  }
  await page.mouse.up();
  await page.waitForTimeout(300);
}
