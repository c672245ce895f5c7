import { z } from 'zod';
import { isIsoDate } from '../dates';
import { CCNL_LEVEL_CODES, LEGAL_FORMS } from '../engagement';
import { INVITATION_MESSAGES } from '../invitation-text';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { PAY_MESSAGES } from '../messages-pay';
import { zId, zText } from './common';
import { zCcnlLevel, zLegalForms } from './legal-forms';
import { ZPayTermsInputSchema, ZPayTermsSchema } from './pay';

const zOptionalDate = (message: string) =>
  z.preprocess(
    (v) => (v == null || v === '' ? null : v),
    z
      .string({ error: message })
      .refine((s) => isIsoDate(s), message)
      .nullable(),
  );

/** "20", "20,50 €/ora", "€ 18.5 l'ora": the first number of a free-text pay, in euros, or undefined. */
export function payFromSalary(salary: string): number | undefined {
  const match = /(?<![\d.,])(\d{1,3})(?:[.,](\d{1,2}))?(?!\d)(?![.,]\d)/.exec(salary);
  if (!match) return undefined;
  const pay = Number(`${match[1]}.${match[2] ?? '0'}`);
  return pay >= LIMITS.hourlyPayMin && pay <= LIMITS.hourlyPayMax ? pay : undefined;
}

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7;

/** Hourly pay in euros: 5–200, at most two decimals; "20,50" is read as 20.50. Empty or absent: undefined. */
export const zHourlyPay = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? v.trim().replace(',', '.') : v),
  z.coerce
    .number({ error: MESSAGES.offerHourlyPay })
    .min(LIMITS.hourlyPayMin, MESSAGES.offerHourlyPay)
    .max(LIMITS.hourlyPayMax, MESSAGES.offerHourlyPay)
    .refine(hasAtMostTwoDecimals, MESSAGES.offerHourlyPay)
    .optional(),
);

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
/** A time of day HH:MM ("8:30" is read as 08:30); empty or absent: null. */
const zTimeOfDay = z
  .preprocess(
    (v) => (v == null || v === '' ? null : typeof v === 'string' ? v.trim().replace(/^(\d):/, '0$1:') : v),
    z.string({ error: MESSAGES.offerTime }).regex(TIME_PATTERN, MESSAGES.offerTime).nullable(),
  )
  .optional();

/**
 * 'Invita i farmacisti disponibili' when publishing (decision 069): `matches` invites the best matches at once,
 * `favourites_first` the owner's favourite pharmacists at once and the other matches after `delay_hours` (1–72).
 */
export const ZAutoInviteSchema = z
  .object({
    mode: z.enum(['matches', 'favourites_first'], { error: INVITATION_MESSAGES.autoInviteMode }),
    delay_hours: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: INVITATION_MESSAGES.autoInviteDelay })
        .int(INVITATION_MESSAGES.autoInviteDelay)
        .min(LIMITS.autoInviteDelayHoursMin, INVITATION_MESSAGES.autoInviteDelay)
        .max(LIMITS.autoInviteDelayHoursMax, INVITATION_MESSAGES.autoInviteDelay)
        .optional(),
    ),
  })
  .refine((auto) => auto.mode !== 'favourites_first' || auto.delay_hours !== undefined, {
    message: INVITATION_MESSAGES.autoInviteDelay,
    path: ['delay_hours'],
  });
export type TAutoInvite = z.infer<typeof ZAutoInviteSchema>;

/** An offer's fields one by one (the bulk template and the series edit take some of them, decision 090). */
export const offerInputFields = z.object({
  title: zText(LIMITS.offerTitleMaxLength).pipe(z.string().min(LIMITS.offerTitleMinLength, MESSAGES.offerTitle)),
  description: zText(LIMITS.offerDescriptionMaxLength).pipe(z.string().min(1, MESSAGES.offerDescription)),
  date_from: zOptionalDate(MESSAGES.offerDateFrom),
  date_to: zOptionalDate(MESSAGES.offerDateTo),
  /** A free-text note on pay (before decision 026, the only pay field). */
  salary: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string({ error: MESSAGES.offerSalaryTooLong }).trim().max(LIMITS.salaryMaxLength, MESSAGES.offerSalaryTooLong),
  ),
  /** Euros an hour (5–200, two decimals at most). Absent: read from a number in `salary`, else none. */
  hourly_pay: zHourlyPay,
  /** The daily hours, HH:MM; optional, the end after the start. */
  start_time: zTimeOfDay,
  end_time: zTimeOfDay,
  /**
   * How many pharmacists the owner wants (1–20). Absent or empty: 1 for a new offer, unchanged on an update (a client
   * written before positions existed keeps working and never resets them).
   */
  positions: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: MESSAGES.offerPositions })
      .int(MESSAGES.offerPositions)
      .min(LIMITS.offerPositionsMin, MESSAGES.offerPositions)
      .max(LIMITS.offerPositionsMax, MESSAGES.offerPositions)
      .optional(),
  ),
  /**
   * Under which legal forms the shift may be worked (decision 093): 'dipendente' and/or 'libera_professione', never
   * prestazione occasionale. Absent: dipendente for a new offer, unchanged on an update.
   */
  legal_forms: zLegalForms,
  /** The CCNL level of an employee engagement; absent: '1' (or unchanged); stored null without dipendente. */
  ccnl_level: zCcnlLevel,
  /**
   * Night service, a freelancer's own rates, local holidays, travel, lodging and the bounds of a negotiation (decision
   * 094). Absent: none for a new offer, unchanged on an update; null: none.
   */
  pay_terms: z.preprocess((v) => (v === '' ? null : v), ZPayTermsInputSchema.nullable().optional()),
  /** Only when publishing (an update ignores it): the platform invites available pharmacists for this offer. */
  auto_invite: z.preprocess((v) => (v === null ? undefined : v), ZAutoInviteSchema.optional()),
});

type TOfferFields = z.infer<typeof offerInputFields>;
/**
 * The rules across an offer's fields: dates and hours in order, auto-invitations only with dates. `onStored`: the input
 * edits stored offers, whose pay terms stay when it names none (the server checks the hours against them) and whose
 * own days hold the local holidays (a series' edit names no days).
 */
export function checkOffer(offer: Partial<TOfferFields>, ctx: z.RefinementCtx, onStored = false) {
  if (offer.date_from && offer.date_to && offer.date_to < offer.date_from)
    ctx.addIssue({ code: 'custom', message: MESSAGES.offerDateOrder, path: ['date_to'] });
  const terms = offer.pay_terms;
  // A night service may end the next morning (20:00–08:30); any other shift ends after it starts.
  if (offer.start_time && offer.end_time && offer.end_time <= offer.start_time && !(onStored && terms === undefined))
    if (!terms?.night_service || offer.end_time === offer.start_time)
      ctx.addIssue({
        code: 'custom',
        message: terms?.night_service ? MESSAGES.offerTimeOrder : PAY_MESSAGES.overnightNeedsNight,
        path: ['end_time'],
      });
  if (terms) checkPayTerms(offer, terms, ctx, onStored);
  // The platform invites pharmacists free on every day of the offer: an offer without its days has none to match.
  if (offer.auto_invite && !(offer.date_from && offer.date_to))
    ctx.addIssue({ code: 'custom', message: INVITATION_MESSAGES.autoInviteNeedsDates, path: ['auto_invite'] });
}

/** The pay terms against the rest of the offer: local holidays among its days, fees and bounds that fit its forms and pay. */
function checkPayTerms(
  offer: Partial<TOfferFields>,
  terms: NonNullable<TOfferFields['pay_terms']>,
  ctx: z.RefinementCtx,
  onStored: boolean,
) {
  const holidays = terms.extra_holidays ?? [];
  const { date_from: first, date_to: last } = offer;
  const daysKnown = !onStored || 'date_from' in offer;
  if (daysKnown && holidays.length && !(first && last && holidays.every((d) => d >= first && d <= last)))
    ctx.addIssue({ code: 'custom', message: PAY_MESSAGES.extraHolidays, path: ['pay_terms', 'extra_holidays'] });
  if (
    offer.legal_forms &&
    !offer.legal_forms.includes('libera_professione') &&
    (terms.night_fee != null || terms.holiday_fee != null || terms.fee_hourly != null)
  )
    ctx.addIssue({ code: 'custom', message: PAY_MESSAGES.feesNeedFreelance, path: ['pay_terms', 'night_fee'] });
  if (terms.negotiation_max_hourly != null) {
    const offered = terms.fee_hourly ?? offer.hourly_pay ?? (offer.salary ? payFromSalary(offer.salary) : undefined);
    if (offered === undefined || offered === null)
      ctx.addIssue({ code: 'custom', message: PAY_MESSAGES.negotiationNeedsPay, path: ['pay_terms', 'negotiation_max_hourly'] });
    else if (terms.negotiation_max_hourly <= offered)
      ctx.addIssue({ code: 'custom', message: PAY_MESSAGES.negotiationMaxHourly, path: ['pay_terms', 'negotiation_max_hourly'] });
  }
}

/**
 * POST /api/offers/create/ + PUT /api/offers/{id}/update/ (docs/rules.md#offers). hourly_pay is optional here so a client that
 * sends only `salary` (the seed system) keeps working: a number in it becomes hourly_pay.
 */
export const ZOfferInputSchema = offerInputFields.superRefine((offer, ctx) => checkOffer(offer, ctx)).transform(withPayAndHours);

/**
 * PUT /api/offers/{id}/update/: the same, but the hours of an offer that names no pay terms are checked by the server
 * against the stored ones (an overnight shift keeps its night service).
 */
export const ZOfferUpdateSchema = offerInputFields
  .superRefine((offer, ctx) => checkOffer(offer, ctx, true))
  .transform(withPayAndHours);

/** The pay read from `salary` when not given, and the hours as null when not given: what the server stores. */
export function withPayAndHours<T extends Pick<TOfferFields, 'salary' | 'hourly_pay' | 'start_time' | 'end_time'>>(offer: T) {
  return {
    ...offer,
    hourly_pay: offer.hourly_pay ?? payFromSalary(offer.salary) ?? null,
    start_time: offer.start_time ?? null,
    end_time: offer.end_time ?? null,
  };
}

/** The offer dialog of our web app: the same, with hourly_pay required. */
export const ZOfferFormSchema = offerInputFields.superRefine((offer, ctx) => {
  checkOffer(offer, ctx);
  if (offer.hourly_pay === undefined)
    ctx.addIssue({ code: 'custom', message: MESSAGES.offerHourlyPayRequired, path: ['hourly_pay'] });
});
/** What the offer dialog holds (dates may be '' or null). */
export type TOfferInput = z.input<typeof ZOfferInputSchema>;
/** What the server reads once the input is parsed. */
export type TOfferPayload = z.infer<typeof ZOfferInputSchema>;

export const ZOfferSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  salary: z.string(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  denominazione_farmacia: z.string(),
  /** The group the pharmacy belongs to, named where its organisation runs several pharmacies; null otherwise. */
  gruppo: z.string().nullable(),
  comune_farmacia: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** How many pharmacists are wanted (1–20). */
  positions: z.number(),
  /** Euros an hour, or null (an old offer whose salary text holds no number). */
  hourly_pay: z.number().nullable(),
  /** The daily hours (HH:MM), or null. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** Under which legal forms it may be worked, dipendente first (decision 093). */
  legal_forms: z.array(z.enum(LEGAL_FORMS)),
  /** The CCNL level of an employee engagement; null when dipendente is not offered. */
  ccnl_level: z.enum(CCNL_LEVEL_CODES).nullable(),
  /** Night service, a freelancer's rates, travel, lodging, negotiation (decision 094); null when the offer sets none. */
  pay_terms: ZPayTermsSchema.nullable(),
  /**
   * The shift's pay for one pharmacist under each form it offers, hours × rates with the contract's supplements, travel
   * left out; null for a form not offered or an offer without days and hours.
   */
  pay_totals: z.object({ dipendente: z.number().nullable(), libera_professione: z.number().nullable() }),
});
export type TOffer = z.infer<typeof ZOfferSchema>;

/** GET /api/offers/: the open offers. */
export const ZOfferListSchema = z.array(ZOfferSchema);

/** The answer of a create or update: the offer as shown, and the message. */
export const ZOfferSavedSchema = ZOfferSchema.extend({ message: z.string() });
export type TOfferSaved = z.infer<typeof ZOfferSavedSchema>;

/**
 * An owner's offer: `open` (listed, takes applications), `filled` (as many accepted as positions), `closed` (by the
 * owner, POST /api/offers/{id}/close/), `expired` (its last day has passed) or `pending_verification` (its owner waits
 * for an admin's approval: seen by the owner only, published on approval). `expired` wins over the others.
 */
export const OFFER_STATUSES = ['open', 'filled', 'closed', 'expired', 'pending_verification'] as const;
export const ZOfferStatusSchema = z.enum(OFFER_STATUSES);
export type TOfferStatus = z.infer<typeof ZOfferStatusSchema>;

/**
 * The pharmacy a row of an owner's list belongs to (decision 092): its id (what `X-Farmacia` names) and its
 * denominazione. Optional, so that clients written before groups keep reading the lists; always the last field of an
 * answer, as fast-json-stringify writes the optional properties after the required ones and zod in the schema's order
 * (lib/answer-writer.ts checks that both write the same text).
 */
export const ZPharmacyOfRowSchema = z.object({ id: z.number(), name: z.string() }).optional();
export type TPharmacyOfRow = z.infer<typeof ZPharmacyOfRowSchema>;

export const ZMyOfferSchema = ZOfferSchema.extend({
  /** True only while status is `open`. */
  is_open: z.boolean(),
  status: ZOfferStatusSchema,
  applications_count: z.number(),
  /** Applications accepted: "accepted_count di positions posti coperti". */
  accepted_count: z.number(),
  created_at: z.string(),
  /** The shifts published with it at once (decision 090), edited or closed together; null for an offer on its own. */
  series_id: z.string().nullable(),
  /** Marked urgent and not started yet (decision 096). */
  urgent: z.boolean(),
  /** How many pharmacists the urgent mark told (0 when never marked). */
  urgent_reached: z.number(),
  /** Which pharmacy of the group published it: the lists with `X-Farmacia: tutte` mix them. */
  pharmacy: ZPharmacyOfRowSchema,
});
export type TMyOffer = z.infer<typeof ZMyOfferSchema>;
export const ZMyOfferListSchema = z.array(ZMyOfferSchema);

/** The answer of POST /api/offers/{id}/close/ and /reopen/: the offer as the owner sees it, and the message. */
export const ZMyOfferChangedSchema = ZMyOfferSchema.omit({ pharmacy: true }).extend({
  message: z.string(),
  pharmacy: ZPharmacyOfRowSchema,
});
export type TMyOfferChanged = z.infer<typeof ZMyOfferChangedSchema>;

export const ZOfferIdParamsSchema = z.object({
  id: zId,
});
