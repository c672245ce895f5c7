import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { provinceSigla, regionName } from '../places';

/**
 * Control characters (NUL and the like; tab and line breaks are fine) and halves of a UTF-16 pair standing alone (text
 * that is not Unicode, which PostgreSQL's jsonb refuses): no text a person types holds them.
 */
export const CONTROL_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Optional free text: null/undefined become '', trimmed, bounded. */
export const zText = (max: number = LIMITS.textMaxLength, tooLong: string = MESSAGES.fieldTooLong) =>
  z.preprocess(
    (v) => (v == null ? '' : v),
    z
      .string({ error: MESSAGES.invalidInput })
      .trim()
      .max(max, tooLong)
      .refine((text) => !CONTROL_CHARACTERS.test(text), MESSAGES.invalidCharacters),
  );

/** The largest id a row can have (PostgreSQL integer): a larger one names nothing, so it is not found. */
export const MAX_ID = 2_147_483_647;

/** An id in a path or a body (`/api/offers/{id}/`, `offer_id`): not a number is bad input (400), a number no row can
 *  have (above the integer range) is not found (404). */
export const zId = z.coerce
  .number({ error: MESSAGES.invalidInput })
  .int(MESSAGES.invalidInput)
  .positive(MESSAGES.invalidInput)
  .max(MAX_ID, MESSAGES.notFound);

/** Separators people type in numbers ("333 123 4567", "333-1234567", "02.1234.5678"), dropped on both sides. */
const NUMBER_SEPARATORS = /[\s./()-]/g;

/** A telephone number as digits: separators dropped; what is left is checked against PHONE_PATTERN. */
export const zPhone = zText(30).transform((v) => v.replace(NUMBER_SEPARATORS, ''));

/** An Italian VAT number as its 11 digits: separators and a leading "IT" dropped; checked against VAT_PATTERN. */
export const zVatNumber = zText(30).transform((v) => v.replace(NUMBER_SEPARATORS, '').replace(/^IT/i, ''));

/** A province by sigla or by name, in any case or spelling, stored and answered as its sigla; unknown text is kept for the check to refuse. */
export const zProvince = zText().transform((v) => (v ? (provinceSigla(v) ?? v) : v));

/** A region by any spelling, stored and answered by its official name; unknown text is kept for the check to refuse. */
export const zRegion = zText().transform((v) => (v ? (regionName(v) ?? v) : v));

export const zBool = z.preprocess((v) => (v == null ? false : v), z.boolean({ error: MESSAGES.invalidInput }));

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const PHONE_PATTERN = new RegExp(`^\\d{${LIMITS.phoneMinDigits},${LIMITS.phoneMaxDigits}}$`);
export const VAT_PATTERN = /^\d{11}$/;

/**
 * The check digit of an Italian VAT number (partita IVA) from its first ten digits, by the Agenzia delle Entrate's
 * rule (Luhn): digits in odd places as they are, those in even places doubled (less 9 above 9), the eleventh makes
 * the sum a multiple of ten.
 */
export function vatCheckDigit(firstTen: string): string {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let digit = Number(firstTen[i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/**
 * What is wrong with a VAT number (already reduced to digits by zVatNumber), or undefined when nothing is: 11 digits,
 * not all zeros, the last one the check digit of the others. The registration form and the API both ask here.
 */
export function vatNumberProblem(vat: string): string | undefined {
  if (!VAT_PATTERN.test(vat)) return MESSAGES.invalidVat;
  if (/^0+$/.test(vat) || vatCheckDigit(vat.slice(0, 10)) !== vat[10]) return MESSAGES.invalidVatCheckDigit;
  return undefined;
}

export const ROLES = ['farmacista', 'titolare', 'admin'] as const;
export const ZRoleSchema = z.enum(ROLES);
export type TRole = z.infer<typeof ZRoleSchema>;
export const SELF_SERVICE_ROLES = ['farmacista', 'titolare'] as const;

/** The error body of every non-2xx answer (docs/rules.md#errors). */
export const ZErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  detail: z.string().optional(),
});
export type TError = z.infer<typeof ZErrorSchema>;

export const ZMessageSchema = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessageSchema>;

/** A body that is not JSON, as the API's document describes it: a file (a PDF) or text (a page, NDJSON lines). */
export const ZFileBodySchema = z.string().meta({ format: 'binary' });
export const ZTextBodySchema = z.string();

/** The body of a 204 answer. */
export const ZNoContentSchema = z.null();

/** GET /api/health/. */
export const ZHealthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /**
   * Each periodic job by name ("mail-outbox", "offer-alerts"…): its last successful run in any instance, and whether
   * it is late (no success within 3 of its periods; a daily job: none today, 3 minutes past its Italian hour). A late
   * job does not make the answer 503: only the database does.
   */
  jobs: z.record(z.string(), z.object({ last_success: z.string().nullable(), late: z.boolean() })),
  /** Only with REDIS_URL: whether the shared rate-limit counters are reachable. */
  redis: z.enum(['up', 'down']).optional(),
});
export const ZLivenessSchema = z.object({ status: z.literal('ok') });
export type THealth = z.infer<typeof ZHealthSchema>;

/**
 * A person's published, shown reviews (decision 074): how many and their average (one decimal; null without any), as
 * the lists where people choose show it beside a name.
 */
export const ZRatingSummarySchema = z.object({ count: z.number(), average: z.number().nullable() });
export type TRatingSummary = z.infer<typeof ZRatingSummarySchema>;

/**
 * A person's reliability over the last LIMITS.reliabilityWindowMonths (decision 074): shifts completed, cancellations
 * of accepted shifts under 7 days (`late`) and under 48 hours (`very_late`) before them, no-shows, and the share of
 * shifts kept (percentage, null without any shift).
 */
export const ZReliabilitySchema = z.object({
  completed: z.number(),
  late: z.number(),
  very_late: z.number(),
  no_show: z.number(),
  percentage: z.number().nullable(),
});
export type TReliability = z.infer<typeof ZReliabilitySchema>;
