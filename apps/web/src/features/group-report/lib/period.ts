/**
 * The months /gruppo offers (decision 091): this month in Italy and the eleven before it, the one in `?mese=YYYY-MM`
 * among them (or added, when older); and how the page writes a week and a share.
 */
import { formatDate, monthRange, todayInItaly } from '@farmaponte/shared/dates';
import { GROUP_STATEMENT_TEXT } from '@farmaponte/shared/group-report';
import { formatDecimal } from '@farmaponte/shared/italian-figures';
import { GROUP_TEXT } from '@farmaponte/shared/ui-text-group';

export interface TPeriod {
  /** 'YYYY-MM': the address's value and the statement's month. */
  value: string;
  year: number;
  month: number;
  from: string;
  to: string;
  label: string;
}

function periodOf(year: number, month: number, current: boolean): TPeriod {
  const value = `${year}-${String(month).padStart(2, '0')}`;
  const name = GROUP_STATEMENT_TEXT.monthLabel(year, month);
  return { value, year, month, ...monthRange(year, month), label: current ? GROUP_TEXT.periodCurrent(name) : name };
}

/** This month and the `count - 1` before it, newest first. */
export function recentMonths(now: Date, count = 12): TPeriod[] {
  const [year, month] = todayInItaly(now).split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, back) => {
    const index = year * 12 + (month - 1) - back;
    return periodOf(Math.floor(index / 12), (index % 12) + 1, back === 0);
  });
}

/**
 * The months to choose from and the one chosen: `?mese=YYYY-MM` when it is a month from 2000 to this one (added at the
 * end when older than the list), else this month.
 */
export function periodChoice(param: string | null, now: Date): { options: TPeriod[]; chosen: TPeriod } {
  const options = recentMonths(now);
  const current = options[0] as TPeriod;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(param ?? '');
  if (!match || (param as string) > current.value || (param as string) < '2000-01') return { options, chosen: current };
  const listed = options.find((option) => option.value === param);
  if (listed) return { options, chosen: listed };
  const older = periodOf(Number(match[1]), Number(match[2]), false);
  return { options: [...options, older], chosen: older };
}

/** 'Sett. 23 (03/06–09/06)' for the ISO week '2030-W23' starting on Monday 3 June. */
export function weekLabel(week: string, weekStart: string): string {
  const [y, m, d] = weekStart.split('-').map(Number) as [number, number, number];
  const sunday = new Date(Date.UTC(y, m - 1, d + 6)).toISOString().slice(0, 10);
  const short = (day: string) => formatDate(day).slice(0, 5);
  return GROUP_TEXT.weekLabel(Number(week.slice(-2)), short(weekStart), short(sunday));
}

/** A share as a percentage to one decimal ('66,7%'); '—' without shifts. */
export function percentText(share: number | null): string {
  return share == null ? GROUP_TEXT.none : GROUP_TEXT.percent(formatDecimal(share * 100, 1));
}
