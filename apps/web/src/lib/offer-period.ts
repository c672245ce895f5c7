/** An offer's dates as users read them (dd/mm/yyyy): 'Il …' for one day, 'Dal … al …', or just one end when only one is set. */
// The first screen's texts only: the page's first script draws these rows too (decision 057).
import { FIRST_SCREEN_TEXT as UI_TEXT } from '@farmaponte/shared/ui-text-first-screen';
import { formatDate } from './dates';

/** Null when the offer has no dates. */
export function offerPeriod(dateFrom: string | null, dateTo: string | null): string | null {
  if (dateFrom && dateFrom === dateTo) return UI_TEXT.offerPeriodDay(formatDate(dateFrom));
  if (dateFrom && dateTo) return UI_TEXT.offerPeriod(formatDate(dateFrom), formatDate(dateTo));
  if (dateFrom) return UI_TEXT.offerPeriodFrom(formatDate(dateFrom));
  if (dateTo) return UI_TEXT.offerPeriodUntil(formatDate(dateTo));
  return null;
}
