/**
 * The offer dialog's fields (docs/product.md#dialogs) and the payload they become: in single-day mode date_to is date_from; the
 * positions are typed as text and the shared schema reads them as a whole number (1–20).
 */
import type { TAutoInvite, TOffer, TOfferPayload } from '@farmaponte/shared';
import { DEFAULT_LEGAL_FORM, legalFormsPayload, legalFormValueOf, type TLegalFormChoice } from './legal-form-choice';
import { payTermsFormValues, payTermsInput, type TPayTermsFormValues } from './pay-terms-form';

/** What POST /api/offers/create/ and PUT /api/offers/{id}/update/ receive, as the shared schema outputs it. */
export type { TOfferPayload };

export type TOfferDuration = 'single' | 'multi';

export interface TOfferFormValues {
  title: string;
  description: string;
  duration: TOfferDuration;
  date_from: string;
  date_to: string;
  /** Euros an hour, as typed ('20' or '20,50'); required. */
  hourly_pay: string;
  /** The daily hours (HH:MM), optional. */
  start_time: string;
  end_time: string;
  /** A free-text note on pay (optional). */
  salary: string;
  /** How many pharmacists are wanted, as typed. */
  positions: string;
  /** A new offer only: 'Invita i farmacisti disponibili', whom first, and after how many hours the others (as typed). */
  auto_invite: boolean;
  auto_invite_mode: TAutoInvite['mode'];
  auto_invite_delay: string;
  /** 'Forma di lavoro' (decision 093) and, with the employee form, the CCNL level's code. */
  legal_form: TLegalFormChoice;
  ccnl_level: string;
  /** 'Paga e condizioni' (decision 094): night service, a freelancer's fees, holidays, travel, lodging, negotiation. */
  pay_terms: TPayTermsFormValues;
}

/** The hours the owner's favourites have to themselves, unless the owner says otherwise. */
const DEFAULT_AUTO_INVITE_DELAY = '6';

/** What a pharmacy's settings propose for its new offers (decision 089); null where they propose nothing. */
export interface TOfferDefaults {
  start_time: string | null;
  end_time: string | null;
  hourly_pay: number | null;
  positions: number | null;
  /** The note for the pharmacist (parking, software, dress, the way there): the new offer's description. */
  note: string;
}

/**
 * The form filled from `offer`, or empty (a new offer: one day, no dates yet), started from the pharmacy's `defaults`
 * when it has some: its hours, pay and places, and its note as the description.
 */
export function offerFormValues(offer?: TOffer | null, defaults?: TOfferDefaults | null): TOfferFormValues {
  if (!offer)
    return {
      title: '',
      description: defaults?.note ?? '',
      duration: 'single',
      date_from: '',
      date_to: '',
      // A number input: its value is written with a point.
      hourly_pay: defaults?.hourly_pay == null ? '' : String(defaults.hourly_pay),
      start_time: defaults?.start_time ?? '',
      end_time: defaults?.end_time ?? '',
      salary: '',
      positions: defaults?.positions == null ? '1' : String(defaults.positions),
      auto_invite: false,
      auto_invite_mode: 'matches',
      auto_invite_delay: DEFAULT_AUTO_INVITE_DELAY,
      legal_form: DEFAULT_LEGAL_FORM.choice,
      ccnl_level: DEFAULT_LEGAL_FORM.level,
      pay_terms: payTermsFormValues(null),
    };
  const legal = legalFormValueOf(offer);
  const from = offer.date_from ?? '';
  const to = offer.date_to ?? '';
  return {
    title: offer.title,
    description: offer.description,
    // One day, or no dates at all, reads as a single day; anything else keeps both dates.
    duration: from === to ? 'single' : 'multi',
    date_from: from,
    date_to: to,
    hourly_pay: offer.hourly_pay === null ? '' : String(offer.hourly_pay),
    start_time: offer.start_time ?? '',
    end_time: offer.end_time ?? '',
    salary: offer.salary,
    positions: String(offer.positions),
    // Asked only when publishing: an edit leaves the platform's invitations as they are.
    auto_invite: false,
    auto_invite_mode: 'matches',
    auto_invite_delay: DEFAULT_AUTO_INVITE_DELAY,
    legal_form: legal.choice,
    ccnl_level: legal.level,
    pay_terms: payTermsFormValues(offer.pay_terms),
  };
}

/**
 * The object the shared schema validates: empty dates are null, a single day ends the day it starts, the legal forms
 * are the choice's (decision 093) and the pay terms null when none is set (decision 094).
 */
export function offerSchemaInput(values: TOfferFormValues) {
  const dateFrom = values.date_from || null;
  return {
    title: values.title,
    description: values.description,
    date_from: dateFrom,
    date_to: values.duration === 'single' ? dateFrom : values.date_to || null,
    hourly_pay: values.hourly_pay,
    start_time: values.start_time,
    end_time: values.end_time,
    salary: values.salary,
    positions: values.positions,
    ...legalFormsPayload({ choice: values.legal_form, level: values.ccnl_level }),
    pay_terms: payTermsInput(values.pay_terms, { freelance: values.legal_form !== 'dipendente' }),
    auto_invite: values.auto_invite
      ? {
          mode: values.auto_invite_mode,
          delay_hours: values.auto_invite_mode === 'favourites_first' ? values.auto_invite_delay : undefined,
        }
      : undefined,
  };
}
