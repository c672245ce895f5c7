/**
 * The background sender of the mail outbox, one per server process: every LIMITS.outboxPollMs it claims the due mails
 * and sends them; a failure puts the mail back with a backoff. stop() waits for the batch in flight (graceful shutdown).
 */
import { LIMITS } from '@farmaponte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import type { TMailer } from './mailer';
import { claimDueMails, markMailFailed, markMailSent } from './service';

export interface TOutboxSender {
  start(): void;
  /** Stops polling and waits for the batch being sent. */
  stop(): Promise<void>;
  /** Sends everything due now, batch after batch; answers how many were sent (tests and the shutdown use it). */
  runOnce(): Promise<{ sent: number; failed: number }>;
}

export function createOutboxSender(options: {
  db: TDb;
  mailer: TMailer;
  now: () => Date;
  log: FastifyBaseLogger;
  pollMs?: number;
}): TOutboxSender {
  const { db, mailer, now, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ sent: number; failed: number }> | undefined;
  let stopped = true;

  async function drain() {
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
      // A failed mail waits for its backoff, so a batch with a failure ends the round.
      if (batch.length < LIMITS.outboxBatchSize || failed) return { sent, failed };
    }
  }

  function runOnce() {
    // One round at a time in this process: a second caller shares the round in flight.
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (error) {
        // The database away: the mails stay in the outbox and the next round tries again.
        log.warn({ err: error }, 'mail outbox round failed');
      }
      schedule();
    }, options.pollMs ?? LIMITS.outboxPollMs);
    timer.unref();
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
    runOnce,
  };
}
