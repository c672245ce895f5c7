import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zId } from './common';

/** PUT /api/user/details/ {pdf_file}: the CV, a PDF as base64 text (docs/rules.md#cvs); the server checks the bytes. */
export const ZCvUploadSchema = z.object({
  pdf_file: z.string({ error: MESSAGES.invalidPdf }).max(LIMITS.cvBodyLimitBytes, MESSAGES.pdfTooLarge),
});
export type TCvUpload = z.infer<typeof ZCvUploadSchema>;

/** GET /api/cv/{userId}/?viewer&expires&signature: a signed download link (decision 008). */
export const ZCvLinkParamsSchema = z.object({ userId: zId });
export const ZCvLinkQuerySchema = z.object({
  viewer: z.coerce.number().int().positive(),
  expires: z.coerce.number().int().positive(),
  signature: z.string().max(100),
});
