/**
 * Pay as agreed in requests and answers (decision 094): an offer's `pay_terms` (night service, a freelancer's night and
 * holiday fees, local holidays, travel, lodging, the bounds of a negotiation) and the proposals on an application.
 * Every field is optional, so the spec's clients, which send none, keep working: an offer without `pay_terms` pays its
 * hourly figure by the contract's rules and no travel.
 */
import { z } from 'zod';
import { isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { PAY_MESSAGES as M } from '../messages-pay';
import { TRAVEL_MODES } from '../pay';
import { NIGHT_SERVICES } from '../pay-rules';

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7;
const absent = (v: unknown) => (v === '' || v === null || v === undefined ? null : v);
const commaDecimal = (v: unknown) => (typeof v === 'string' ? v.trim().replace(',', '.') : v);

/** Euros, two decimals at most, between min and max; '' or null: null. */
export const zEuros = (min: number, max: number, message: string, exclusiveMin = false) =>
  z.preprocess(
    (v) => commaDecimal(absent(v)),
    z.coerce
      .number({ error: message })
      .refine((n) => (exclusiveMin ? n > min : n >= min) && n <= max && hasAtMostTwoDecimals(n), message)
      .nullable(),
  );

const zTime = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^(\d):/, '0$1:') : absent(v)),
    z
      .string({ error: message })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, message)
      .nullable(),
  );

/** An offer's pay terms as written by the owner; every field may be left out. */
export const ZPayTermsInputSchema = z
  .object({
    night_service: z.preprocess(absent, z.enum(NIGHT_SERVICES, { error: M.nightService }).nullable()).optional(),
    night_from: zTime(M.nightFrom).optional(),
    /** The freelancer's fee when it differs from `hourly_pay` (an offer open to both forms); null: hourly_pay. */
    fee_hourly: zEuros(LIMITS.hourlyPayMin, LIMITS.hourlyPayMax, M.fee).optional(),
    night_fee: zEuros(LIMITS.hourlyPayMin, LIMITS.hourlyPayMax, M.fee).optional(),
    holiday_fee: zEuros(LIMITS.hourlyPayMin, LIMITS.hourlyPayMax, M.fee).optional(),
    extra_holidays: z
      .preprocess(
        (v) => (v == null ? [] : v),
        z
          .array(z.string(), { error: M.extraHolidays })
          .max(LIMITS.extraHolidaysMax, M.extraHolidays)
          .refine((days) => days.every(isIsoDate) && new Set(days).size === days.length, M.extraHolidays),
      )
      .optional(),
    travel_mode: z.preprocess(absent, z.enum(TRAVEL_MODES, { error: M.travelMode }).nullable()).optional(),
    travel_amount: zEuros(0, LIMITS.travelAmountMax, M.travelAmount).optional(),
    travel_per_km: zEuros(0, LIMITS.travelPerKmMax, M.travelPerKm, true).optional(),
    travel_cap: zEuros(1, LIMITS.travelAmountMax, M.travelCap).optional(),
    travel_per_day: z.preprocess((v) => (v == null || v === '' ? false : v), z.coerce.boolean()).optional(),
    lodging_nights: z
      .preprocess(
        absent,
        z.coerce
          .number({ error: M.lodgingNights })
          .int(M.lodgingNights)
          .min(1, M.lodgingNights)
          .max(LIMITS.lodgingNightsMax, M.lodgingNights)
          .nullable(),
      )
      .optional(),
    lodging_note: z
      .preprocess(
        (v) => (v == null ? '' : v),
        z.string({ error: M.lodgingNote }).trim().max(LIMITS.lodgingNoteMaxLength, M.lodgingNote),
      )
      .optional(),
    /** The highest hourly fee a pharmacist may propose; null: the owner does not negotiate. */
    negotiation_max_hourly: zEuros(LIMITS.hourlyPayMin, LIMITS.hourlyPayMax, M.negotiationMaxHourly).optional(),
    /** The highest travel sum a pharmacist may propose; null: travel is not negotiated. */
    negotiation_max_travel: zEuros(0, LIMITS.travelAmountMax, M.negotiationMaxTravel).optional(),
  })
  .superRefine((t, ctx) => {
    if (t.night_from && !t.night_service)
      ctx.addIssue({ code: 'custom', message: M.nightFromNeedsService, path: ['night_from'] });
    if (t.travel_mode === 'fisso' && t.travel_amount == null)
      ctx.addIssue({ code: 'custom', message: M.travelAmount, path: ['travel_amount'] });
    if (t.travel_mode === 'km' && t.travel_per_km == null)
      ctx.addIssue({ code: 'custom', message: M.travelPerKm, path: ['travel_per_km'] });
  });
export type TPayTermsInput = z.infer<typeof ZPayTermsInputSchema>;

/** What an offer answers of its pay terms: every field, null where not set. */
export const ZPayTermsSchema = z.object({
  night_service: z.enum(NIGHT_SERVICES).nullable(),
  night_from: z.string().nullable(),
  fee_hourly: z.number().nullable(),
  night_fee: z.number().nullable(),
  holiday_fee: z.number().nullable(),
  extra_holidays: z.array(z.string()),
  travel_mode: z.enum(TRAVEL_MODES).nullable(),
  travel_amount: z.number().nullable(),
  travel_per_km: z.number().nullable(),
  travel_cap: z.number().nullable(),
  travel_per_day: z.boolean(),
  lodging_nights: z.number().nullable(),
  lodging_note: z.string(),
  negotiation_max_hourly: z.number().nullable(),
  negotiation_max_travel: z.number().nullable(),
});
export type TPayTermsOut = z.infer<typeof ZPayTermsSchema>;

/** The proposal a pharmacist sends with her application, her invitation's answer, or on a waiting application. */
export const ZProposalInputSchema = z
  .object({
    hourly_pay: zEuros(LIMITS.hourlyPayMin, LIMITS.hourlyPayMax, M.proposalHourly).optional(),
    travel_amount: zEuros(0, LIMITS.travelAmountMax, M.proposalTravel).optional(),
    reason: z
      .preprocess(
        (v) => (v == null ? '' : v),
        z.string({ error: M.proposalReason }).trim().max(LIMITS.proposalReasonMaxLength, M.proposalReason),
      )
      .optional(),
  })
  .refine((p) => p.hourly_pay != null || p.travel_amount != null, { message: M.proposalEmpty, path: ['hourly_pay'] });
export type TProposalInput = z.infer<typeof ZProposalInputSchema>;

/** POST /api/applications/{id}/proposal/decision/ by the owner, or /counter/decision/ by the pharmacist. */
export const ZProposalDecisionSchema = z
  .object({
    decision: z.enum(['accept', 'counter', 'decline'], { error: M.decisionInvalid }),
    /** The owner's counter (only with `counter`). */
    hourly_pay: zEuros(LIMITS.hourlyPayMin, LIMITS.hourlyPayMax, M.proposalHourly).optional(),
    travel_amount: zEuros(0, LIMITS.travelAmountMax, M.proposalTravel).optional(),
    reason: z
      .preprocess(
        (v) => (v == null ? '' : v),
        z.string({ error: M.decisionReason }).trim().max(LIMITS.proposalReasonMaxLength, M.decisionReason),
      )
      .optional(),
  })
  .superRefine((d, ctx) => {
    if (d.decision === 'decline' && !d.reason) ctx.addIssue({ code: 'custom', message: M.declineNeedsReason, path: ['reason'] });
    if (d.decision === 'counter' && d.hourly_pay == null && d.travel_amount == null)
      ctx.addIssue({ code: 'custom', message: M.proposalEmpty, path: ['hourly_pay'] });
  });
export type TProposalDecision = z.infer<typeof ZProposalDecisionSchema>;

/** POST /api/applications/{id}/counter/decision/ by the pharmacist: the owner's counter accepted or declined. */
export const ZCounterDecisionSchema = z.object({
  decision: z.enum(['accept', 'decline'], { error: M.decisionInvalid }),
  reason: z
    .preprocess(
      (v) => (v == null ? '' : v),
      z.string({ error: M.decisionReason }).trim().max(LIMITS.proposalReasonMaxLength, M.decisionReason),
    )
    .optional(),
});
export type TCounterDecision = z.infer<typeof ZCounterDecisionSchema>;

export const PROPOSAL_STATUSES = ['in_attesa', 'accettata', 'controproposta', 'rifiutata', 'scaduta'] as const;
export type TProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** One step of a negotiation: her proposal (round 1) or the owner's counter (round 2). */
export const ZProposalSchema = z.object({
  id: z.number(),
  round: z.number(),
  author: z.enum(['farmacista', 'titolare']),
  /** The pharmacy's person who wrote a counter, by name; null for her proposal. */
  by: z.string().nullable(),
  hourly_pay: z.number().nullable(),
  travel_amount: z.number().nullable(),
  reason: z.string(),
  status: z.enum(PROPOSAL_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type TProposal = z.infer<typeof ZProposalSchema>;

/** The terms an application settled: what the contract, the worked shifts and the invoice use; null fields: the offer's. */
export const ZAgreedTermsSchema = z.object({
  hourly_pay: z.number().nullable(),
  travel_amount: z.number().nullable(),
});
export type TAgreedTerms = z.infer<typeof ZAgreedTermsSchema>;

/** GET /api/applications/{id}/negotiation/: both sides read the same. */
export const ZNegotiationSchema = z.object({
  negotiable: z.boolean(),
  max_hourly: z.number().nullable(),
  max_travel: z.number().nullable(),
  proposals: z.array(ZProposalSchema),
  agreed: ZAgreedTermsSchema,
});
export type TNegotiation = z.infer<typeof ZNegotiationSchema>;
