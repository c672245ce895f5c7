import { z } from 'zod';
import { isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zText } from './common';

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
  })
  .superRefine((offer, ctx) => {
    if (offer.date_from && offer.date_to && offer.date_to < offer.date_from)
      ctx.addIssue({ code: 'custom', message: MESSAGES.offerDateOrder, path: ['date_to'] });
  });
export type TOfferInput = z.input<typeof ZOfferInputSchema>;

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
});
export type TOffer = z.infer<typeof ZOfferSchema>;

export const ZMyOfferSchema = ZOfferSchema.extend({
  is_open: z.boolean(),
  applications_count: z.number(),
  created_at: z.string(),
});
export type TMyOffer = z.infer<typeof ZMyOfferSchema>;

export const ZOffersQuerySchema = z.object({ comune: zText(100) });
export const ZOfferIdParamsSchema = z.object({
  id: z.coerce.number({ error: MESSAGES.notFound }).int().positive(MESSAGES.notFound),
});

export const ZApplyInputSchema = z.object({
  offer_id: z.coerce.number({ error: MESSAGES.invalidInput }).int().positive(MESSAGES.invalidInput),
});

/** An application as its owner (the titolare) sees it (spec §3). */
export const ZReceivedApplicationSchema = z.object({
  id: z.number(),
  submitted_at: z.string(),
  farmacista: z.object({
    name: z.string(),
    surname: z.string(),
    titolo: z.string(),
    comune: z.string(),
    provincia_residenza: z.string(),
    telephone: z.string(),
    pdf_file: z.string().nullable(),
  }),
  offer: z.object({ id: z.number(), title: z.string(), description: z.string() }),
});
export type TReceivedApplication = z.infer<typeof ZReceivedApplicationSchema>;

/** An application as the pharmacist who sent it sees it. */
export const ZSentApplicationSchema = z.object({
  id: z.number(),
  submitted_at: z.string(),
  offer: ZOfferSchema.extend({ is_open: z.boolean() }),
});
export type TSentApplication = z.infer<typeof ZSentApplicationSchema>;
