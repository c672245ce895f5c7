/**
 * The arithmetic of a worked shift (decision 075), with no SQL: its days, the minutes of a day between two wall-clock
 * times in Italy (an end before the start is the next morning, and a night the clocks change lasts what it really
 * lasted) and what they are worth at an hourly pay, in cents.
 */
import { addDays, romeInstant, romeOffsetMinutes, todayInItaly } from '@farmaponte/shared';

export { monthRange } from '@farmaponte/shared';

/** Every day from `from` to `to`, both included; none when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The month a query names, its missing parts taken from the current month in Italy at `now`. */
export function monthAsked(query: { year?: number; month?: number }, now: Date): { year: number; month: number } {
  const [year, month] = todayInItaly(now).split('-').map(Number) as [number, number];
  return { year: query.year ?? year, month: query.month ?? month };
}

/**
 * Minutes worked on `day` from `start` to `end` (HH:MM); an end at or before the start is on the next day. The two
 * instants are Rome's (romeInstant in packages/shared), so a night the clocks change lasts what it really lasted.
 */
export function workedMinutes(day: string, start: string, end: string): number {
  const endDay = end <= start ? addDays(day, 1) : day;
  return Math.round((romeInstant(endDay, end) - romeInstant(day, start)) / 60_000);
}

/** What `minutes` are worth at `hourlyPay` euros an hour, in cents (rounded to the cent for each day). */
export function grossCents(minutes: number, hourlyPay: number): number {
  return Math.round((minutes * Math.round(hourlyPay * 100)) / 60);
}

/** Rome's offset from UTC at the start (00:00) of an Italian day. */
const offsetAtMidnight = (day: string) => romeOffsetMinutes(new Date(romeInstant(day, '00:00')));

/**
 * The days from `from` to `to` on which a day's hours may last other than on the days around it: those whose span up to
 * the next day's midnight holds a clock change (the Saturday and the Sunday of each), since a shift starting on a day
 * ends on the next at the latest. On any other day the same start and end last the same minutes, so a sum over many
 * days may measure one and multiply (the group report, decision 091).
 */
export function clockChangeDays(from: string, to: string): string[] {
  return daysBetween(from, to).filter((day) => offsetAtMidnight(day) !== offsetAtMidnight(addDays(day, 2)));
}
