/**
 * The alert sender, one per server process: every LIMITS.alertPollMs it runs a round of alerts (runAlertRound holds a
 * PostgreSQL advisory lock, so with several instances one round runs at a time). stop() waits for the round in flight.
 */
import { LIMITS } from '@farmaponte/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '../../db/client';
import type { TNotifier } from '../notifications';
import { runAlertRound } from './service';

export interface TAlertSender {
  start(): void;
  stop(): Promise<void>;
  /** One round now; null when another instance holds the round. */
  runOnce(): Promise<{ searches: number; alerts: number } | null>;
}

export function createAlertSender(options: {
  db: TDb;
  notifier: TNotifier;
  now: () => Date;
  log: FastifyBaseLogger;
  pollMs?: number;
}): TAlertSender {
  const { db, notifier, now, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<{ searches: number; alerts: number } | null> | undefined;
  let stopped = true;

  function runOnce() {
    running ??= runAlertRound(db, notifier, now(), notifier.pageUrl).finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(async () => {
      try {
        const result = await runOnce();
        if (result?.alerts) log.info(result, 'offer alerts sent');
      } catch (error) {
        // The database away: the next round finds the same new offers, none was marked sent.
        log.warn({ err: error }, 'offer alert round failed');
      }
      schedule();
    }, options.pollMs ?? LIMITS.alertPollMs);
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
      await running?.catch(() => undefined);
    },
    runOnce,
  };
}
