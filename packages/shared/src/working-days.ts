/**
 * Working days on the Italian calendar (Monday–Friday, not a national public holiday), for how long a request waits in
 * the admin's verification queue (decision 049).
 */
import { todayInItaly } from './dates';

const FIXED_HOLIDAYS = new Set(['01-01', '01-06', '04-25', '05-01', '06-02', '08-15', '11-01', '12-08', '12-25', '12-26']);

/** Easter Monday of a year (the Gregorian computus), as MM-DD. */
function easterMonday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  const monday = new Date(Date.UTC(year, month - 1, day + 1));
  return monday.toISOString().slice(5, 10);
}

/** Whether a YYYY-MM-DD day is a working day in Italy: Monday to Friday, and not a national public holiday. */
export function isItalianWorkingDay(isoDay: string): boolean {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = isoDay.slice(5, 10);
  return !FIXED_HOLIDAYS.has(monthDay) && monthDay !== easterMonday(y);
}

/** The last working day before a YYYY-MM-DD day. */
export function previousWorkingDay(isoDay: string): string {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  for (let back = 1; ; back++) {
    const day = new Date(Date.UTC(y, m - 1, d - back)).toISOString().slice(0, 10);
    if (isItalianWorkingDay(day)) return day;
  }
}

/**
 * A request arrived before this Italian day has waited more than one working day: a whole working day has gone by
 * since the day it arrived (one sent on Friday is late on Tuesday, one sent on Monday on Wednesday).
 */
export function lateRequestsBefore(now: Date = new Date()): string {
  return previousWorkingDay(todayInItaly(now));
}

/** Whether a request that arrived at `requestedAt` has waited more than one working day. */
export function waitsMoreThanOneWorkingDay(requestedAt: string | Date, now: Date = new Date()): boolean {
  return todayInItaly(new Date(requestedAt)) < lateRequestsBefore(now);
}
