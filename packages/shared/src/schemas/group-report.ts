/**
 * The group report of an organisation's pharmacies and its monthly statement (decision 091): the queries of
 * GET /api/organisation/report/ and /report/statement/, and the report's answer.
 */
import { z } from 'zod';
import { daysBetween, isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { GROUP_REPORT_MESSAGES as M } from '../messages-group-report';
import { MAX_ID } from './common';
import { ZInvoiceStateTotalsSchema } from './invoices';

const inYears = (value: string) => value >= '2000' && value < '2101';

const zDay = z.string({ error: M.date }).refine((value) => isIsoDate(value) && inYears(value), M.date);

/** GET /api/organisation/report/?from&to: both days or neither (the current month in Italy), at most a year apart. */
export const ZGroupReportQuerySchema = z
  .object({ from: zDay.optional(), to: zDay.optional() })
  .superRefine(({ from, to }, ctx) => {
    const issue = (message: string, field: 'from' | 'to') => ctx.addIssue({ code: 'custom', message, path: [field] });
    if (from === undefined && to === undefined) return;
    if (from === undefined || to === undefined) issue(M.rangeIncomplete, from === undefined ? 'from' : 'to');
    else if (to < from) issue(M.rangeReversed, 'to');
    else if (daysBetween(from, to) + 1 > LIMITS.groupReportMaxDays) issue(M.rangeTooLong, 'to');
  });
export type TGroupReportQuery = z.infer<typeof ZGroupReportQuerySchema>;

export const GROUP_STATEMENT_FORMATS = ['csv', 'pdf'] as const;
export type TGroupStatementFormat = (typeof GROUP_STATEMENT_FORMATS)[number];

/**
 * GET /api/organisation/report/statement/?month&pharmacy&format: a month (the current one in Italy without it), one
 * pharmacy or, without it, every one the person may see, as CSV or PDF.
 */
export const ZGroupStatementQuerySchema = z.object({
  month: z
    .string({ error: M.month })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, M.month)
    .refine(inYears, M.month)
    .optional(),
  pharmacy: z.coerce.number({ error: M.pharmacy }).int(M.pharmacy).positive(M.pharmacy).max(MAX_ID, M.pharmacy).optional(),
  format: z.enum(GROUP_STATEMENT_FORMATS, { error: M.format }),
});
export type TGroupStatementQuery = z.infer<typeof ZGroupStatementQuerySchema>;

/**
 * Shifts as places on days (decision 091): an offer wanting two pharmacists for three days is six. `filled` are taken,
 * `open` free on a day still to come (today included) of an offer still looking, `unfilled` free on a day gone or of
 * an offer closed; `fill_rate` is filled over all, null without shifts.
 */
export const ZShiftCountsSchema = z.object({
  shifts: z.number().int(),
  open: z.number().int(),
  filled: z.number().int(),
  unfilled: z.number().int(),
  fill_rate: z.number().nullable(),
});
export type TShiftCounts = z.infer<typeof ZShiftCountsSchema>;

/** One ISO week's shifts: '2030-W23', its Monday (the period may start later in the week). */
export const ZWeekCountsSchema = ZShiftCountsSchema.extend({ week: z.string(), week_start: z.string() });
export type TWeekCounts = z.infer<typeof ZWeekCountsSchema>;

/**
 * What was worked, as the worked shifts count it (decision 075): the days worked up to today, the minutes, the gross
 * in euros, the minutes of the days with an hourly pay and the gross over them (average_hourly_pay, null without
 * any), and the days still without hours.
 */
export const ZWorkedFiguresSchema = z.object({
  days: z.number().int(),
  minutes: z.number().int(),
  gross: z.number(),
  paid_minutes: z.number().int(),
  average_hourly_pay: z.number().nullable(),
  days_without_hours: z.number().int(),
});
export type TWorkedFigures = z.infer<typeof ZWorkedFiguresSchema>;

export const ZGroupReportSchema = z.object({
  organisation: z.object({ id: z.number(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  /** Italy's day the figures were counted on: days after it are not worked yet. */
  today: z.string(),
  /** Every pharmacy the person may see, by name, each with its weeks that had shifts. */
  pharmacies: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      comune: z.string(),
      weeks: z.array(ZWeekCountsSchema),
      shifts: ZShiftCountsSchema,
      worked: ZWorkedFiguresSchema,
    }),
  ),
  /** Who worked, by surname and name, over all those pharmacies: the name as the owner sees it, nothing else. */
  pharmacists: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      surname: z.string(),
      pharmacies: z.number().int(),
      worked: ZWorkedFiguresSchema,
    }),
  ),
  /** The group's weeks and totals. */
  weeks: z.array(ZWeekCountsSchema),
  totals: z.object({ shifts: ZShiftCountsSchema, worked: ZWorkedFiguresSchema }),
  /**
   * The spend invoiced (decision 095): the organisation's invoices issued in the period that bill these pharmacies, by
   * state (emessa, inviata, pagata, scaduta, stornata), each with its count and the euros due.
   */
  invoices: ZInvoiceStateTotalsSchema,
});
export type TGroupReport = z.infer<typeof ZGroupReportSchema>;
