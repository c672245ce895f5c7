import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';

/** Optional free text: null/undefined become '', trimmed, bounded. */
export const zText = (max: number = LIMITS.textMaxLength) =>
  z.preprocess((v) => (v == null ? '' : v), z.string({ error: MESSAGES.invalidInput }).trim().max(max, MESSAGES.fieldTooLong));

export const zBool = z.preprocess((v) => (v == null ? false : v), z.boolean({ error: MESSAGES.invalidInput }));

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = new RegExp(`^\\d{${LIMITS.phoneMinDigits},${LIMITS.phoneMaxDigits}}$`);
export const VAT_PATTERN = /^\d{11}$/;

export const ROLES = ['farmacista', 'titolare', 'admin'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;
export const SELF_SERVICE_ROLES = ['farmacista', 'titolare'] as const;

/** The error body of every non-2xx answer (DESIGN §4). */
export const ZErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  detail: z.string().optional(),
});
export type TError = z.infer<typeof ZErrorSchema>;

export const ZMessageSchema = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessageSchema>;

/** The body of a 204 answer. */
export const ZNoContentSchema = z.null();

/** GET /api/health/. */
export const ZHealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
export type THealth = z.infer<typeof ZHealthSchema>;
