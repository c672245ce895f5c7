/** The month /miei_turni shows: `?mese=YYYY-MM` (a notification's link), else the current Italian month. */
import { todayInItaly } from '@farmaponte/shared/dates';

export interface TMonth {
  year: number;
  month: number;
}

/** '2030-06' → {2030, 6}; anything else (or nothing) → this month in Italy. */
export function monthFromParam(param: string | null, now: Date = new Date()): TMonth {
  const match = /^(\d{4})-(\d{2})$/.exec(param ?? '');
  const year = Number(match?.[1]);
  const month = Number(match?.[2]);
  if (match && year >= 2000 && year <= 2100 && month >= 1 && month <= 12) return { year, month };
  const [thisYear, thisMonth] = todayInItaly(now).split('-').map(Number) as [number, number];
  return { year: thisYear, month: thisMonth };
}

export function monthParam({ year, month }: TMonth): string {
  return `${year}-${String(month).padStart(2, '0')}`;
}

/** The month `delta` months after (before, when negative). */
export function shiftMonth({ year, month }: TMonth, delta: number): TMonth {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** Whether `a` comes after `b`. */
export function isAfter(a: TMonth, b: TMonth): boolean {
  return a.year * 12 + a.month > b.year * 12 + b.month;
}
