/**
 * The mail outbox's job, `mail-outbox`: every LIMITS.outboxPollMs it claims the due mails and sends them; a failure
 * puts the mail back with a backoff. It runs in every instance at once (exclusive: false): the claim (FOR UPDATE SKIP
 * LOCKED and a lease, service.ts) gives each mail to one sender. The job runner (modules/jobs) schedules it, keeps one
 * round at a time per process, and on shutdown waits for the batch in flight: the round stops before the next batch.
 */
import { LIMITS } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import { createJobRunner, type TJob, type TJobContext, type TJobLog } from '../jobs';
import type { TMailer } from './mailer';
import { claimDueMails, markMailFailed, markMailSent } from './service';

export type TOutboxRound = { sent: number; failed: number };

/** Sends everything due now, batch after batch; answers how many were sent and how many failed. */
async function drain(db: TDb, mailer: TMailer, { now, signal, log }: TJobContext): Promise<TOutboxRound> {
  let sent = 0;
  let failed = 0;
  for (;;) {
    const batch = await claimDueMails(db, now());
    for (const mail of batch) {
      try {
        await mailer.send(mail);
        await markMailSent(db, mail.id, now());
        sent++;
      } catch (error) {
        failed++;
        const givenUp = await markMailFailed(db, mail, (error as Error).message ?? String(error), now());
        log[givenUp ? 'error' : 'warn'](
          { err: error, outboxId: mail.id, attempts: mail.attempts, givenUp },
          givenUp ? 'mail given up after the last attempt' : 'mail not sent: will retry',
        );
      }
    }
    // A failed mail waits for its backoff, so a batch with a failure ends the round; so does the shutdown.
    if (batch.length < LIMITS.outboxBatchSize || failed || signal.aborted) return { sent, failed };
  }
}

/** The outbox's job, for the app's runner. While the database is away a round fails; the mails wait in the outbox. */
export function outboxJob(options: { db: TDb; mailer: TMailer }): TJob<TOutboxRound> {
  return {
    name: 'mail-outbox',
    every: LIMITS.outboxPollMs / 1000,
    exclusive: false,
    run: (ctx) => drain(options.db, options.mailer, ctx),
  };
}

export interface TOutboxSender {
  /** Sends everything due now, batch after batch; answers how many were sent (tests and `npm run job` use it). */
  runOnce(): Promise<TOutboxRound>;
}

/** A sender on its own (tests, bench/outbox.ts): the outbox's job in a runner of its own, run on demand. */
export function createOutboxSender(options: { db: TDb; mailer: TMailer; now: () => Date; log: TJobLog }): TOutboxSender {
  const job = outboxJob(options);
  const runner = createJobRunner({ db: options.db, now: options.now, log: options.log, jobs: [job] });
  return { runOnce: async () => (await runner.run(job)) ?? { sent: 0, failed: 0 } };
}
