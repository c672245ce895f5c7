/**
 * Screenshots of every page of a running Farmaponte (with the demo data) at 1280 and 390 px, saved as
 * docs/screenshots/<page>-<width>.png. Pages the build cannot reach yet (not found, or another role's page)
 * are left out, and an older picture of them is removed.
 *
 *   npm run start:demo -w apps/api   (or: npm start)
 *   npx tsx scripts/screenshots.ts [baseURL]      default http://localhost:3000
 */
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from '@playwright/test';

const BASE_URL = (process.argv[2] ?? 'http://localhost:3000').replace(/\/$/, '');
const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'screenshots');
const WIDTHS = [1280, 390] as const;
const HEIGHT: Record<(typeof WIDTHS)[number], number> = { 1280: 800, 390: 844 };
const PASSWORD = 'Farmaponte2026!';

interface TShot {
  /** File name before the width. */
  name: string;
  path: string;
}

/** Who logs in, and what they see. */
const SESSIONS: { email: string | null; shots: TShot[] }[] = [
  {
    email: null,
    shots: [
      { name: 'login', path: '/login' },
      { name: 'register', path: '/register' },
      { name: 'forgot-password', path: '/forgot-password' },
    ],
  },
  {
    email: 'giulia.bianchi@farmaponte.it',
    shots: [
      { name: 'dashboard-farmacista', path: '/' },
      { name: 'profile-farmacista', path: '/profile' },
      { name: 'cerca_offerte', path: '/cerca_offerte' },
      { name: 'mie_candidature', path: '/mie_candidature' },
    ],
  },
  {
    email: 'titolare.milano@farmaponte.it',
    shots: [
      { name: 'dashboard-titolare', path: '/' },
      { name: 'profile-titolare', path: '/profile' },
      { name: 'mie_offerte', path: '/mie_offerte' },
      { name: 'candidature', path: '/candidature' },
    ],
  },
  {
    email: 'admin@farmaponte.it',
    shots: [
      { name: 'dashboard-admin', path: '/' },
      { name: 'farmacie', path: '/farmacie' },
      { name: 'utenti', path: '/utenti' },
    ],
  },
];

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto(`${BASE_URL}/login`);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accedi', exact: true }).click();
  await page.waitForURL(`${BASE_URL}/`, { timeout: 15_000 }).catch(() => {
    throw new Error(`Accesso non riuscito per ${email}: il server ha i dati demo (SEED_DEMO=true)?`);
  });
}

/** Opens a page and waits until it has settled; false when the page is not there for this user. */
async function open(page: Page, path: string): Promise<boolean> {
  // Already there (the dashboard right after logging in): no need to load it again.
  if (new URL(page.url()).pathname !== path) await page.goto(`${BASE_URL}${path}`);
  // Map tiles come from the internet: a machine offline must not stop the pictures.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 15_000 })
    .catch(() => undefined);
  if (new URL(page.url()).pathname !== path) return false;
  // Anything but the app (an error answer from the server) has no heading of ours.
  if ((await page.getByRole('heading', { level: 1 }).count()) === 0) return false;
  const notFound = await page.getByRole('heading', { name: 'Pagina non trovata' }).count();
  return notFound === 0;
}

async function shoot(browser: Browser, width: (typeof WIDTHS)[number]): Promise<string[]> {
  const saved: string[] = [];
  for (const session of SESSIONS) {
    const context = await browser.newContext({
      viewport: { width, height: HEIGHT[width] },
      locale: 'it-IT',
      timezoneId: 'Europe/Rome',
      deviceScaleFactor: 1,
    });
    const page = await context.newPage();
    try {
      if (session.email) await logIn(page, session.email);
      for (const shot of session.shots) {
        const file = join(OUT_DIR, `${shot.name}-${width}.png`);
        if (await open(page, shot.path)) {
          await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
          saved.push(file);
          console.log(`salvata   ${shot.path} → ${file}`);
        } else {
          rmSync(file, { force: true });
          console.log(`saltata   ${shot.path} (non raggiungibile: ${page.url()})`);
        }
      }
    } finally {
      await context.close();
    }
  }
  return saved;
}

mkdirSync(OUT_DIR, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
try {
  let count = 0;
  for (const width of WIDTHS) count += (await shoot(browser, width)).length;
  console.log(`${count} schermate in ${OUT_DIR}`);
} finally {
  await browser.close();
}
