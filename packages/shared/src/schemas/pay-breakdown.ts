/**
 * GET /api/offers/{id}/pay/ (decision 094): an offer's pay for one pharmacist under one legal form, hour by hour
 * (payLines), with the trip from her comune, lodging and the bounds of a negotiation.
 */
import { z } from 'zod';
import { LEGAL_FORMS } from '../engagement';
import { LIMITS } from '../limits';
import { TRAVEL_MODES } from '../pay';
import { zProvince, zText } from './common';
import { zOptionalLegalForm } from './legal-forms';

/** Which form, and where the trip starts: a comune (and its province) given, else her profile's when she is logged in. */
export const ZOfferPayQuerySchema = z.object({
  legal_form: zOptionalLegalForm,
  comune: z.preprocess((v) => (v === '' ? undefined : v), zText(LIMITS.searchPlaceMaxLength).optional()),
  provincia: z.preprocess((v) => (v === '' ? undefined : v), zProvince.optional()),
});
export type TOfferPayQuery = z.infer<typeof ZOfferPayQuerySchema>;

export const PAY_LINE_KINDS = ['ordinaria', 'notte', 'notte_oltre', 'domenica', 'festivo'] as const;

/** One line of payLines: hours of one day paid at one rate. */
export const ZPayLineSchema = z.object({
  day: z.string(),
  from: z.string(),
  to: z.string(),
  minutes: z.number(),
  kind: z.enum(PAY_LINE_KINDS),
  label: z.string(),
  supplement: z.number(),
  rate: z.number(),
  minimum: z.number().nullable(),
  amount: z.number(),
});

export const ZOfferPaySchema = z.object({
  legal_form: z.enum(LEGAL_FORMS),
  /** Euros an hour: the employee's gross hourly pay or the freelancer's fee; null for an employee paid the minimum. */
  hourly: z.number().nullable(),
  /** The level's table minimum on the first day (level 1 for a freelancer, the floor of the like-with-like check). */
  ccnl_minimum: z.number().nullable(),
  lines: z.array(ZPayLineSchema),
  /** The sum of the lines; null for an offer without days or hours, or a freelancer's fee not known. */
  total: z.number().nullable(),
  minutes: z.number(),
  travel: z
    .object({
      mode: z.enum(TRAVEL_MODES),
      /** Kilometres there and back (always an estimate); null when the trip's start is not known. */
      km: z.number().nullable(),
      amount: z.number().nullable(),
      per_day: z.boolean(),
      from_comune: z.string().nullable(),
    })
    .nullable(),
  lodging: z.object({ nights: z.number(), note: z.string() }).nullable(),
  /** total + travel.amount; null when total is. */
  grand_total: z.number().nullable(),
  /** The first hours paid under the level's minimum for the same hours (like with like), or null. */
  below_minimum: z
    .object({ day: z.string(), from: z.string(), to: z.string(), rate: z.number(), minimum: z.number() })
    .nullable(),
  negotiation: z.object({ max_hourly: z.number().nullable(), max_travel: z.number().nullable() }).nullable(),
});
export type TOfferPay = z.infer<typeof ZOfferPaySchema>;
