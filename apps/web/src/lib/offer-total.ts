/**
 * A search row's total pay (decision 094): the shift's pay under the best form (or the form filtered by) plus the
 * searcher's travel when the API knows it, read without React or the API client: the search's first screen (decision
 * 057) draws it too. Absent from an older server's answer: no total.
 */
import { formatCount } from '@farmaponte/shared/italian-figures';
import { PAY_ROW_TEXT } from '@farmaponte/shared/ui-text-pay-search';

interface TOfferTotal {
  total_pay?: number | null;
  travel_pay?: number | null;
}

/** 'Totale circa 181 €' (whole euros: it is an estimate), with 'viaggio incluso' when travel is in it; null without. */
export function offerTotalText(offer: object): string | null {
  const { total_pay: total, travel_pay: travel } = offer as TOfferTotal;
  if (total == null) return null;
  const euros = formatCount(Math.round(total));
  return travel ? PAY_ROW_TEXT.totalAboutWithTravel(euros) : PAY_ROW_TEXT.totalAbout(euros);
}
