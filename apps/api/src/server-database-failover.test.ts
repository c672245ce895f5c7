/**
 * A failover under a running server: PostgreSQL with a synchronous streaming standby, the server reaching the primary
 * only through HAProxy (apps/api/test/own-haproxy.ts). The primary crashes, the standby is promoted, the proxy follows
 * it. The process stays up, answers 503 with Retry-After meanwhile, and afterwards the same write succeeds, everything
 * acknowledged before is on the new primary, and the events channel and the mail outbox carry on there: a mail SMTP
 * took while the primary fell is marked sent on the new one, and delivered once.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { primaryCheck, startHaproxy, type TOwnHaproxy } from '../test/own-haproxy';
import { createOwnPostgres, createOwnStandby, type TOwnPostgres } from '../test/own-postgres';
import {
  confirmAndApprove,
  healthy,
  jobRunsSince,
  postJson,
  registration,
  SERVER_TEST_PASSWORD,
  spawnServer,
  testPort,
  until,
} from '../test/server-process';
import { startSmtpServer, type TSmtp } from '../test/smtp';
import { openDatabase } from './db/client';
import { isDatabaseUnavailable } from './lib/database-errors';

const [primaryPort, standbyPort, primaryCheckPort, standbyCheckPort, proxyPort, apiPort] = Array.from({ length: 6 }, () =>
  testPort(),
) as [number, number, number, number, number, number];
const base = `http://127.0.0.1:${apiPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-failover-'));
let primary: TOwnPostgres | undefined;
let standby: ReturnType<typeof createOwnStandby> | undefined;
const checks: { close(): Promise<void> }[] = [];
let proxy: TOwnHaproxy | undefined;
let server: ChildProcess | undefined;
let smtp: TSmtp | undefined;
let exitCode: number | null = null;

beforeAll(async () => {
  primary = createOwnPostgres(primaryPort);
  primary.start();
  standby = createOwnStandby(primary, standbyPort);
  standby.start();
  standby.makeSynchronous();
  checks.push(await primaryCheck(primary.url, primaryCheckPort), await primaryCheck(standby.url, standbyCheckPort));
  proxy = await startHaproxy(proxyPort, [
    { name: 'primary', port: primaryPort, checkPort: primaryCheckPort },
    { name: 'standby', port: standbyPort, checkPort: standbyCheckPort },
  ]);
  await proxy.waitForPrimary('primary');
  smtp = await startSmtpServer();
}, 60_000);

afterAll(async () => {
  server?.kill('SIGKILL');
  await proxy?.stop();
  await smtp?.abort();
  for (const check of checks) await check.close();
  primary?.destroy();
  standby?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, token?: string) => postJson(base, path, body, token);
const offer = (title: string) => ({ title, description: 'Sostituzione per ferie.', salary: '20 €/ora' });

describe('the primary fails over to its synchronous standby under a running server', () => {
  // A proxy that still points at a standby, or a primary being demoted, refuses writes with SQLSTATE 25006: that is the
  // database being away for a moment (503, retry), not a bug (500).
  it('takes a write that reaches the standby for the database being away', async () => {
    if (!standby) throw new Error('the set-up did not finish');
    const onStandby = await openDatabase({ databaseUrl: standby.url });
    try {
      const error = await onStandby.db.execute(sql`create table written_on_a_standby (id int)`).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeDefined();
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await onStandby.close();
    }
  });

  it('answers 503 with Retry-After during the switch, then the same write succeeds and nothing acknowledged is lost', async () => {
    if (!proxy || !primary || !standby || !smtp) throw new Error('the set-up did not finish');
    server = spawnServer({
      SMTP_URL: smtp.url,
      DATABASE_URL: proxy.url('postgres'),
      JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
    });
    server.once('exit', (code) => {
      exitCode = code;
    });
    await healthy(base);

    // Before: writes are acknowledged through the proxy.
    expect((await post('/api/user/register/', registration('titolare@example.it', 'titolare'))).status).toBe(201);
    await confirmAndApprove(proxy.url('postgres'), ['titolare@example.it']);
    const login = await post('/api/token/', { username: 'titolare@example.it', password: SERVER_TEST_PASSWORD });
    const token = ((await login.json()) as { access: string }).access;
    const before = await post('/api/offers/create/', offer('Turno prima del cambio'), token);
    expect(before.status).toBe(201);

    // A mail is on its way to a slow SMTP server when the primary's machine is gone, and no server is promoted yet.
    smtp.setDelay(3_000);
    expect((await post('/api/user/register/', registration('in-volo@example.it'))).status).toBe(201);
    const inFlight = `select count(*) from mail_outbox where "to" = 'in-volo@example.it'`;
    await until(() => standby?.query(`${inFlight} and claimed_until is not null`) === '1', 'the mail to be claimed', 10_000);
    primary.kill();
    const during = await post('/api/offers/create/', offer('Turno durante il cambio'), token);
    expect(during.status).toBe(503);
    expect(during.headers.get('retry-after')).toBeTruthy();
    expect(await during.json()).toMatchObject({ code: 'database_unavailable' });
    expect(exitCode).toBeNull();

    // The standby is promoted; the proxy's check finds it writable and sends the connections there.
    const promotedAt = new Date();
    standby.promote();
    let retried: Response | undefined;
    await until(async () => {
      retried = await post('/api/offers/create/', offer('Turno durante il cambio'), token);
      if (retried.status !== 201 && retried.status !== 503) throw new Error(`answered ${retried.status}`);
      return retried.status === 201;
    }, 'the retried write to be acknowledged');
    expect(retried?.status).toBe(201);

    // On the new primary: what was acknowledged before the switch, the write retried after it, the 503 one once.
    const titles = standby.query('select title from offers order by id').split('\n');
    expect(titles).toEqual(['Turno prima del cambio', 'Turno durante il cambio']);
    expect(standby.query("select count(*) from users where email = 'titolare@example.it'")).toBe('1');

    // The mail SMTP took during the switch is marked sent on the new primary within seconds (before its claim's lease
    // would let it go out again), and was delivered once.
    await until(
      () => standby?.query(`${inFlight} and sent_at is not null`) === '1',
      'the mail in flight to be marked sent',
      10_000,
    );
    smtp.setDelay(0);
    expect(smtp.received.filter((mail) => mail.to.includes('in-volo@example.it'))).toHaveLength(1);

    // The server's LISTEN connection is back, on the new primary.
    await until(
      () => standby?.query("select count(*) from pg_stat_activity where query ilike 'LISTEN %'") === '1',
      'the events channel to listen on the new primary',
    );
    // The job runner and the mail outbox carry on: a registration's confirmation mail is sent from the new primary.
    await jobRunsSince(base, 'mail-outbox', promotedAt);
    expect((await post('/api/user/register/', registration('dopo@example.it'))).status).toBe(201);
    await until(
      () => standby?.query('select count(*) from mail_outbox where "to" = \'dopo@example.it\' and sent_at is not null') === '1',
      'the confirmation mail to be sent after the switch',
    );
    await until(() => smtp?.lastTo('dopo@example.it') !== undefined, 'the confirmation mail to be delivered');
    expect(exitCode).toBeNull();

    server.kill('SIGTERM');
    await until(() => exitCode !== null, 'the server to exit', 15_000);
    expect(exitCode).toBe(0);
  }, 60_000);
});
