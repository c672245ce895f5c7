/**
 * Hours that close (decision 095): when a worked shift's hours and expenses count as confirmed. The pharmacist may
 * correct her hours until LIMITS.workedHoursCorrectionDays after the shift's last day; what the pharmacy has neither
 * confirmed nor disputed HOURS_CLOSING.autoConfirmDays after that is confirmed. One function for the server's lists,
 * its refusals and the invoice's check, and for the web's wording.
 */
import { addDays } from './dates';
import { HOURS_CLOSING } from './invoice-rules';
import { LIMITS } from './limits';
import type { THoursState, TInvoiceState } from './schemas/invoices';

/** The day a shift's unanswered hours and expenses are confirmed: its last day + the correction window + the grace days. */
export const hoursConfirmOn = (lastDay: string) =>
  addDays(lastDay, LIMITS.workedHoursCorrectionDays + HOURS_CLOSING.autoConfirmDays);

type TReview = { status: 'pending' | 'confirmed' | 'disputed' } | null;

/**
 * The hours' state of a shift whose last day is `lastDay`, on `today` (Italian days), from the pharmacy's answer
 * (null when there is none): a dispute stands until answered again; a confirmation, or the deadline passing with none,
 * confirms them.
 */
export function hoursState(
  lastDay: string,
  review: TReview,
  today: string,
): { state: THoursState; confirmed_by: 'titolare' | 'automatica' | null; confirms_on: string } {
  const confirmsOn = hoursConfirmOn(lastDay);
  if (review?.status === 'confirmed') return { state: 'confermate', confirmed_by: 'titolare', confirms_on: confirmsOn };
  if (review?.status === 'disputed') return { state: 'contestate', confirmed_by: null, confirms_on: confirmsOn };
  if (today >= confirmsOn) return { state: 'confermate', confirmed_by: 'automatica', confirms_on: confirmsOn };
  return { state: review ? 'da_confermare' : 'in_corso', confirmed_by: null, confirms_on: confirmsOn };
}

/** An expense's state on `today`: unanswered ones are confirmed with the hours, on the same day. */
export function expenseState(
  status: 'in_attesa' | 'confermata' | 'contestata',
  lastDay: string,
  today: string,
): 'in_attesa' | 'confermata' | 'contestata' {
  return status === 'in_attesa' && today >= hoursConfirmOn(lastDay) ? 'confermata' : status;
}

/**
 * An invoice's state as both sides read it: `stornata` once a credit note undid it, `pagata` once the pharmacy marked
 * it paid, `scaduta` when neither and its due day has passed, `inviata` once she marked it sent to the SdI, else
 * `emessa`. The stored dates are all it needs, so a list and the invoice itself always agree.
 */
export function invoiceStateOf(
  invoice: { credited_at: unknown; paid_on: string | null; sent_at: unknown; due_on?: string | null },
  today: string,
): TInvoiceState {
  if (invoice.credited_at) return 'stornata';
  if (invoice.paid_on) return 'pagata';
  if (invoice.due_on && invoice.due_on < today) return 'scaduta';
  return invoice.sent_at ? 'inviata' : 'emessa';
}
