/**
 * A month calendar as plain functions, for every calendar of the app (/disponibilita, 'Pubblica più turni'): the
 * weeks of a month (Monday first), months before and after, and where the arrow keys move the focus.
 */
import { addDays } from '@farmaponte/shared/dates';

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
