/** The real server process: durable writes across kill -9, and a clean exit on SIGTERM with requests in flight. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-server-test-'));
const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;

function start(): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'server.ts')], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: 'ignore',
  });
}

async function ready() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not start');
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));

const registration = {
  username: 'durevole@example.it',
  password: 'password-sicura',
  profile: {
    name: 'Dora',
    surname: 'Durevole',
    dob: '1990-01-01',
    telephone: '3331234567',
    userRole: 'farmacista',
    privacyPolicyConsent: true,
  },
};
const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process on the embedded database', () => {
  it('keeps an acknowledged registration after kill -9, and exits 0 on SIGTERM after answering in-flight requests', async () => {
    const first = start();
    await ready();
    expect((await post('/api/user/register/', registration)).status).toBe(201);
    first.kill('SIGKILL');
    await exited(first);

    const second = start();
    await ready();
    const inFlight = post('/api/token/', { username: registration.username, password: registration.password });
    await new Promise((r) => setTimeout(r, 5));
    second.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await exited(second)).toBe(0);
  }, 120_000);
});
