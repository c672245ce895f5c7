/**
 * The mail outbox's job, `mail-outbox` (docs/decisions/023, 042): every LIMITS.outboxPollMs it claims the due mails,
 * a batch at a time, and sends each batch over the mailer's SMTP connections at once (mailer.concurrency mails in
 * flight), then marks the batch sent in one statement; a failure puts that mail back with a backoff. The claim is a
 * short lease, renewed while the batch is sent, so a crashed sender holds its mails one lease at most. It runs in every
 * instance at once (exclusive: false): the claim (FOR UPDATE SKIP LOCKED, service.ts) gives each mail to one sender.
 * On shutdown (the runner's signal) it starts no new mail: the ones in flight finish and are marked sent, the rest of
 * the batch is given back at once for the next sender.
 */
import { LIMITS } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import { isDatabaseUnavailable } from '../../lib/database-errors';
import { createJobRunner, type TJob, type TJobContext, type TJobLog } from '../jobs';
import type { TMailer } from './mailer';
import { claimDueMails, markMailFailed, markMailsSent, releaseClaims, renewClaims, type TClaimedMail } from './service';

export type TOutboxRound = { sent: number; failed: number };

export interface TOutboxOptions {
  db: TDb;
  mailer: TMailer;
  /** OUTBOX_LEASE_SECONDS: how long a claim holds without renewal (default LIMITS.outboxLeaseSeconds). */
  leaseSeconds?: number;
}

/** Renewed three times a lease: a renewal late by two periods (a slow database) still finds the claim held. */
const RENEWALS_PER_LEASE = 3;
/** How often marking a sent batch is tried again while the database is away. */
const MARK_RETRY_MS = 500;

/**
 * Marks what SMTP took as sent. While the database is away (a restart, a failover: seconds) it tries again until the
 * claim's lease is about to end: until then the mails are still this sender's, and marking them spares their second
 * delivery after the lease. After that, or on shutdown, it gives up and the mails go out again (at least once).
 */
async function markSentWhileClaimed(
  db: TDb,
  ids: number[],
  claimedUntil: Date,
  { now, signal, log }: TJobContext,
): Promise<void> {
  const deadline = Date.now() + (claimedUntil.getTime() - now().getTime()) - MARK_RETRY_MS;
  for (let tries = 1; ; tries++) {
    try {
      await markMailsSent(db, ids, now());
      if (tries > 1) log.info({ mails: ids.length, tries }, 'mail outbox: the sent mails marked once the database was back');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || signal.aborted || Date.now() + MARK_RETRY_MS > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, MARK_RETRY_MS));
    }
  }
}

/**
 * Sends one claimed batch, mailer.concurrency mails at a time; answers how many were sent and how many failed. While it
 * sends, the claim on what is not yet marked is renewed; after it, the sent mails are marked in one statement and, if
 * the shutdown stopped it, the mails not tried are released.
 */
async function sendBatch(
  { db, mailer, leaseSeconds = LIMITS.outboxLeaseSeconds }: TOutboxOptions,
  batch: TClaimedMail[],
  { now, signal, log }: TJobContext,
): Promise<TOutboxRound> {
  const waiting = [...batch];
  // Still claimed by this sender: not yet marked sent or failed (a sent mail stays here until the batch is marked).
  const held = new Set(batch.map((mail) => mail.id));
  const sentIds: number[] = [];
  let failed = 0;
  let claimedUntil = (batch[0] as TClaimedMail).claimedUntil;

  let renewing: Promise<void> = Promise.resolve();
  const renewal = setInterval(
    () => {
      renewing = renewing.then(async () => {
        const until = new Date(now().getTime() + leaseSeconds * 1000);
        try {
          await renewClaims(db, [...held], claimedUntil, until);
          claimedUntil = until;
        } catch (error) {
          log.warn({ err: error, mails: held.size }, 'mail outbox: the claim could not be renewed');
        }
      });
    },
    (leaseSeconds * 1000) / RENEWALS_PER_LEASE,
  );

  async function lane() {
    // The signal is read before a mail is taken, so a mail is either sent (and marked) or left for the release.
    while (!signal.aborted) {
      const mail = waiting.shift();
      if (!mail) return;
      try {
        await mailer.send(mail);
        sentIds.push(mail.id);
      } catch (error) {
        failed++;
        held.delete(mail.id);
        const givenUp = await markMailFailed(db, mail, (error as Error).message ?? String(error), now());
        log[givenUp ? 'error' : 'warn'](
          { err: error, outboxId: mail.id, attempts: mail.attempts, givenUp },
          givenUp ? 'mail given up after the last attempt' : 'mail not sent: will retry',
        );
      }
    }
  }

  try {
    const lanes = Math.max(1, Math.min(mailer.concurrency, batch.length));
    // A lane that throws (the database away while marking a failure) must not leave the others unawaited.
    const outcomes = await Promise.allSettled(Array.from({ length: lanes }, lane));
    clearInterval(renewal);
    await renewing;
    // What SMTP took is marked first: the mails given back below are the ones never tried.
    await markSentWhileClaimed(db, sentIds, claimedUntil, { now, signal, log });
    if (waiting.length) {
      const released = await releaseClaims(
        db,
        waiting.map((mail) => mail.id),
        claimedUntil,
      );
      log.info({ released }, 'mail outbox: stopping, the mails not yet sent are given back');
    }
    const thrown = outcomes.find((outcome) => outcome.status === 'rejected');
    if (thrown) throw thrown.reason;
    return { sent: sentIds.length, failed };
  } finally {
    clearInterval(renewal);
  }
}

/** Sends everything due now, batch after batch; answers how many were sent and how many failed. */
async function drain(options: TOutboxOptions, ctx: TJobContext): Promise<TOutboxRound> {
  const round = { sent: 0, failed: 0 };
  while (!ctx.signal.aborted) {
    const batch = await claimDueMails(options.db, ctx.now(), { leaseSeconds: options.leaseSeconds });
    if (batch.length === 0) break;
    const { sent, failed } = await sendBatch(options, batch, ctx);
    round.sent += sent;
    round.failed += failed;
    // A failed mail waits for its backoff, so a batch with a failure ends the round.
    if (batch.length < LIMITS.outboxBatchSize || failed) break;
  }
  return round;
}

/** The outbox's job, for the app's runner. While the database is away a round fails; the mails wait in the outbox. */
export function outboxJob(options: TOutboxOptions): TJob<TOutboxRound> {
  return {
    name: 'mail-outbox',
    every: LIMITS.outboxPollMs / 1000,
    exclusive: false,
    run: (ctx) => drain(options, ctx),
  };
}

export interface TOutboxSender {
  /** Sends everything due now, batch after batch; answers how many were sent (tests and `npm run job` use it). */
  runOnce(): Promise<TOutboxRound>;
}

/** A sender on its own (tests, bench/): the outbox's job in a runner of its own, run on demand. */
export function createOutboxSender(options: TOutboxOptions & { now: () => Date; log: TJobLog }): TOutboxSender & {
  /** Stops as the shutdown does: no new mail, those in flight finish, the rest is given back. */ stop(): Promise<void>;
} {
  const job = outboxJob(options);
  const runner = createJobRunner({ db: options.db, now: options.now, log: options.log, jobs: [job] });
  return { runOnce: async () => (await runner.run(job)) ?? { sent: 0, failed: 0 }, stop: () => runner.stop() };
}
