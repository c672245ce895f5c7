/**
 * Working days on the Italian calendar (Monday–Friday, not a national public holiday), for how long a request waits in
 * the admin's verification queue (decision 049); and the holidays themselves, which the demo dates its holiday shift on.
 */
import { addDays, todayInItaly } from './dates';
import { inForce } from './engagement';
import { NATIONAL_HOLIDAYS } from './pay-rules';

/** The national public holidays on a fixed day, as MM-DD, in the year's order; Easter and its Monday move (below). */
const FIXED_HOLIDAYS = {
  capodanno: '01-01',
  epifania: '01-06',
  liberazione: '04-25',
  lavoro: '05-01',
  repubblica: '06-02',
  ferragosto: '08-15',
  ognissanti: '11-01',
  immacolata: '12-08',
  natale: '12-25',
  santo_stefano: '12-26',
} as const;
const FIXED_DAYS: ReadonlySet<string> = new Set(Object.values(FIXED_HOLIDAYS));

export type TItalianHoliday = keyof typeof FIXED_HOLIDAYS | 'pasqua' | 'pasquetta';

/** Easter Sunday of a year (the Gregorian computus), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
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
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** Easter Monday of a year, as MM-DD. */
function easterMonday(year: number): string {
  return addDays(easterSunday(year), 1).slice(5, 10);
}

/** The national public holidays of a year in date order, Easter Sunday and Monday included, each as YYYY-MM-DD. */
export function italianPublicHolidays(year: number): { date: string; holiday: TItalianHoliday }[] {
  const fixed = Object.entries(FIXED_HOLIDAYS).map(([holiday, monthDay]) => ({
    date: `${year}-${monthDay}`,
    holiday: holiday as TItalianHoliday,
  }));
  const easter = easterSunday(year);
  const moving = [
    { date: easter, holiday: 'pasqua' as const },
    { date: addDays(easter, 1), holiday: 'pasquetta' as const },
  ];
  return [...fixed, ...moving].sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
}

/**
 * Whether a YYYY-MM-DD day is a working day in Italy: Monday to Friday, and not a national public holiday of its year
 * (the list in force that day, decision 094: 4 October from 2026).
 */
export function isItalianWorkingDay(isoDay: string): boolean {
  const [y, m, d] = isoDay.split('-').map(Number) as [number, number, number];
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const monthDay = isoDay.slice(5, 10);
  const holidays: readonly string[] = inForce(NATIONAL_HOLIDAYS, isoDay)?.days ?? [...FIXED_DAYS];
  return !holidays.includes(monthDay) && monthDay !== easterMonday(y);
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
