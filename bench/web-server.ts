/**
 * The real server on the benchmark dataset serving a production build of the web app, for the browser benchmarks
 * (bench/web.ts, bench/web-trace.ts). Stopped when the process exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { Browser } from '@playwright/test';
import { DEFAULT_PASSWORD } from '../apps/api/src/factories';
import { BENCH_ACCOUNTS } from './database';

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
