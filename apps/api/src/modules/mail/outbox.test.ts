/**
 * The mail outbox (decision 023): mails are kept until SMTP takes them, each is sent once, even with two senders racing,
 * and without SMTP_URL each is filed as an .eml under DATA_DIR/mail/.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { until } from '../../../test/server-process';
import { startSmtpServer } from '../../../test/smtp';
import { mailOutbox } from '../../db/schema';
import { countPendingMails, createMailer, createOutboxSender, enqueueMail, onMailQueued } from './index';

const t = useTestApp();
const call = hiringCalls(t);

const silentLog = { warn() {}, error() {}, info() {} } as never;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Three pharmacists apply and the owner decides: five mails for three people. */
async function someEvents() {
  const s = await hiringScenario(t, { positions: 2, dateFrom: '2030-06-01', dateTo: '2030-06-01' });
  const ids: number[] = [];
  for (const name of ['Anna', 'Bruno', 'Carla']) ids.push((await call.apply(await s.pharmacist(name), s.offer.id)).json().id);
  await call.decide(s.owner, ids[0] as number, { decision: 'accepted' });
  await call.decide(s.owner, ids[1] as number, { decision: 'rejected' });
  return s;
}

const messageIds = (raws: string[]) => raws.map((raw) => raw.match(/Message-ID: (<[^>]+>)/i)?.[1]);

describe('SMTP down, then back', () => {
  it('keeps every mail while SMTP is away, retries with backoff, and sends each exactly once when it is back', async () => {
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    const mailer = createMailer({
      smtpUrl,
      from: 'Farmaponte <no-reply@farmaponte.it>',
      dataDir: '/nonexistent',
      log: silentLog,
    });
    const sender = createOutboxSender({ db: t.database.db, mailer, now: () => t.clock.now, log: silentLog });

    await someEvents();
    const queued = await countPendingMails(t.database.db);
    expect(queued).toBe(5);

    // Nothing listens: every attempt fails, nothing is lost.
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: queued });
    expect(await countPendingMails(t.database.db)).toBe(queued);

    const smtp = await startSmtpServer(undefined, port);
    try {
      // Back, but the mails wait for their backoff.
      expect((await sender.runOnce()).sent).toBe(0);
      t.clock.advance(LIMITS.outboxRetryFirstDelayMs);
      expect(await sender.runOnce()).toEqual({ sent: queued, failed: 0 });
      expect(await countPendingMails(t.database.db)).toBe(0);
      t.clock.advance(LIMITS.outboxRetryMaxDelayMs);
      expect((await sender.runOnce()).sent).toBe(0);
      expect(smtp.received).toHaveLength(queued);
      expect(new Set(messageIds(smtp.received.map((m) => m.raw))).size).toBe(queued);
    } finally {
      await smtp.close();
    }
  });

  it('a second failure waits twice as long', async () => {
    const port = await freePort();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'x <x@x.it>',
      dataDir: '/nonexistent',
      log: silentLog,
    });
    const sender = createOutboxSender({ db: t.database.db, mailer, now: () => t.clock.now, log: silentLog });
    await enqueueMail(
      t.database.db,
      { userId: null, to: 'a@example.it', subject: 'Prova', text: 'Prova', html: '<p>Prova</p>' },
      t.clock.now,
    );
    expect((await sender.runOnce()).failed).toBe(1);
    t.clock.advance(LIMITS.outboxRetryFirstDelayMs);
    expect((await sender.runOnce()).failed).toBe(1);
    t.clock.advance(LIMITS.outboxRetryFirstDelayMs);
    expect(await sender.runOnce()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(LIMITS.outboxRetryFirstDelayMs);
    expect((await sender.runOnce()).failed).toBe(1);
  });
});

describe('two senders at once', () => {
  it('send each mail exactly once', async () => {
    const total = 3 * LIMITS.outboxBatchSize + 7;
    for (let i = 0; i < total; i++)
      await enqueueMail(
        t.database.db,
        { userId: null, to: `persona${i}@example.it`, subject: `Mail ${i}`, text: `Mail ${i}`, html: `<p>Mail ${i}</p>` },
        t.clock.now,
      );
    const mailer = createMailer({ smtpUrl: t.smtp.url, from: 'x <x@x.it>', dataDir: '/nonexistent', log: silentLog });
    const senders = [1, 2].map(() => createOutboxSender({ db: t.database.db, mailer, now: () => t.clock.now, log: silentLog }));
    const results = await Promise.all(senders.map((sender) => sender.runOnce()));
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(total);
    expect(t.smtp.received).toHaveLength(total);
    expect(new Set(t.smtp.received.map((m) => m.to[0])).size).toBe(total);
  });
});

describe('a batch sent over a pool of SMTP connections, and stopped half-way', () => {
  it('marks what SMTP took as sent, gives the rest back unclaimed at once, and another sender sends it, none twice', async () => {
    const total = 40;
    const now = () => new Date();
    for (let i = 0; i < total; i++)
      await enqueueMail(
        t.database.db,
        { userId: null, to: `persona${i}@example.it`, subject: `Mail ${i}`, text: `Mail ${i}`, html: `<p>Mail ${i}</p>` },
        now(),
      );
    // A slow relay: 150 ms a mail. Lease 1 s: the batch takes longer, so its claim must be renewed meanwhile.
    const smtp = await startSmtpServer(undefined, 0, { delayMs: 150 });
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'x <x@x.it>',
      dataDir: '/nonexistent',
      log: silentLog,
      maxConnections: 3,
    });
    try {
      const first = createOutboxSender({ db: t.database.db, mailer, now, log: silentLog, leaseSeconds: 1 });
      const other = createOutboxSender({ db: t.database.db, mailer, now, log: silentLog, leaseSeconds: 1 });
      const round = first.runOnce();
      await until(() => smtp.received.length >= 27, 'mails for longer than the lease');
      // The claim was renewed: another sender finds nothing to take.
      expect(await other.runOnce()).toEqual({ sent: 0, failed: 0 });
      await first.stop();
      const { sent } = await round;
      expect(sent).toBe(smtp.received.length);
      expect(sent).toBeLessThan(total);
      const rows = await t.database.db.select().from(mailOutbox);
      expect(rows.filter((row) => row.sentAt)).toHaveLength(sent);
      // Given back: no claim, and the attempt it never made is not counted.
      expect(rows.filter((row) => !row.sentAt).every((row) => row.claimedUntil === null && row.attempts === 0)).toBe(true);

      expect((await other.runOnce()).sent).toBe(total - sent);
      expect(smtp.received).toHaveLength(total);
      expect(new Set(smtp.received.map((m) => m.to[0])).size).toBe(total);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});

describe('without SMTP_URL', () => {
  it('files one .eml per mail under DATA_DIR/mail/, with its unsubscribe headers', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'farmaponte-outbox-'));
    try {
      const mailer = createMailer({ from: 'Farmaponte <no-reply@farmaponte.it>', dataDir, log: silentLog });
      const sender = createOutboxSender({ db: t.database.db, mailer, now: () => t.clock.now, log: silentLog });
      await someEvents();
      expect((await sender.runOnce()).sent).toBe(5);
      const files = await readdir(join(dataDir, 'mail'));
      expect(files.filter((f) => f.endsWith('.eml'))).toHaveLength(5);
      const contents = await Promise.all(files.map((f) => readFile(join(dataDir, 'mail', f), 'utf8')));
      expect(contents.every((c) => c.includes('List-Unsubscribe-Post: List-Unsubscribe=One-Click'))).toBe(true);
      expect(contents.filter((c) => c.includes('invito.ics'))).toHaveLength(1);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a queued mail hurries the sender (decision 076)', () => {
  it("tells this process's listeners once the change that queued it has committed, and not after they stop listening", async () => {
    let told = 0;
    let pendingWhenTold = -1;
    const stop = onMailQueued(() => {
      told++;
      // Told after the commit: the mail is there for the sender to claim.
      void countPendingMails(t.database.db).then((pending) => {
        pendingWhenTold = Math.max(pendingWhenTold, pending);
      });
    });
    try {
      const s = await hiringScenario(t, { dateFrom: '2030-06-01', dateTo: '2030-06-01' });
      const anna = await s.pharmacist('Anna');
      const applied = await call.apply(anna, s.offer.id);
      expect(applied.statusCode).toBe(201);
      await until(() => told > 0 && pendingWhenTold > 0, 'the listener to be told');
    } finally {
      stop();
    }
    const before = told;
    await enqueueMail(
      t.database.db,
      { userId: null, to: 'x@example.it', subject: 'Prova', text: 'Prova', html: '<p>Prova</p>' },
      t.clock.now,
    );
    expect(told).toBe(before);
  });
});
