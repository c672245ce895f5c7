/**
 * The saved searches' alert job, `offer-alerts`: every LIMITS.alertPollMs a round of alerts (runAlertRound). It is
 * exclusive: with several instances (and `npm run job -- offer-alerts` by hand) one round runs at a time and the
 * others skip that minute. The job runner (modules/jobs) schedules it; on shutdown the round in flight stops before its
 * next saved search and rolls back whole (docs/decisions/042).
 */
import { LIMITS } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import type { TEvents } from '../../lib/event-bus';
import type { TJob } from '../../lib/job';
import { ALERT_LOCK_KEY, runAlertRound } from './service';

export type TAlertRound = { searches: number; alerts: number };

export interface TAlertSender {
  /** One round now; null when another instance holds the round. */
  runOnce(): Promise<TAlertRound | null>;
}

/** The alert job, for the app's runner. While the database is away a round fails; the next finds the same new offers. */
export function offerAlertsJob(options: { db: TDb; events: TEvents; pageUrl: (link: string) => string }): TJob<TAlertRound> {
  const { db, events, pageUrl } = options;
  return {
    name: 'offer-alerts',
    every: LIMITS.alertPollMs / 1000,
    exclusive: true,
    // The key the round's lock had before the runner, so an older instance still running during a rolling deploy
    // and a newer one keep out of each other's way.
    lockKey: ALERT_LOCK_KEY,
    async run({ now, log, signal }) {
      const round = await runAlertRound(db, events, now(), pageUrl, signal);
      if (round.alerts) log.info(round, 'offer alerts sent');
      return round;
    },
  };
}
