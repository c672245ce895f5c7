/** The real server as a child process, for the tests that restart, kill or starve it (apps/api/src/server*.test.ts). */
import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { resolve } from 'node:path';

const SERVER = resolve(import.meta.dirname, '../src/server.ts');

/** Starts `npm start`'s server with `env` over quiet defaults (no web build, no logs, loopback only). */
export function spawnServer(env: Record<string, string>, stdio: StdioOptions = 'ignore'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env },
    stdio,
  });
}

/** Polls `check` until it holds; fails with `what` after `ms`. A check that throws counts as not yet. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Resolves when the server answers its health check. */
export const healthy = (base: string, what = 'the server to start') =>
  until(async () => (await fetch(`${base}/api/health/`)).ok, what, 120_000);
