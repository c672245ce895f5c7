import { z } from 'zod';
import { isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zId, zText } from './common';

const zOptionalDate = (message: string) =>
  z.preprocess(
    (v) => (v == null || v === '' ? null : v),
    z
      .string({ error: message })
      .refine((s) => isIsoDate(s), message)
      .nullable(),
  );

/** The offer dialog and POST /api/offers/create/ + PUT /api/offers/{id}/update/ (spec §2, §5). */
export const ZOfferInputSchema = z
  .object({
    title: zText(LIMITS.offerTitleMaxLength).pipe(z.string().min(LIMITS.offerTitleMinLength, MESSAGES.offerTitle)),
    description: zText(LIMITS.offerDescriptionMaxLength).pipe(z.string().min(1, MESSAGES.offerDescription)),
    date_from: zOptionalDate(MESSAGES.offerDateFrom),
    date_to: zOptionalDate(MESSAGES.offerDateTo),
    salary: z.preprocess(
      (v) => (v == null ? '' : v),
      z.string({ error: MESSAGES.offerSalaryTooLong }).trim().max(LIMITS.salaryMaxLength, MESSAGES.offerSalaryTooLong),
    ),
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
  })
  .superRefine((offer, ctx) => {
    if (offer.date_from && offer.date_to && offer.date_to < offer.date_from)
      ctx.addIssue({ code: 'custom', message: MESSAGES.offerDateOrder, path: ['date_to'] });
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
  comune_farmacia: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** How many pharmacists are wanted (1–20). */
  positions: z.number(),
});
export type TOffer = z.infer<typeof ZOfferSchema>;

/** GET /api/offers/: the open offers. */
export const ZOfferListSchema = z.array(ZOfferSchema);

/** The answer of a create or update: the offer as shown, and the message. */
export const ZOfferSavedSchema = ZOfferSchema.extend({ message: z.string() });
export type TOfferSaved = z.infer<typeof ZOfferSavedSchema>;

/**
 * An owner's offer: `open` (listed, takes applications), `filled` (as many accepted as positions), `closed` (by the
 * owner, POST /api/offers/{id}/close/) or `expired` (its last day has passed). `expired` wins over the others.
 */
export const OFFER_STATUSES = ['open', 'filled', 'closed', 'expired'] as const;
export const ZOfferStatusSchema = z.enum(OFFER_STATUSES);
export type TOfferStatus = z.infer<typeof ZOfferStatusSchema>;

export const ZMyOfferSchema = ZOfferSchema.extend({
  /** True only while status is `open`. */
  is_open: z.boolean(),
  status: ZOfferStatusSchema,
  applications_count: z.number(),
  /** Applications accepted: "accepted_count di positions posti coperti". */
  accepted_count: z.number(),
  created_at: z.string(),
});
export type TMyOffer = z.infer<typeof ZMyOfferSchema>;
export const ZMyOfferListSchema = z.array(ZMyOfferSchema);

/** The answer of POST /api/offers/{id}/close/ and /reopen/: the offer as the owner sees it, and the message. */
export const ZMyOfferChangedSchema = ZMyOfferSchema.extend({ message: z.string() });
export type TMyOfferChanged = z.infer<typeof ZMyOfferChangedSchema>;

export const ZOffersQuerySchema = z.object({ comune: zText(100) });
export type TOffersQuery = z.infer<typeof ZOffersQuerySchema>;
export const ZOfferIdParamsSchema = z.object({
  id: zId,
});
