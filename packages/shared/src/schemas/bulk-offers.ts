/**
 * Many shifts at once (decision 090): the bodies and answers of POST /api/offers/bulk/, POST /api/offers/bulk/csv/ and
 * of a series' edit and close.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { BULK_MESSAGES as M } from '../messages-bulk-offers';
import { zText } from './common';
import { checkOffer, offerInputFields, withPayAndHours, ZMyOfferSchema } from './offers';

const zIsoText = z.string({ error: M.daysRequired }).max(40, MESSAGES.fieldTooLong);

/**
 * The shift every day gets: what is left out takes the pharmacy's settings (hours, pay, positions; its note is the
 * description when none is written). The title is always written.
 */
export const ZBulkTemplateSchema = offerInputFields
  .pick({
    title: true,
    salary: true,
    hourly_pay: true,
    start_time: true,
    end_time: true,
    positions: true,
    legal_forms: true,
    ccnl_level: true,
    pay_terms: true,
    auto_invite: true,
  })
  .extend({ description: zText(LIMITS.offerDescriptionMaxLength).optional() });
export type TBulkTemplate = z.infer<typeof ZBulkTemplateSchema>;

/** POST /api/offers/bulk/: the template and the days, picked (`dates`) or by a weekly rule (`every`). */
export const ZBulkOfferInputSchema = ZBulkTemplateSchema.extend({
  dates: z.array(zIsoText, { error: M.daysRequired }).optional(),
  every: z
    .object({
      weekdays: z.array(
        z.number({ error: M.weekdayInvalid }).int(M.weekdayInvalid).min(0, M.weekdayInvalid).max(6, M.weekdayInvalid),
        {
          error: M.weekdaysRequired,
        },
      ),
      from: zIsoText,
      to: zIsoText,
    })
    .optional(),
  /** true: answers what would be published, and writes nothing. */
  check_only: z.boolean().optional(),
}).superRefine((input, ctx) => {
  if ((input.dates === undefined) === (input.every === undefined))
    ctx.addIssue({ code: 'custom', message: input.dates ? M.daysOrRule : M.daysRequired, path: ['dates'] });
});
export type TBulkOfferInput = z.input<typeof ZBulkOfferInputSchema>;
export type TBulkOfferPayload = z.infer<typeof ZBulkOfferInputSchema>;

/** ?check_only=true on the CSV: the file is checked, nothing is written. */
export const ZBulkCsvQuerySchema = z.object({
  check_only: z
    .enum(['true', 'false'], { error: MESSAGES.invalidInput })
    .transform((v) => v === 'true')
    .optional(),
});

/** What one pharmacy gets (or would get) of a bulk publish: one series, its days, published or waiting for approval. */
export const ZBulkSeriesSchema = z.object({
  pharmacy_id: z.number(),
  pharmacy: z.string(),
  /** null when only checked. */
  series_id: z.string().nullable(),
  days: z.array(z.string()),
  /** The pharmacy waits for the staff's approval: its shifts are published by it (decision 049). */
  pending_verification: z.boolean(),
});

/** The answer of a bulk publish or its check: how many shifts, one series per pharmacy. */
export const ZBulkPublishedSchema = z.object({
  message: z.string(),
  check_only: z.boolean(),
  count: z.number(),
  series: z.array(ZBulkSeriesSchema),
});
export type TBulkPublished = z.infer<typeof ZBulkPublishedSchema>;

/** One problem of a CSV file: its row as a spreadsheet numbers it (the header is row 1; 0 for the file itself). */
export const ZCsvRowErrorSchema = z.object({ row: z.number(), column: z.string(), message: z.string() });
export type TCsvRowError = z.infer<typeof ZCsvRowErrorSchema>;

/** A 400 of the bulk routes: `fields` by path (`dates.3`), and for a CSV every problem of every row in `rows`. */
export const ZBulkErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  rows: z.array(ZCsvRowErrorSchema).optional(),
});
export type TBulkError = z.infer<typeof ZBulkErrorSchema>;

/** PUT /api/offers/series/{id}/update/: the fields every open day of the series takes, checked as a single offer's edit. */
export const ZSeriesInputSchema = offerInputFields
  .omit({ date_from: true, date_to: true, auto_invite: true })
  .superRefine((input, ctx) => checkOffer(input, ctx, true))
  .transform(withPayAndHours);
export type TSeriesInput = z.input<typeof ZSeriesInputSchema>;
export type TSeriesPayload = z.infer<typeof ZSeriesInputSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A series' id: anything but a UUID is a series that does not exist (404). */
export const ZSeriesParamsSchema = z.object({
  id: z
    .string()
    .regex(UUID, MESSAGES.notFound)
    .transform((v) => v.toLowerCase()),
});

/** The answer of a series' edit or close: how many days changed, and the series' offers as the owner sees them. */
export const ZSeriesChangedSchema = z.object({
  message: z.string(),
  changed: z.number(),
  offers: z.array(ZMyOfferSchema),
});
export type TSeriesChanged = z.infer<typeof ZSeriesChangedSchema>;
