/** The albo's yearly re-check as a job of the runner (docs/architecture.md "Where does a periodic job go"). */
import { LIMITS } from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import type { TEvents } from '../../lib/event-bus';
import type { TJob } from '../../lib/job';
import { recheckAlbo } from './service';

export function alboRecheckJob(deps: { db: TDb; events: TEvents }): TJob<{ checked: number }> {
  return {
    name: 'albo-recheck',
    // At night, once a day across instances: a day late is nothing for a yearly check.
    every: { dailyAt: LIMITS.alboRecheckDailyAt },
    exclusive: true,
    async run({ now, signal, log }) {
      const result = await recheckAlbo(deps.db, deps.events, now(), signal);
      if (result.checked) log.info(result, 'albo entries due for their yearly check are pending again');
      return result;
    },
  };
}
