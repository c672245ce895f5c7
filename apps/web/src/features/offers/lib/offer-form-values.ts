/**
 * The offer dialog's fields (docs/product.md#dialogs) and the payload they become: in single-day mode date_to is date_from; the
 * positions are typed as text and the shared schema reads them as a whole number (1–20).
 */
import type { TOffer, TOfferPayload } from '@farmaponte/shared';

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
}

/** The form filled from `offer`, or empty (a new offer: one day, no dates yet). */
export function offerFormValues(offer?: TOffer | null): TOfferFormValues {
  if (!offer)
    return {
      title: '',
      description: '',
      duration: 'single',
      date_from: '',
      date_to: '',
      hourly_pay: '',
      start_time: '',
      end_time: '',
      salary: '',
      positions: '1',
    };
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
  };
}

/** The object the shared schema validates: empty dates are null, and a single day ends the day it starts. */
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
  };
}
