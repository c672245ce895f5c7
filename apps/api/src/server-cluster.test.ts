/**
 * `npm start` on PostgreSQL with WEB_CONCURRENCY=2 (docs/decisions/029): two worker processes answer on the one port,
 * only one of them runs the mail outbox sender and a notification mail is sent once, and SIGTERM stops the workers
 * gracefully and the whole server exits 0. PostgreSQL is the test's own (test/own-postgres.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnPostgres, type TOwnPostgres } from '../test/own-postgres';
import { healthy, jobRunsSince, spawnServer, testPort, until } from '../test/server-process';
import { startSmtpServer, type TSmtp } from '../test/smtp';
import { DEMO_ACCOUNTS } from './demo';

const pgPort = testPort();
const apiPort = testPort();
const base = `http://127.0.0.1:${apiPort}`;
let postgres: TOwnPostgres;
let server: ChildProcess | undefined;
let smtp: TSmtp | undefined;

beforeAll(() => {
  postgres = createOwnPostgres(pgPort);
  postgres.start();
}, 60_000);
afterAll(async () => {
  server?.kill('SIGKILL');
  await smtp?.close();
  postgres?.destroy();
});

/** GET on a fresh connection each time, so the kernel may hand it to either worker. */
const getOnNewConnection = (path: string) =>
  new Promise<number>((resolve, reject) => {
    const req = request(`${base}${path}`, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
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

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the server as a cluster of two workers on PostgreSQL', () => {
  it('answers from both workers, adds up their metrics, sends a notification mail once, and exits 0 on SIGTERM', async () => {
    const smtpPort = testPort();
    const metricsPort = testPort();
    smtp = await startSmtpServer(undefined, smtpPort);
    server = spawnServer(
      {
        DATABASE_URL: postgres.url,
        JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
        PORT: String(apiPort),
        WEB_CONCURRENCY: '2',
        SEED_DEMO: 'true',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        LOG_LEVEL: 'info',
        METRICS_PORT: String(metricsPort),
      },
      ['ignore', 'pipe', 'pipe'],
    );
    // The workers' pino lines (one JSON object a line, with the worker's pid) tell who answered what.
    const logLines: { pid: number; msg?: string; backgroundJobs?: boolean }[] = [];
    let pending = '';
    server.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          logLines.push(JSON.parse(line));
        } catch {}
      }
    });
    server.stderr?.resume();
    const exited = new Promise<{ code: number | null }>((r) => server?.once('exit', (code) => r({ code })));
    await healthy(base);

    const listening = () => logLines.filter((line) => line.msg === 'listening');
    await until(() => listening().length === 2, 'both workers to listen');
    const workers = listening().map((line) => line.pid);
    expect(new Set(workers).size).toBe(2);
    expect(workers).not.toContain(server.pid);
    // One worker runs the background jobs, the other only serves.
    expect(listening().filter((line) => line.backgroundJobs === true)).toHaveLength(1);

    // Fresh connections are spread over both workers.
    for (let i = 0; i < 20; i++) expect(await getOnNewConnection('/api/health/live')).toBe(200);
    const answeredBy = new Set(logLines.filter((line) => line.msg === 'request completed').map((line) => line.pid));
    expect([...answeredBy].sort()).toEqual([...workers].sort());

    // The demo's retention warning, put in the outbox at seeding, goes out first.
    await until(
      () => smtp?.received.some((m) => m.to.includes(DEMO_ACCOUNTS.farmacistaInattivo)) ?? false,
      "the demo's retention warning",
      60_000,
    );
    // The primary serves both workers' metrics on METRICS_PORT, added up; the public port does not serve them.
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    const live = metrics
      .split('\n')
      .find((line) => line.startsWith('http_request_duration_seconds_count{') && line.includes('route="/api/health/live"'));
    expect(Number(live?.split(' ').pop())).toBeGreaterThanOrEqual(20);
    expect(metrics).toContain('db_pool_max_connections');
    expect(metrics).toMatch(/^mail_outbox_pending\{[^}]*\} 0$/m);
    expect(await (await fetch(`${base}/metrics`)).text()).not.toContain('http_request_duration_seconds');

    // An application notifies its offer's owner by mail: sent once, whatever the number of workers.
    const login = await json('/api/token/', {
      method: 'POST',
      body: { username: DEMO_ACCOUNTS.farmacistaConCv, password: DEMO_ACCOUNTS.password },
    });
    expect(login.status).toBe(200);
    const token = (login.body as { access: string }).access;
    const offers = (await json('/api/offers/', { token })).body as { id: number; title: string }[];
    const partTime = offers.find((o) => o.title === 'Farmacista collaboratore part-time');
    expect((await json('/api/candidature/', { method: 'POST', token, body: { offer_id: partTime?.id } })).status).toBe(201);
    await until(() => smtp?.received.some((m) => m.to.includes(DEMO_ACCOUNTS.titolareRoma)) ?? false, "the owner's mail", 60_000);
    // Two more rounds of the sender, in whichever worker runs it, send nothing again.
    await jobRunsSince(base, 'mail-outbox', new Date(), 2);
    expect(smtp.received.flatMap((m) => m.to).sort()).toEqual(
      [DEMO_ACCOUNTS.farmacistaInattivo, DEMO_ACCOUNTS.titolareRoma].sort(),
    );

    server.kill('SIGTERM');
    expect((await exited).code).toBe(0);
    for (const pid of workers) expect(isRunning(pid)).toBe(false);
  }, 170_000);
});
