/**
 * "Paga e condizioni" on the offer form (decision 094): the fields as typed, what the API's `pay_terms` becomes of
 * them, and back. An offer that sets none of them sends `pay_terms: null` (no terms: the hourly pay by the contract's
 * rules, no travel). Fees of a freelancer go only with the freelance form, as the server checks.
 */
import type { TPayTermsOut } from '@farmaponte/shared';
import type { TNightService } from '@farmaponte/shared/pay-rules';

export type TTravelChoice = '' | 'fisso' | 'km';

export interface TPayTermsFormValues {
  /** '' for a day shift. */
  night_service: '' | TNightService;
  /** HH:MM, or '' when the whole shift is night service. */
  night_from: string;
  /** Euros as typed ('30' or '32,50'); '' for none. */
  fee_hourly: string;
  night_fee: string;
  holiday_fee: string;
  /** Days of the offer the pharmacy marks as local holidays (YYYY-MM-DD). */
  extra_holidays: string[];
  travel_mode: TTravelChoice;
  travel_amount: string;
  travel_per_km: string;
  travel_cap: string;
  travel_per_day: boolean;
  /** Nights as typed; '' for no lodging. */
  lodging_nights: string;
  lodging_note: string;
  negotiation_max_hourly: string;
  negotiation_max_travel: string;
}

export const EMPTY_PAY_TERMS: TPayTermsFormValues = {
  night_service: '',
  night_from: '',
  fee_hourly: '',
  night_fee: '',
  holiday_fee: '',
  extra_holidays: [],
  travel_mode: '',
  travel_amount: '',
  travel_per_km: '',
  travel_cap: '',
  travel_per_day: false,
  lodging_nights: '',
  lodging_note: '',
  negotiation_max_hourly: '',
  negotiation_max_travel: '',
};

/** A number input's value is written with a point. */
const typed = (value: number | null) => (value === null ? '' : String(value));

/** The form's fields from an offer's `pay_terms` (null: none set). */
export function payTermsFormValues(terms: TPayTermsOut | null | undefined): TPayTermsFormValues {
  if (!terms) return { ...EMPTY_PAY_TERMS, extra_holidays: [] };
  return {
    night_service: terms.night_service ?? '',
    night_from: terms.night_from ?? '',
    fee_hourly: typed(terms.fee_hourly),
    night_fee: typed(terms.night_fee),
    holiday_fee: typed(terms.holiday_fee),
    extra_holidays: [...terms.extra_holidays].sort(),
    travel_mode: terms.travel_mode ?? '',
    travel_amount: typed(terms.travel_amount),
    travel_per_km: typed(terms.travel_per_km),
    travel_cap: typed(terms.travel_cap),
    travel_per_day: terms.travel_per_day,
    lodging_nights: typed(terms.lodging_nights),
    lodging_note: terms.lodging_note,
    negotiation_max_hourly: typed(terms.negotiation_max_hourly),
    negotiation_max_travel: typed(terms.negotiation_max_travel),
  };
}

const blank = (value: string) => value.trim() === '';
const orNull = (value: string) => (blank(value) ? null : value.trim());

/**
 * What the shared schema reads as `pay_terms`: null when the owner set nothing, otherwise every field (a field left
 * out would be cleared on an update anyway). `freelance`: the offer takes freelancers, so their own fees go with it.
 */
export function payTermsInput(values: TPayTermsFormValues, { freelance }: { freelance: boolean }) {
  const night = values.night_service || null;
  const travel = values.travel_mode || null;
  const terms = {
    night_service: night,
    night_from: night ? orNull(values.night_from) : null,
    fee_hourly: freelance ? orNull(values.fee_hourly) : null,
    night_fee: freelance ? orNull(values.night_fee) : null,
    holiday_fee: freelance ? orNull(values.holiday_fee) : null,
    extra_holidays: [...values.extra_holidays].sort(),
    travel_mode: travel,
    travel_amount: travel === 'fisso' ? orNull(values.travel_amount) : null,
    travel_per_km: travel === 'km' ? orNull(values.travel_per_km) : null,
    travel_cap: travel === 'km' ? orNull(values.travel_cap) : null,
    travel_per_day: travel ? values.travel_per_day : false,
    lodging_nights: orNull(values.lodging_nights),
    lodging_note: orNull(values.lodging_nights) ? values.lodging_note.trim() : '',
    negotiation_max_hourly: orNull(values.negotiation_max_hourly),
    negotiation_max_travel: orNull(values.negotiation_max_travel),
  };
  const none = Object.values(terms).every((v) => v === null || v === false || v === '' || (Array.isArray(v) && !v.length));
  return none ? null : terms;
}

/** A field's name in the form from the API's (`pay_terms.night_fee`), or undefined when it is not one of these. */
export function payTermsFieldOf(apiField: string): `pay_terms.${keyof TPayTermsFormValues}` | undefined {
  const [head, field] = apiField.split('.');
  if (head !== 'pay_terms' || !field || !(field in EMPTY_PAY_TERMS)) return undefined;
  return `pay_terms.${field as keyof TPayTermsFormValues}`;
}
