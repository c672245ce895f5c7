/**
 * Numbers as Italians read them: '20 €/ora', '20,50 €/ora', '12,3 km'. Written by `formatDecimal`, not Intl: the page's
 * first script (decision 057) draws these figures, and a page's first Italian `Intl` formatter loads the locale's
 * number data, a long task on a slow phone (decision 077).
 */
import { formatDecimal } from '@farmaponte/shared/italian-figures';

/** Whole euros without decimals ('20'), otherwise always two ('20,50'). */
export function formatEuros(value: number): string {
  return Number.isInteger(value) ? formatDecimal(value, 0) : formatDecimal(value, 2, 2);
}

export function formatKilometres(value: number): string {
  return formatDecimal(value, 1);
}
