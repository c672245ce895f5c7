/** Date helpers for forms; display formatting (dd/mm/yyyy) comes from @farmaponte/shared. */

import { todayInItaly } from '@farmaponte/shared/dates';
import { LIMITS } from '@farmaponte/shared/limits';

export { formatDate, formatDateTime } from '@farmaponte/shared/dates';

/** The latest birth date an adult can have today, for the `max` of a date input (YYYY-MM-DD). */
export function latestAdultBirthDate(today: string = todayInItaly()): string {
  const [year, rest] = [Number(today.slice(0, 4)), today.slice(4)];
  return `${String(year - LIMITS.minimumAgeYears).padStart(4, '0')}${rest === '-02-29' ? '-02-28' : rest}`;
}
