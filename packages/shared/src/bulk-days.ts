/**
 * The days of many shifts at once (decision 090): the days picked on a calendar, or a weekly rule ("ogni sabato dal …
 * al …") turned into its days, and every problem with them named. The API checks a request with it and the web page
 * fills its calendar and counts its preview with it, so both say the same.
 */
import { addDays, daysBetween, formatDate, isIsoDate } from './dates';
import { LIMITS } from './limits';
import { BULK_MESSAGES as M } from './messages-bulk-offers';

/** A weekly rule: the weekdays (0 domenica … 6 sabato, as JavaScript counts them) from one day to another, both included. */
export interface TWeeklyRule {
  weekdays: readonly number[];
  from: string;
  to: string;
}

/** The days of a bulk publish: picked one by one, or by a weekly rule. */
export type TBulkDaysInput = { dates: readonly string[]; every?: undefined } | { every: TWeeklyRule; dates?: undefined };

/** A problem with the days, by the path of the field it concerns (`dates.3`, `every.from`), as a 400's `fields`. */
export interface TDayProblem {
  path: string;
  message: string;
}

/** 0 for domenica … 6 for sabato: the day of the week of an ISO day. */
export function weekdayOf(isoDate: string): number {
  const [y, m, d] = isoDate.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The days of a weekly rule, in order; none when its ends are not days, are the wrong way round or too far apart. */
export function weeklyRuleDays({ weekdays, from, to }: TWeeklyRule): string[] {
  if (!isIsoDate(from) || !isIsoDate(to) || to < from || daysBetween(from, to) > LIMITS.bulkOfferDaysMax) return [];
  const wanted = new Set(weekdays);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (wanted.has(weekdayOf(day))) days.push(day);
  return days;
}

function ruleProblems(rule: TWeeklyRule, today: string): TDayProblem[] {
  const problems: TDayProblem[] = [];
  if (!rule.weekdays.length) problems.push({ path: 'every.weekdays', message: M.weekdaysRequired });
  if (!isIsoDate(rule.from)) problems.push({ path: 'every.from', message: M.notADate(rule.from) });
  else if (rule.from < today) problems.push({ path: 'every.from', message: M.fromInPast(formatDate(rule.from)) });
  if (!isIsoDate(rule.to)) problems.push({ path: 'every.to', message: M.notADate(rule.to) });
  if (problems.length) return problems;
  if (rule.to < rule.from) return [{ path: 'every.to', message: M.ruleOrder }];
  if (daysBetween(rule.from, rule.to) > LIMITS.bulkOfferDaysMax) return [{ path: 'every.to', message: M.ruleTooLong }];
  if (!weeklyRuleDays(rule).length)
    return [{ path: 'every', message: M.ruleHasNoDay(formatDate(rule.from), formatDate(rule.to)) }];
  return [];
}

function dateProblems(dates: readonly string[], today: string): TDayProblem[] {
  if (!dates.length) return [{ path: 'dates', message: M.daysRequired }];
  if (dates.length > LIMITS.bulkOfferDaysMax) return [{ path: 'dates', message: M.tooManyDays(dates.length) }];
  const seen = new Set<string>();
  const problems: TDayProblem[] = [];
  dates.forEach((date, index) => {
    const path = `dates.${index}`;
    if (!isIsoDate(date)) problems.push({ path, message: M.notADate(date) });
    else if (date < today) problems.push({ path, message: M.dayInPast(formatDate(date)) });
    else if (seen.has(date)) problems.push({ path, message: M.dayRepeated(formatDate(date)) });
    seen.add(date);
  });
  return problems;
}

/**
 * The days a request asks for, in order, and every problem with them (`today` is Italy's): not a date, past, repeated,
 * too many, a rule the wrong way round or with no day. Days are published only when there is no problem.
 */
export function bulkDays(input: TBulkDaysInput, today: string): { days: string[]; problems: TDayProblem[] } {
  if (input.every) {
    const problems = ruleProblems(input.every, today);
    const days = problems.length ? [] : weeklyRuleDays(input.every);
    if (days.length > LIMITS.bulkOfferDaysMax)
      return { days: [], problems: [{ path: 'every', message: M.tooManyDays(days.length) }] };
    return { days, problems };
  }
  const problems = dateProblems(input.dates, today);
  return { days: problems.length ? [] : [...input.dates].sort(), problems };
}
