/**
 * The mail outbox in the real server process: the sender starts with the server, keeps a notification mail while
 * SMTP is away, delivers it once SMTP is back (exactly once), and the server still shuts down cleanly (exit 0).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthy, jobRunsSince, spawnServer, testPort, until } from '../test/server-process';
import { startSmtpServer, type TSmtp } from '../test/smtp';
import { DEMO_ACCOUNTS } from './demo';

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-outbox-test-'));
const port = testPort();
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | undefined;
let smtp: TSmtp | undefined;

afterAll(async () => {
  server?.kill('SIGKILL');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function json(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  return { status: response.status, body: (await response.json()) as never };
}

describe('the outbox sender in the server process', () => {
  it('delivers a notification mail once SMTP comes back, exactly once, and stops with the server', async () => {
    const smtpPort = testPort();
    server = spawnServer({
      DATA_DIR: dataDir,
      PORT: String(port),
      SEED_DEMO: 'true',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PUBLIC_URL: 'http://farmaponte.test',
    });
    const exited = new Promise<{ code: number | null }>((r) => server?.once('exit', (code) => r({ code })));
    await healthy(base);

    const login = await json('/api/token/', {
      method: 'POST',
      body: { username: DEMO_ACCOUNTS.farmacistaConCv, password: DEMO_ACCOUNTS.password },
    });
    const token = (login.body as { access: string }).access;
    const offers = (await json('/api/offers/', { token })).body as { id: number; title: string }[];
    const partTime = offers.find((o) => o.title === 'Farmacista collaboratore part-time');
    const applied = new Date();
    expect((await json('/api/candidature/', { method: 'POST', token, body: { offer_id: partTime?.id } })).status).toBe(201);

    // SMTP is away for the first attempt (a round of the sender after the application); then it comes back where the
    // server expects it.
    await jobRunsSince(base, 'mail-outbox', applied);
    smtp = await startSmtpServer(undefined, smtpPort);
    await until(() => smtp?.received.some((m) => m.to.includes(DEMO_ACCOUNTS.titolareRoma)) ?? false, "the owner's mail", 60_000);
    expect(smtp.lastTo(DEMO_ACCOUNTS.titolareRoma)?.text).toContain('Subject: Farmaponte: Nuova candidatura');
    expect(smtp.lastTo(DEMO_ACCOUNTS.titolareRoma)?.text).toContain('http://farmaponte.test/candidature?offer_id=');

    // Two more rounds of the sender send nothing again: the owner's mail and the demo's retention warning, once each.
    await jobRunsSince(base, 'mail-outbox', new Date(), 2);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [DEMO_ACCOUNTS.farmacistaInattivo, DEMO_ACCOUNTS.titolareRoma].sort(),
    );

    server.kill('SIGTERM');
    expect((await exited).code).toBe(0);
  }, 150_000);
});
