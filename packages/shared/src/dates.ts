/**
 * Dates travel as YYYY-MM-DD and display as dd/mm/yyyy (docs/product.md#language-dates-and-texts). Rome's time is
 * worked out here and nowhere else, for the browser and the server alike (decision 088): its offset, its calendar day
 * and clock at an instant, and the instant of its wall-clock time on a day. SQL that needs an Italian day reads it in
 * the database (`at time zone 'Europe/Rome'`), on the rows themselves.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The months' Italian names, January first, lower case as they stand inside a sentence. */
export const ITALIAN_MONTHS = [
  'gennaio',
  'febbraio',
  'marzo',
  'aprile',
  'maggio',
  'giugno',
  'luglio',
  'agosto',
  'settembre',
  'ottobre',
  'novembre',
  'dicembre',
] as const;

/** True for a real calendar date in YYYY-MM-DD (2025-02-30 is false). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** '2025-03-28' → '28/03/2025'; anything else is returned unchanged. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = ISO_DATE.exec(iso.slice(0, 10));
  return match ? `${match[3]}/${match[2]}/${match[1]}` : iso;
}

/**
 * Rome's offset from UTC at an instant, in minutes: +120 in summer time, from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October, +60 otherwise (the European Union's rule, Italy's since 1996). Worked out
 * by hand, not read from `Intl`: the first time-zone formatter a page builds loads the zone data, a task of 100 ms and
 * more on a slow phone (decisions 058 and 077). A test compares it with Intl's zone data from 1996 to 2037: every half
 * hour around each change and noon of every day.
 */
export function romeOffsetMinutes(at: Date): number {
  const year = at.getUTCFullYear();
  const lastSundayAtOne = (month: number) => {
    const last = new Date(Date.UTC(year, month + 1, 0, 1));
    return last.getTime() - last.getUTCDay() * 86_400_000;
  };
  const time = at.getTime();
  return time >= lastSundayAtOne(2) && time < lastSundayAtOne(9) ? 120 : 60;
}

/** The instant as Rome's wall clock, read with the UTC getters (getUTCHours() is the hour in Rome). */
const romeWallClock = (at: Date) => new Date(at.getTime() + romeOffsetMinutes(at) * 60_000);

/**
 * The instant (epoch ms) of a wall-clock time 'HH:MM' on an Italian day: '2026-07-01', '09:00' → 07:00 UTC. The offset
 * is read at a first guess and again at the result, which settles it on both sides of a clock change. A time the spring
 * change skips counts as the hour after it (2026-03-29 02:30 is 03:30, 01:30 UTC); one the autumn change shows twice
 * is its second, winter-time occurrence (2026-10-25 02:30 is 01:30 UTC, not 00:30 UTC).
 */
export function romeInstant(day: string, time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wall = Date.parse(`${day}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
  const offsetMs = (at: number) => romeOffsetMinutes(new Date(at)) * 60_000;
  return wall - offsetMs(wall - offsetMs(wall));
}

/** Minutes after midnight on Rome's clock (seconds dropped). On the night clocks go forward 02:00–02:59 never shows. */
export function romeMinuteOfDay(at: Date): number {
  const clock = romeWallClock(at);
  return clock.getUTCHours() * 60 + clock.getUTCMinutes();
}

/** The hour (0–23) on Rome's clock. */
export function romeHour(at: Date): number {
  return romeWallClock(at).getUTCHours();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** ISO timestamp → 'dd/mm/yyyy hh:mm' in Italian time. */
export function formatDateTime(iso: string): string {
  const clock = romeWallClock(new Date(iso));
  if (Number.isNaN(clock.getTime())) throw new RangeError('Invalid time value');
  return `${formatDate(clock.toISOString().slice(0, 10))} ${twoDigits(clock.getUTCHours())}:${twoDigits(clock.getUTCMinutes())}`;
}

/** Today in Italy as YYYY-MM-DD (offers close at the end of their last day, Italian time). */
export function todayInItaly(now: Date = new Date()): string {
  return romeWallClock(now).toISOString().slice(0, 10);
}

/**
 * The Italian calendar day `days` after today (before, when negative), as YYYY-MM-DD. Counted in calendar days
 * from Italy's today, not in 24-hour steps, so midnight in Rome and the clock changes cannot shift it by one.
 */
export function daysFromNow(days: number, now: Date = new Date()): string {
  const [y, m, d] = todayInItaly(now).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The calendar day `days` after an ISO day (before, when negative): '2026-02-27' + 2 → '2026-03-01'. */
export function addDays(isoDate: string, days: number): string {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The first and last day of a month, YYYY-MM-DD: 2030, 2 → 2030-02-01 to 2030-02-28. */
export function monthRange(year: number, month: number): { from: string; to: string } {
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDay)}` };
}

/** Whole calendar days from one ISO day to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  return Math.round((Date.UTC(ty, tm - 1, td) - Date.UTC(fy, fm - 1, fd)) / 86_400_000);
}

/**
 * Milliseconds from now until the end of an Italian calendar day (midnight in Rome after `isoDate`): when an offer
 * ending that day closes. Reads Rome's wall clock, so it is exact but for the hour of a clock change in between.
 */
export function msUntilEndOfItalianDay(isoDate: string, now: Date = new Date()): number {
  const [y, m, d] = todayInItaly(now).split('-').map(Number) as [number, number, number];
  const [ey, em, ed] = isoDate.split('-').map(Number) as [number, number, number];
  const daysAhead = (Date.UTC(ey, em - 1, ed) - Date.UTC(y, m - 1, d)) / 86_400_000;
  const clock = romeWallClock(now);
  const sinceMidnightMs = clock.getTime() - Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth(), clock.getUTCDate());
  return Math.max(0, (daysAhead + 1) * 86_400_000 - sinceMidnightMs);
}

/**
 * The last second of an Italian calendar day as an ISO 8601 timestamp with Rome's offset that day
 * ('2026-07-31' → '2026-07-31T23:59:59+02:00', '2026-12-31' → '2026-12-31T23:59:59+01:00'): when an offer ending that
 * day stops taking applications. Rome's clock changes at night, so the offer at 21:00 UTC is the offset at 23:59.
 */
export function endOfItalianDay(isoDate: string): string {
  const hours = romeOffsetMinutes(new Date(`${isoDate}T21:00:00Z`)) / 60;
  return `${isoDate}T23:59:59+${twoDigits(hours)}:00`;
}

/** Whole years between an ISO birth date and today. */
export function ageInYears(isoDob: string, today: string = todayInItaly()): number {
  const [by, bm, bd] = isoDob.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** The first and last day of an offer (a single day when one of its dates is missing), or null without dates. */
export function shiftPeriod(dateFrom: string | null, dateTo: string | null): { first: string; last: string } | null {
  const first = dateFrom ?? dateTo;
  const last = dateTo ?? dateFrom;
  return first && last ? { first, last } : null;
}
