import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zId } from './common';

/** PUT /api/user/details/ {pdf_file}: the CV, a PDF as base64 text (docs/rules.md#cvs); the server checks the bytes. */
export const ZCvUploadSchema = z.object({
  pdf_file: z.string({ error: MESSAGES.invalidPdf }).max(LIMITS.cvBodyLimitBytes, MESSAGES.pdfTooLarge),
});
export type TCvUpload = z.infer<typeof ZCvUploadSchema>;

/**
 * GET /api/cv/{userId}/?viewer&expires&signature[&application]: a signed download link (decision 008). An owner's link
 * also names, signed with the rest, the application its card shows (decision 067).
 */
export const ZCvLinkParamsSchema = z.object({ userId: zId });
export const ZCvLinkQuerySchema = z.object({
  viewer: z.coerce.number().int().positive(),
  expires: z.coerce.number().int().positive(),
  signature: z.string().max(100),
  application: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

/** GET /api/user/cv-views/?page&page_size: the pharmacist's own list, newest first, paged like /api/notifications/. */
export const ZCvViewsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIMITS.cvViewsMaxPageSize).default(LIMITS.cvViewsPageSize),
});
export type TCvViewsQuery = z.infer<typeof ZCvViewsQuerySchema>;

/**
 * One opening of the pharmacist's CV by someone else (decision 067), with the names as they were then: an owner's
 * name and pharmacy and the offer's title, or an admin as 'Staff Farmaponte' (no pharmacy, no offer).
 */
export const ZCvViewSchema = z.object({
  id: z.number(),
  viewer_role: z.enum(['titolare', 'admin']),
  viewer_name: z.string(),
  pharmacy_name: z.string().nullable(),
  offer_title: z.string().nullable(),
  /** The application it was opened through; null for an admin, or once that application is gone. */
  application_id: z.number().nullable(),
  at: z.string(),
});
export type TCvView = z.infer<typeof ZCvViewSchema>;

export const ZCvViewsPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZCvViewSchema),
});
export type TCvViewsPage = z.infer<typeof ZCvViewsPageSchema>;
