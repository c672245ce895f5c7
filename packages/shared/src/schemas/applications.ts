import { z } from 'zod';
import { LIMITS } from '../limits';
import { zId } from './common';
import { ZOfferSchema } from './offers';

/** POST /api/candidature/ {offer_id}: the pharmacist's stored CV sent to an open offer. */
export const ZApplyInputSchema = z.object({
  offer_id: zId,
});
export type TApplyInput = z.infer<typeof ZApplyInputSchema>;

/** The 201 answer of POST /api/candidature/. */
export const ZApplicationCreatedSchema = z.object({ id: z.number(), message: z.string() });
export type TApplicationCreated = z.infer<typeof ZApplicationCreatedSchema>;

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
export const ZReceivedApplicationListSchema = z.array(ZReceivedApplicationSchema);

/** GET /api/titolare/candidatures/?page&page_size: newest first, a page at a time; the total is in X-Total-Count. */
export const ZReceivedQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.receivedApplicationsMaxPageSize)
    .default(LIMITS.receivedApplicationsPageSize),
});
export type TReceivedQuery = z.infer<typeof ZReceivedQuerySchema>;

/** An application as the pharmacist who sent it sees it. */
export const ZSentApplicationSchema = z.object({
  id: z.number(),
  submitted_at: z.string(),
  offer: ZOfferSchema.extend({ is_open: z.boolean() }),
});
export type TSentApplication = z.infer<typeof ZSentApplicationSchema>;
export const ZSentApplicationListSchema = z.array(ZSentApplicationSchema);
