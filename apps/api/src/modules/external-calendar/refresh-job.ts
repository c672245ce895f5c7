/**
 * The `calendar-refresh` job (decision 096): every two minutes, the pharmacists' external calendars due (every few hours
 * after a success, later and later after failures) are fetched again. Several instances may run it at once: each claims
 * its calendars with FOR UPDATE SKIP LOCKED, so no calendar is fetched twice.
 */
import type { TJob } from '../../lib/job';
import { refreshDueCalendars, type TCalendarDeps } from './service';

export function calendarRefreshJob(deps: TCalendarDeps): TJob<{ refreshed: number; failed: number }> {
  return {
    name: 'calendar-refresh',
    every: 120,
    exclusive: false,
    async run({ now, signal, log }) {
      const round = await refreshDueCalendars(deps, now, { signal });
      if (round.refreshed || round.failed) log.info(round, 'external calendars refreshed');
      return round;
    },
  };
}
