/**
 * The mail outbox when its server stops (docs/decisions/042), with real server processes on a PostgreSQL of the test's
 * own and a real, slowed SMTP server: on SIGTERM the server stops taking mail at once and exits with nothing left
 * claimed, and another server then sends the rest, none twice; after a kill -9 the mails the dead server held go out
 * from another server as soon as its short claim runs out.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOwnPostgres, type TOwnPostgres } from '../test/own-postgres';
import { healthy, spawnServer, testPort, until } from '../test/server-process';
import { startSmtpServer, type TSmtp } from '../test/smtp';
import { openDatabase, type TDatabase } from './db/client';

const pgPort = testPort();
const apiPort = testPort(2);
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-mail-shutdown-'));
/** The claim in the kill -9 test: short, so the test waits seconds (the default is 30 s). */
const LEASE_SECONDS = 5;
let postgres: TOwnPostgres;
let database: TDatabase;
let smtp: TSmtp;
const servers: ChildProcess[] = [];

beforeAll(async () => {
  postgres = createOwnPostgres(pgPort);
  postgres.start();
  database = await openDatabase({ databaseUrl: postgres.url });
  await database.migrate();
  smtp = await startSmtpServer();
}, 60_000);
afterAll(async () => {
  for (const server of servers) server.kill('SIGKILL');
  await database?.close();
  await smtp?.close();
  postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.execute(sql`truncate mail_outbox restart identity`);
  smtp.received.length = 0;
});

/** A server sending the outbox into the test's SMTP server; answers it and its exit code, once it exits. */
async function startServer(env: Record<string, string> = {}) {
  const index = servers.length;
  const server = spawnServer({
    DATABASE_URL: postgres.url,
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    DATA_DIR: join(dataDir, String(index)),
    PORT: String(apiPort + index),
    SMTP_URL: smtp.url,
    ...env,
  });
  servers.push(server);
  const exit = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  await healthy(`http://127.0.0.1:${apiPort + index}`);
  return { server, exit, exited: () => exited };
}

/** The rows of a query on the test's PostgreSQL. */
async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function queueMails(count: number) {
  await database.db.execute(sql`
    insert into mail_outbox (user_id, "to", subject, text, html)
    select null, 'persona' || i || '@example.it', 'Mail ' || i, 'Testo ' || i, '<p>Testo ' || i || '</p>'
    from generate_series(1, ${count}) as i`);
}

async function outbox() {
  const [counts] = await rowsOf<{ sent: number; claimed: number; waiting: number }>(sql`
    select count(*) filter (where sent_at is not null)::int as sent,
           count(*) filter (where sent_at is null and claimed_until is not null)::int as claimed,
           count(*) filter (where sent_at is null)::int as waiting
    from mail_outbox`);
  return counts as { sent: number; claimed: number; waiting: number };
}

/** The outbox ids of the mails the SMTP server received, from their stable Message-ID (one entry per delivery). */
const deliveredIds = () => smtp.received.map((mail) => Number(mail.raw.match(/Message-ID: <outbox-(\d+)-/i)?.[1]));

describe('the outbox when its server stops', () => {
  it('SIGTERM mid-send: exits at once leaving no mail claimed, and another server sends the rest, none twice', async () => {
    const total = 300;
    // A second a mail over 5 connections: the backlog would take a minute, a batch of 50 ten seconds.
    smtp.setDelay(1_000);
    const first = await startServer({ SHUTDOWN_TIMEOUT_SECONDS: '60' });
    await queueMails(total);
    await until(() => smtp.received.length >= 10, 'the first mails');

    first.server.kill('SIGTERM');
    // Well inside the backlog's minute and the 60 s deadline: it stopped taking mail, it did not wait for its batch.
    await until(first.exited, 'the server to exit after SIGTERM', 8_000);
    expect(await first.exit).toBe(0);
    const after = await outbox();
    expect(after.claimed).toBe(0);
    expect(after.sent).toBe(smtp.received.length);
    expect(after.waiting).toBeGreaterThan(0);

    smtp.setDelay(0);
    const second = await startServer();
    await until(async () => (await outbox()).sent === total, 'every mail sent', 120_000);
    expect(deliveredIds()).toHaveLength(total);
    expect(new Set(deliveredIds()).size).toBe(total);
    second.server.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });

  it('kill -9 mid-send: the mails the dead server held are sent by another within the short claim', async () => {
    const total = 120;
    smtp.setDelay(250);
    const first = await startServer({ OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) });
    await queueMails(total);
    await until(() => smtp.received.length >= 10, 'the first mails');

    first.server.kill('SIGKILL');
    await first.exit;
    const held = (
      await rowsOf<{ id: number }>(sql`select id from mail_outbox where sent_at is null and claimed_until is not null`)
    ).map((row) => row.id);
    expect(held.length).toBeGreaterThan(0);

    // Another server (a replacement): once it runs, the dead one's claims run out within a lease, and the next
    // round after that (every 2 s) takes them.
    smtp.setDelay(0);
    const second = await startServer({ OUTBOX_LEASE_SECONDS: String(LEASE_SECONDS) });
    await until(
      async () => {
        const [left] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from mail_outbox where sent_at is null and id = any(${sql.param(held)})`,
        );
        return left?.n === 0;
      },
      "the dead server's mails",
      2 * LEASE_SECONDS * 1000 + 2_000,
    );
    await until(async () => (await outbox()).sent === total, 'every mail sent', 60_000);
    expect(new Set(deliveredIds()).size).toBe(total);
    // A mail SMTP took just before the kill, not yet marked, goes out again (its Message-ID the same): only those.
    const twice = deliveredIds().filter((id, i, all) => all.indexOf(id) !== i);
    expect(twice.every((id) => held.includes(id))).toBe(true);
    second.server.kill('SIGTERM');
    expect(await second.exit).toBe(0);
  });
});
