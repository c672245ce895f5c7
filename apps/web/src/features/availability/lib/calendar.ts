/**
 * The month calendar of /disponibilita as plain functions: the parts a day holds when it is tapped or a part is picked
 * from its menu; the month itself is lib/month-calendar.ts.
 */

import type { TAvailabilityDay, TAvailabilityPart } from '@farmaponte/shared/availability';

/** The parts in their order ('giornata' first): the one order a day's parts are kept and said in. */
export const PARTS: readonly TAvailabilityPart[] = ['giornata', 'mattina', 'pomeriggio', 'notte'];

/** The days marked, by date, each with its parts in PARTS order; a date with no part is not in it. */
export type TCalendarDays = Readonly<Record<string, readonly TAvailabilityPart[]>>;

export {
  addMonths,
  compareMonths,
  monthOf,
  monthWeeks,
  moveFrom,
  type TMonth,
  weekdayIndex,
} from '../../../lib/month-calendar';

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
