/** The daily removal of the calendars' past days, as a job of the runner (docs/architecture.md "Where does a periodic job go"). */
import type { TDb } from '../../db/client';
import type { TJob } from '../../lib/job';
import { pruneAvailabilityDays } from './service';

export function availabilityPruneJob(deps: { db: TDb }): TJob<{ deleted: number }> {
  return {
    name: 'availability-prune',
    // Just after midnight in Italy, when yesterday becomes past; no read ever shows a past day, so a late run is no harm.
    every: { dailyAt: '00:15' },
    exclusive: true,
    async run({ now, signal, log }) {
      const deleted = await pruneAvailabilityDays(deps.db, now(), signal);
      if (deleted) log.info({ deleted }, 'past availability days deleted');
      return { deleted };
    },
  };
}
