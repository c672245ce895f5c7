/** Display helpers of the admin screens: numbers and dates the Italian way. */
import { formatDate, todayInItaly } from '@farmaponte/shared/dates';

// Grouping always: Italian CLDR leaves 4-digit numbers bare, so '2000 di 25.000' would look inconsistent.
const integer = new Intl.NumberFormat('it-IT', { useGrouping: true });

/** 20400 → '20.400', 2000 → '2.000'. */
export function formatCount(value: number): string {
  return integer.format(value);
}

/** A coordinate with the precision the registry has (about 10 cm), dot as in the inputs. */
export function formatCoordinate(value: number | null | undefined, fallback: string): string {
  return value == null ? fallback : String(Number(value.toFixed(6)));
}

/** An ISO timestamp → the calendar day in Italy, dd/mm/yyyy (a sign-up at 00:30 in Rome is that day, not the UTC one). */
export function formatDayInItaly(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDate(todayInItaly(date));
}
