/**
 * Worked shifts (decision 075): the accepted shifts whose days have come, their hours and pay, the pharmacist's
 * corrections and the owner's answer; and the pharmacist's private calendar feed.
 */
import { z } from 'zod';
import { isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { SHIFT_MESSAGES } from '../shift-messages';
import { zId, zText } from './common';
import { ZEngagementPaySchema } from './engagement-pay';
import { ZShiftClosingSchema } from './invoices';
import { TIME_PATTERN } from './offers';

const zYear = z.coerce
  .number({ error: SHIFT_MESSAGES.year })
  .int(SHIFT_MESSAGES.year)
  .min(2000, SHIFT_MESSAGES.year)
  .max(2100, SHIFT_MESSAGES.year);
const zMonth = z.coerce
  .number({ error: SHIFT_MESSAGES.month })
  .int(SHIFT_MESSAGES.month)
  .min(1, SHIFT_MESSAGES.month)
  .max(12, SHIFT_MESSAGES.month);

/**
 * GET /api/shifts/mine/ and /api/shifts/owner/, GET …/statement.pdf: one month; what is left out is the current one in
 * Italy (no year: this year; no month: this month).
 */
export const ZShiftMonthQuerySchema = z.object({ year: zYear.optional(), month: zMonth.optional() });
export type TShiftMonthQuery = z.infer<typeof ZShiftMonthQuerySchema>;

/** GET /api/shifts/mine/export.csv: a month, the whole year with a year alone, the current month with neither. */
export const ZShiftExportQuerySchema = z.object({ year: zYear.optional(), month: zMonth.optional() });
export type TShiftExportQuery = z.infer<typeof ZShiftExportQuerySchema>;

export const ZShiftParamsSchema = z.object({ applicationId: zId });

/** A time of day, HH:MM ("8:30" is read as 08:30). */
const zClock = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().replace(/^(\d):/, '0$1:') : v),
  z.string({ error: SHIFT_MESSAGES.time }).regex(TIME_PATTERN, SHIFT_MESSAGES.time),
);

/** One day's hours as worked: the end before the start is the next morning (a night shift). */
export const ZWorkedDayInputSchema = z
  .object({
    date: z.string({ error: SHIFT_MESSAGES.date }).refine(isIsoDate, SHIFT_MESSAGES.date),
    start_time: zClock,
    end_time: zClock,
  })
  .superRefine((day, ctx) => {
    if (day.start_time === day.end_time) ctx.addIssue({ code: 'custom', message: SHIFT_MESSAGES.sameTimes, path: ['end_time'] });
  });
export type TWorkedDayInput = z.infer<typeof ZWorkedDayInputSchema>;

/** PUT /api/shifts/{applicationId}/hours/: the pharmacist's hours of some days of the shift. */
export const ZWorkedHoursInputSchema = z
  .object({
    days: z
      .array(ZWorkedDayInputSchema, { error: SHIFT_MESSAGES.noDays })
      .min(1, SHIFT_MESSAGES.noDays)
      .max(LIMITS.workedHoursDaysPerCorrection, SHIFT_MESSAGES.tooManyDays),
  })
  .superRefine(({ days }, ctx) => {
    const seen = new Set<string>();
    days.forEach((day, index) => {
      if (seen.has(day.date))
        ctx.addIssue({ code: 'custom', message: SHIFT_MESSAGES.duplicateDay, path: ['days', index, 'date'] });
      seen.add(day.date);
    });
  });
export type TWorkedHoursInput = z.infer<typeof ZWorkedHoursInputSchema>;

export const HOURS_REVIEW_STATUSES = ['pending', 'confirmed', 'disputed'] as const;
export type THoursReviewStatus = (typeof HOURS_REVIEW_STATUSES)[number];

/**
 * POST /api/shifts/{applicationId}/hours/review/: the owner confirms or disputes (with a note) the corrected hours.
 * `corrected_at`, when sent, is the correction the owner saw: a newer one makes the answer a 409.
 */
export const ZHoursReviewInputSchema = z
  .object({
    status: z.enum(['confirmed', 'disputed'], { error: SHIFT_MESSAGES.reviewStatus }),
    note: zText(LIMITS.workedHoursNoteMaxLength, SHIFT_MESSAGES.noteTooLong),
    corrected_at: z.iso.datetime({ error: SHIFT_MESSAGES.date }).optional(),
  })
  .superRefine((review, ctx) => {
    if (review.status === 'disputed' && !review.note)
      ctx.addIssue({ code: 'custom', message: SHIFT_MESSAGES.disputeNeedsNote, path: ['note'] });
  });
export type THoursReviewInput = z.infer<typeof ZHoursReviewInputSchema>;

export const ZWorkedDaySchema = z.object({
  date: z.string(),
  /** The hours of the day: the pharmacist's when corrected, else the offer's; null when neither says. */
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  /** True when the pharmacist entered or corrected them. */
  corrected: z.boolean(),
  /** Minutes worked (a night shift counted across midnight, at the real length of a night the clocks change). */
  minutes: z.number().int(),
  /** Euros, gross, at the hourly pay as agreed; null when there is none. */
  gross: z.number().nullable(),
  /** The day's hours paid as agreed, hour by hour with the supplements (decision 094); null without hours or pay. */
  amount: z.number().nullable(),
});
export type TWorkedDay = z.infer<typeof ZWorkedDaySchema>;

export const ZWorkedShiftSchema = z.object({
  application_id: z.number(),
  offer: z.object({
    id: z.number(),
    title: z.string(),
    date_from: z.string().nullable(),
    date_to: z.string().nullable(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    hourly_pay: z.number().nullable(),
  }),
  pharmacy: z.object({ name: z.string(), comune: z.string() }),
  pharmacist: z.object({ id: z.number(), name: z.string(), surname: z.string() }),
  /** The shift's days in the month asked for that have come (today included), oldest first. */
  days: z.array(ZWorkedDaySchema),
  minutes: z.number().int(),
  gross: z.number().nullable(),
  /**
   * These days' hours as worked, paid as agreed hour by hour (decision 094), with the travel (a one-off trip with the
   * shift's first day) and the lodging.
   */
  pay: ZEngagementPaySchema,
  /** Days of these without hours: they count nothing until the pharmacist enters them. */
  days_without_hours: z.number().int(),
  /** The owner's answer to the pharmacist's corrected hours; null while none were corrected. */
  review: z
    .object({
      status: z.enum(HOURS_REVIEW_STATUSES),
      note: z.string().nullable(),
      corrected_at: z.string(),
      decided_at: z.string().nullable(),
    })
    .nullable(),
  /** The last day (Italian) the pharmacist may correct the hours, and whether today still is. */
  correctable_until: z.string(),
  can_correct: z.boolean(),
  /** Whether the hours are confirmed (by the pharmacy or by the clock), the expenses claimed, the invoice (decision 095). */
  closing: ZShiftClosingSchema,
});
export type TWorkedShift = z.infer<typeof ZWorkedShiftSchema>;

export const ZWorkedShiftMonthSchema = z.object({
  year: z.number(),
  month: z.number(),
  shifts: z.array(ZWorkedShiftSchema),
  totals: z.object({
    shifts: z.number().int(),
    minutes: z.number().int(),
    /** The gross of the shifts with an hourly pay. */
    gross: z.number(),
    /** The shifts' pay as agreed with the supplements and the travel (their `pay.grand_total`). */
    grand_total: z.number(),
    days_without_hours: z.number().int(),
  }),
});
export type TWorkedShiftMonth = z.infer<typeof ZWorkedShiftMonthSchema>;

export const ZWorkedShiftSavedSchema = z.object({ message: z.string(), shift: ZWorkedShiftSchema });
export type TWorkedShiftSaved = z.infer<typeof ZWorkedShiftSavedSchema>;

/** GET /api/calendar/feed/: whether the pharmacist has a feed, never its token. */
export const ZCalendarFeedStateSchema = z.object({ exists: z.boolean(), created_at: z.string().nullable() });
export type TCalendarFeedState = z.infer<typeof ZCalendarFeedStateSchema>;

/** POST /api/calendar/feed/: the new feed's addresses, shown this once. */
export const ZCalendarFeedCreatedSchema = z.object({
  message: z.string(),
  created_at: z.string(),
  https_url: z.string(),
  webcal_url: z.string(),
});
export type TCalendarFeedCreated = z.infer<typeof ZCalendarFeedCreatedSchema>;

export const ZCalendarFeedRevokedSchema = z.object({ message: z.string() });

/** GET /api/calendar/{token}.ics: any text; an unknown one is simply not found. */
export const ZCalendarFeedParamsSchema = z.object({ token: z.string().max(200, MESSAGES.notFound) });
