/**
 * The month calendar of /disponibilita as plain functions: the weeks of a month (Monday first), where the arrow keys
 * move, and the parts a day holds when it is tapped or a part is picked from its menu.
 */

import type { TAvailabilityDay, TAvailabilityPart } from '@farmaponte/shared/availability';
import { addDays } from '@farmaponte/shared/dates';

/** The parts in their order ('giornata' first): the one order a day's parts are kept and said in. */
export const PARTS: readonly TAvailabilityPart[] = ['giornata', 'mattina', 'pomeriggio', 'notte'];

/** The days marked, by date, each with its parts in PARTS order; a date with no part is not in it. */
export type TCalendarDays = Readonly<Record<string, readonly TAvailabilityPart[]>>;

/** A month of a year, month from 1 to 12. */
export interface TMonth {
  year: number;
  month: number;
}

export const monthOf = (isoDate: string): TMonth => ({ year: Number(isoDate.slice(0, 4)), month: Number(isoDate.slice(5, 7)) });

export function addMonths({ year, month }: TMonth, count: number): TMonth {
  const index = year * 12 + (month - 1) + count;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

export const compareMonths = (a: TMonth, b: TMonth) => a.year * 12 + a.month - (b.year * 12 + b.month);

const iso = (year: number, month: number, day: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** 0 for Monday … 6 for Sunday. */
export function weekdayIndex(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
}

/** The month's weeks, Monday to Sunday; the days of the months around it are null. */
export function monthWeeks({ year, month }: TMonth): (string | null)[][] {
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(iso(year, month, 1)) }, () => null);
  for (let day = 1; day <= days; day++) cells.push(iso(year, month, day));
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

/** The same day of the month `count` months away, or the last one of a shorter month (31 January + 1 → 28/29 February). */
function shiftMonths(isoDate: string, count: number): string {
  const target = addMonths(monthOf(isoDate), count);
  const last = new Date(Date.UTC(target.year, target.month, 0)).getUTCDate();
  return iso(target.year, target.month, Math.min(Number(isoDate.slice(8, 10)), last));
}

/**
 * Where a key moves the focus from a day, kept inside [first, last] (the days that may be chosen); undefined for a key
 * that does not move it. Arrows: a day or a week; Home/End: the week's Monday or Sunday; PageUp/PageDown: a month.
 */
export function moveFrom(isoDate: string, key: string, first: string, last: string): string | undefined {
  const weekday = weekdayIndex(isoDate);
  const targets: Record<string, () => string> = {
    ArrowLeft: () => addDays(isoDate, -1),
    ArrowRight: () => addDays(isoDate, 1),
    ArrowUp: () => addDays(isoDate, -7),
    ArrowDown: () => addDays(isoDate, 7),
    Home: () => addDays(isoDate, -weekday),
    End: () => addDays(isoDate, 6 - weekday),
    PageUp: () => shiftMonths(isoDate, -1),
    PageDown: () => shiftMonths(isoDate, 1),
  };
  const target = targets[key]?.();
  if (target === undefined) return undefined;
  return target < first ? first : target > last ? last : target;
}

/** A tap (or Enter, Space) on a day: a day marked in any way is taken off, an empty one becomes a whole day. */
export function toggleDay(days: TCalendarDays, date: string): TCalendarDays {
  const { [date]: current, ...others } = days;
  return current?.length ? others : { ...others, [date]: ['giornata'] };
}

/**
 * A part picked in a day's menu: 'giornata' stands alone (picking it takes the other parts off, picking it again
 * empties the day); another part is added or taken off, and takes 'giornata' off.
 */
export function togglePart(days: TCalendarDays, date: string, part: TAvailabilityPart): TCalendarDays {
  const { [date]: current = [], ...others } = days;
  let next: TAvailabilityPart[];
  if (part === 'giornata') next = current.includes('giornata') ? [] : ['giornata'];
  else {
    const rest = current.filter((p) => p !== 'giornata');
    next = rest.includes(part) ? rest.filter((p) => p !== part) : [...rest, part];
  }
  next.sort((a, b) => PARTS.indexOf(a) - PARTS.indexOf(b));
  return next.length ? { ...others, [date]: next } : others;
}

/** An empty day. */
export function clearDay(days: TCalendarDays, date: string): TCalendarDays {
  const { [date]: _removed, ...others } = days;
  return others;
}

export function calendarDaysOf(list: readonly TAvailabilityDay[]): TCalendarDays {
  const days: Record<string, TAvailabilityPart[]> = {};
  for (const { date, part } of list) days[date] = [...(days[date] ?? []), part];
  for (const parts of Object.values(days)) parts.sort((a, b) => PARTS.indexOf(a) - PARTS.indexOf(b));
  return days;
}

/** The days as the API takes them, by date then part. */
export function dayListOf(days: TCalendarDays): TAvailabilityDay[] {
  return Object.keys(days)
    .sort()
    .flatMap((date) => (days[date] ?? []).map((part) => ({ date, part })));
}
