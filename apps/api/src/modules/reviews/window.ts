/**
 * When an accepted shift may be reviewed (decision 074), with no SQL: from the end of its last day on Rome's clock
 * (the offer's end time, the next morning when it ends at or before its start; midnight after the last day without
 * hours) for LIMITS.reviewWindowDays days, to the same time on Rome's clock.
 */
import { addDays, LIMITS, romeInstant, shiftPeriod } from '@farmaponte/shared';

export interface TReviewWindow {
  opensAt: Date;
  closesAt: Date;
}

export interface TShiftTimes {
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
}

/** The review window of a shift, or null for an offer without dates (nothing to review). */
export function reviewWindow({ dateFrom, dateTo, startTime, endTime }: TShiftTimes): TReviewWindow | null {
  const period = shiftPeriod(dateFrom, dateTo);
  if (!period) return null;
  const [endDay, time] =
    startTime && endTime
      ? [endTime <= startTime ? addDays(period.last, 1) : period.last, endTime]
      : [addDays(period.last, 1), '00:00'];
  return {
    opensAt: new Date(romeInstant(endDay, time)),
    closesAt: new Date(romeInstant(addDays(endDay, LIMITS.reviewWindowDays), time)),
  };
}

export type TWindowState = 'none' | 'not_yet' | 'open' | 'closed';

export function windowState(window: TReviewWindow | null, now: Date): TWindowState {
  if (!window) return 'none';
  if (now < window.opensAt) return 'not_yet';
  return now < window.closesAt ? 'open' : 'closed';
}
