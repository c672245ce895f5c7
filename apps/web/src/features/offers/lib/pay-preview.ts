/**
 * The offer form's hour-by-hour preview (decision 094): the shift's pay under each form it offers, computed by the
 * same `payLines` the server stores its totals with, and the like-with-like fair-pay warning (never a refusal). Only
 * the offer dialog imports this, so the pay rules download with it and not with the search page or /login.
 */
import type { TCcnlLevel, TLegalForm } from '@farmaponte/shared/engagement';
import { FAIR_PAY, fairPayWarning } from '@farmaponte/shared/fair-pay';
import {
  ccnlHourly,
  lineBelowMinimum,
  payLines,
  shiftDaysOf,
  sumAmounts,
  type TPayLine,
  type TPayTerms,
} from '@farmaponte/shared/pay';
import { PATRON_SAINTS } from '@farmaponte/shared/pay-rules';
import { PAY_TEXT } from '@farmaponte/shared/ui-text-pay';
import { formatDate } from '../../../lib/dates';
import { includesEmployee, legalFormsPayload } from './legal-form-choice';
import type { TOfferFormValues } from './offer-form-values';

export type TPayPreviewForm = { form: TLegalForm; lines: TPayLine[]; total: number };

/** Euros as typed ('20', '20,50'), or null when empty or not a number. */
export function eurosOf(value: string): number | null {
  if (value.trim() === '') return null;
  const number = Number(value.trim().replace(',', '.'));
  return Number.isFinite(number) && number > 0 ? number : null;
}

const CCNL_LEVELS = new Set(['Q1', 'Q2', 'Q3', '1']);
const levelOf = (level: string): TCcnlLevel => (CCNL_LEVELS.has(level) ? (level as TCcnlLevel) : '1');

/**
 * The ISTAT code of the pharmacy's comune when it is one whose patron saint the rules know (its holiday changes the
 * pay), found by name: the form knows the pharmacy's comune by name only, and the full list of comuni is not worth
 * downloading for twenty.
 */
export function patronIstatOf(comune: string | null | undefined): string | null {
  const name = comune?.trim().toLowerCase();
  if (!name) return null;
  for (const rule of PATRON_SAINTS) {
    const found = rule.comuni.find((c) => c.comune.toLowerCase() === name);
    if (found) return found.istat;
  }
  return null;
}

/** The level's CCNL minimum on the shift's first day (today without dates), or null before any table. */
export function levelMinimum(level: string, day: string): number | null {
  return ccnlHourly(levelOf(level), day);
}

/** The pay terms each offered form is paid under, as the server computes its totals (pay contract, section 1). */
function termsOf(values: TOfferFormValues, form: TLegalForm): TPayTerms {
  const pay = values.pay_terms;
  const hourly = eurosOf(values.hourly_pay);
  const freelance = form === 'libera_professione';
  return {
    legal_form: form,
    ccnl_level: includesEmployee(values.legal_form) ? levelOf(values.ccnl_level) : null,
    hourly: freelance ? (eurosOf(pay.fee_hourly) ?? hourly) : hourly,
    night_service: pay.night_service || null,
    night_from: pay.night_service && pay.night_from ? pay.night_from : null,
    night_fee: freelance ? eurosOf(pay.night_fee) : null,
    holiday_fee: freelance ? eurosOf(pay.holiday_fee) : null,
    extra_holidays: pay.extra_holidays,
  };
}

/** The pay of each offered form, hour by hour; an empty list while the offer has no days or no hours. */
export function payPreview(values: TOfferFormValues, istat: string | null): TPayPreviewForm[] {
  const dateTo = values.duration === 'single' ? values.date_from : values.date_to;
  const days = shiftDaysOf(values.date_from || null, dateTo || null, values.start_time || null, values.end_time || null);
  if (!days.length) return [];
  const forms = legalFormsPayload({ choice: values.legal_form, level: values.ccnl_level }).legal_forms;
  const preview = forms.map((form) => {
    const lines = payLines(termsOf(values, form), days, istat);
    return { form, lines, total: sumAmounts(lines) };
  });
  return preview.some((p) => p.lines.length) ? preview : [];
}

/**
 * The fair-pay warning like with like: the first hours paid under the level's minimum for the same hours (a night
 * below the night's minimum, a holiday below the holiday's). A plain day below the first level's minimum says what it
 * always said (decision 071); without days and hours, the hourly pay against the level's minimum.
 */
export function payWarning(values: TOfferFormValues, preview: readonly TPayPreviewForm[], today: string): string | null {
  for (const { form, lines } of preview) {
    const line = lineBelowMinimum(lines);
    if (!line || line.minimum === null) continue;
    if (line.kind === 'ordinaria' && line.minimum === FAIR_PAY.hourly) return fairPayWarning(line.rate);
    return PAY_TEXT.belowMinimum(form, formatDate(line.day), line.from, line.to, line.rate, line.minimum);
  }
  if (preview.length) return null;
  const hourly = eurosOf(values.hourly_pay);
  if (hourly === null) return null;
  const minimum = includesEmployee(values.legal_form) ? levelMinimum(values.ccnl_level, values.date_from || today) : null;
  if (minimum === null || minimum === FAIR_PAY.hourly) return fairPayWarning(hourly);
  return hourly + 0.005 < minimum ? PAY_TEXT.belowLevelMinimum(hourly, minimum) : null;
}
