/**
 * A pharmacist's external calendar (decision 096): its address (PUT /api/availability/calendar/), what she sees of it
 * (never the address, only its host), and whether an offer's hours meet one of its busy times.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { EXTERNAL_CALENDAR_ERRORS, EXTERNAL_CALENDAR_MESSAGES } from '../messages-external-calendar';
import { zId, zText } from './common';

/**
 * The calendar's address as http(s): webcal:// (what Apple and Outlook hand out) is https://. Nothing else; the
 * server's fetcher checks again where it really leads.
 */
export function calendarAddress(text: string): string | undefined {
  const address = /^webcals?:\/\//i.test(text) ? text.replace(/^webcals?:\/\//i, 'https://') : text;
  if (!/^https?:\/\//i.test(address) || !URL.canParse(address)) return undefined;
  const url = new URL(address);
  if (!url.hostname || url.username || url.password) return undefined;
  return url.toString();
}

export const ZExternalCalendarInputSchema = z.object(
  {
    url: zText(LIMITS.externalCalendarUrlMaxLength, EXTERNAL_CALENDAR_MESSAGES.urlTooLong)
      .refine((text) => text.length > 0, EXTERNAL_CALENDAR_MESSAGES.urlRequired)
      .refine((text) => !text || calendarAddress(text) !== undefined, EXTERNAL_CALENDAR_MESSAGES.urlInvalid)
      .transform((text) => calendarAddress(text) ?? text),
  },
  { error: MESSAGES.invalidInput },
);
export type TExternalCalendarInput = z.input<typeof ZExternalCalendarInputSchema>;

/** A day of her calendar with busy time on it, on Italian clocks: 'HH:MM' to 'HH:MM' ('24:00' is the day's end). */
export const ZBusyDaySchema = z.object({
  date: z.string(),
  from: z.string(),
  to: z.string(),
  all_day: z.boolean(),
});
export type TBusyDay = z.infer<typeof ZBusyDaySchema>;

export const ZExternalCalendarStatusSchema = z.object({
  /** Only the address's host ('calendar.google.com'): the address itself is a credential and never leaves the server. */
  host: z.string(),
  added_at: z.string(),
  /** The last fetch that succeeded, and the last tried. */
  refreshed_at: z.string().nullable(),
  tried_at: z.string().nullable(),
  next_refresh_at: z.string(),
  /** Why the last fetch failed, and its Italian message; null after a success. */
  error: z.enum(EXTERNAL_CALENDAR_ERRORS).nullable(),
  error_message: z.string().nullable(),
  busy_count: z.number().int(),
});
export type TExternalCalendarStatus = z.infer<typeof ZExternalCalendarStatusSchema>;

export const ZExternalCalendarSchema = z.object({
  calendar: ZExternalCalendarStatusSchema.nullable(),
  /** Her busy days from today, by date, each with the span of its busy times. */
  busy_days: z.array(ZBusyDaySchema),
});
export type TExternalCalendar = z.infer<typeof ZExternalCalendarSchema>;

export const ZExternalCalendarSavedSchema = ZExternalCalendarSchema.extend({ message: z.string() });

export const ZCalendarConflictQuerySchema = z.object({
  offer_id: zId,
});

/** Whether an offer's hours meet a busy time of her calendar, and on which days (for the warning before applying). */
export const ZCalendarConflictSchema = z.object({ conflict: z.boolean(), days: z.array(z.string()) });
export type TCalendarConflict = z.infer<typeof ZCalendarConflictSchema>;
