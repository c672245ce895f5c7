/**
 * When a periodic job is due and when it is late: plain functions of the clock (the app's `now`, which tests move).
 * A daily job's hour is read on Italian clocks (Europe/Rome, romeMinuteOfDay in packages/shared), whatever the server's
 * time zone.
 */
import { romeMinuteOfDay, todayInItaly } from '@farmaponte/shared';
import type { TSchedule } from '../../lib/job';

export type { TSchedule } from '../../lib/job';

/** How often a runner asks whether a daily job is due. */
export const DAILY_CHECK_SECONDS = 60;

/** A job is late when it has had no success for this many of its periods (a daily job: after its hour, today). */
export const LATE_AFTER_PERIODS = 3;

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** '03:30' → 210 (minutes after midnight); throws on anything else, so a mistyped hour fails at start-up. */
export function minuteOfDay(hhmm: string): number {
  const match = HH_MM.exec(hhmm);
  if (!match) throw new Error(`dailyAt must be HH:MM (00:00–23:59), got "${hhmm}"`);
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * A daily job is due once the Italian clock has passed its hour (plus `afterMinutes`) and its last success was not
 * today (in Italy). On the night clocks go forward, 02:00–02:59 never happens: 03:00 is past it.
 */
export function isDailyDue(dailyAt: string, now: Date, lastSuccessAt: Date | null, afterMinutes = 0): boolean {
  if (romeMinuteOfDay(now) < Math.min(minuteOfDay(dailyAt) + afterMinutes, 23 * 60 + 59)) return false;
  return !lastSuccessAt || todayInItaly(lastSuccessAt) < todayInItaly(now);
}

/** The schedule's period in seconds (a daily job is checked every DAILY_CHECK_SECONDS). */
export function periodSeconds(schedule: TSchedule): number {
  return typeof schedule === 'number' ? schedule : DAILY_CHECK_SECONDS;
}

/**
 * Late: a periodic job without a success in its last LATE_AFTER_PERIODS periods; a daily job without today's success
 * LATE_AFTER_PERIODS checks (3 minutes) past its hour. `since` is when this process started watching: a fresh
 * instance gives the jobs that long first.
 */
export function isLate(schedule: TSchedule, now: Date, lastSuccessAt: Date | null, since: Date): boolean {
  const graceMs = LATE_AFTER_PERIODS * periodSeconds(schedule) * 1000;
  if (now.getTime() - since.getTime() <= graceMs) return false;
  if (typeof schedule !== 'number')
    return isDailyDue(schedule.dailyAt, now, lastSuccessAt, (LATE_AFTER_PERIODS * DAILY_CHECK_SECONDS) / 60);
  return !lastSuccessAt || now.getTime() - lastSuccessAt.getTime() > graceMs;
}
