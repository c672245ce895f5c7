/**
 * A pharmacist's calendar of free days (GET/PUT /api/availability/) and the owners' search of who is free
 * (GET /api/pharmacists/available/); decision 070.
 */
import { z } from 'zod';
import { addDays, daysBetween, isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { AVAILABILITY_MESSAGES } from '../messages-availability';
import { ZRatingSummarySchema, ZReliabilitySchema, zText } from './common';
import { absent, checkSearchPoint, searchPointFields, zOptionalDay, zOptionalNumber } from './search';

/** The parts of a day a pharmacist may be free for; 'giornata' is the whole day and stands alone on its date. */
export const AVAILABILITY_PARTS = ['giornata', 'mattina', 'pomeriggio', 'notte'] as const;
export type TAvailabilityPart = (typeof AVAILABILITY_PARTS)[number];

export const ZAvailabilityPartSchema = z.enum(AVAILABILITY_PARTS, { error: AVAILABILITY_MESSAGES.partInvalid });

/** One free day and its part. */
export const ZAvailabilityDaySchema = z.object({
  date: z.string({ error: AVAILABILITY_MESSAGES.dayInvalid }).refine(isIsoDate, AVAILABILITY_MESSAGES.dayInvalid),
  part: ZAvailabilityPartSchema,
});
export type TAvailabilityDay = z.infer<typeof ZAvailabilityDaySchema>;

/** The days a calendar may hold, counted from today in Italy: today up to LIMITS.availabilityDaysAhead days after it. */
export function availabilityWindow(today: string): { first: string; last: string } {
  return { first: today, last: addDays(today, LIMITS.availabilityDaysAhead) };
}

/** The first day outside the window, for the message that names it; undefined when every day is inside. */
export function dayOutsideWindow(days: readonly TAvailabilityDay[], today: string): string | undefined {
  const { first, last } = availabilityWindow(today);
  return days.find((day) => day.date < first || day.date > last)?.date;
}

const hasAtMostTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-7;

/**
 * PUT /api/availability/: the whole calendar, replacing the one stored. No (date, part) twice, and a date marked
 * 'giornata' holds no other part (refused, not merged: what is saved is what the pharmacist sees). The window of days
 * depends on today, so the server checks it with its clock (`dayOutsideWindow`) and the page with the browser's.
 */
export const ZAvailabilityInputSchema = z
  .object({
    days: z
      .array(ZAvailabilityDaySchema, { error: AVAILABILITY_MESSAGES.dayInvalid })
      .max(LIMITS.availabilityMaxEntries, AVAILABILITY_MESSAGES.tooManyDays),
    /** The comune they start from, by name (the server stores its official spelling, its province and its centre). */
    comune: zText(LIMITS.searchPlaceMaxLength).pipe(z.string().min(1, AVAILABILITY_MESSAGES.comuneRequired)),
    radius_km: z
      .number({ error: AVAILABILITY_MESSAGES.radius })
      .int(AVAILABILITY_MESSAGES.radius)
      .min(LIMITS.availabilityRadiusMinKm, AVAILABILITY_MESSAGES.radius)
      .max(LIMITS.availabilityRadiusMaxKm, AVAILABILITY_MESSAGES.radius),
    /** The least they accept, euros an hour; null (or absent): any pay. */
    min_pay: z.preprocess(
      (v) => (v === undefined || v === '' ? null : v),
      z
        .number({ error: AVAILABILITY_MESSAGES.minPay })
        .min(LIMITS.hourlyPayMin, AVAILABILITY_MESSAGES.minPay)
        .max(LIMITS.hourlyPayMax, AVAILABILITY_MESSAGES.minPay)
        .refine(hasAtMostTwoDecimals, AVAILABILITY_MESSAGES.minPay)
        .nullable(),
    ),
    /** Whether verified owners find them in their search. */
    visible: z.boolean({ error: AVAILABILITY_MESSAGES.visible }),
  })
  .superRefine(({ days }, ctx) => {
    const seen = new Set<string>();
    const partsOf = new Map<string, Set<TAvailabilityPart>>();
    for (const { date, part } of days) {
      const key = `${date} ${part}`;
      if (seen.has(key)) {
        ctx.addIssue({ code: 'custom', message: AVAILABILITY_MESSAGES.dayTwice(date, part), path: ['days'] });
        return;
      }
      seen.add(key);
      const parts = partsOf.get(date) ?? new Set();
      parts.add(part);
      partsOf.set(date, parts);
      if (parts.has('giornata') && parts.size > 1) {
        ctx.addIssue({ code: 'custom', message: AVAILABILITY_MESSAGES.wholeDayWithPart(date), path: ['days'] });
        return;
      }
    }
  });
export type TAvailabilityInput = z.input<typeof ZAvailabilityInputSchema>;
export type TAvailabilityPayload = z.infer<typeof ZAvailabilityInputSchema>;

const ZAvailabilityDayAnswerSchema = z.object({ date: z.string(), part: z.enum(AVAILABILITY_PARTS) });

/**
 * GET /api/availability/: the calendar from today on, without the days of an accepted shift. `saved` false: nothing
 * stored yet; the comune is then the profile's, a suggestion, and `visible` is false.
 */
export const ZAvailabilitySchema = z.object({
  days: z.array(ZAvailabilityDayAnswerSchema),
  comune: z.string(),
  /** The comune's province (sigla), '' when unknown. */
  province: z.string(),
  radius_km: z.number(),
  min_pay: z.number().nullable(),
  visible: z.boolean(),
  saved: z.boolean(),
});
export type TAvailability = z.infer<typeof ZAvailabilitySchema>;

/** PUT /api/availability/: the calendar as stored, with the message to show. */
export const ZAvailabilitySavedSchema = ZAvailabilitySchema.extend({ message: z.string() });
export type TAvailabilitySaved = z.infer<typeof ZAvailabilitySavedSchema>;

/** The radius a first calendar suggests (a pharmacist who never saved one). */
export const DEFAULT_AVAILABILITY_RADIUS_KM = 30;
/** The days an owners' search looks at when not told: from today, this many days on. */
export const AVAILABLE_PHARMACISTS_DEFAULT_DAYS = 30;

/**
 * GET /api/pharmacists/available/ (verified owners). `from`/`to`: the days looked at (default today to today + 30;
 * `from` not before today, which the server checks with its clock; at most LIMITS.availablePharmacistsMaxRangeDays
 * apart). `near` or `lat`+`lng`: the point distances are measured from and `radius_km` counts from, as in the offer
 * search; without one, the owner's pharmacy. `min_pay`: the pay offered, euros an hour (a pharmacist asking more is
 * left out). `page`: from 1.
 */
export const ZAvailablePharmacistsQuerySchema = z
  .object({
    from: zOptionalDay,
    to: zOptionalDay,
    ...searchPointFields,
    min_pay: zOptionalNumber(AVAILABILITY_MESSAGES.searchPay, LIMITS.hourlyPayMin, LIMITS.hourlyPayMax),
    page: z.preprocess(
      absent,
      z.coerce.number({ error: MESSAGES.searchPage }).int(MESSAGES.searchPage).min(1, MESSAGES.searchPage).optional(),
    ),
  })
  .superRefine((query, ctx) => {
    checkSearchPoint(query, ctx);
    if (query.from && query.to) {
      if (query.to < query.from) ctx.addIssue({ code: 'custom', message: MESSAGES.searchDateOrder, path: ['to'] });
      else if (daysBetween(query.from, query.to) > LIMITS.availablePharmacistsMaxRangeDays)
        ctx.addIssue({ code: 'custom', message: AVAILABILITY_MESSAGES.searchRange, path: ['to'] });
    }
  });
export type TAvailablePharmacistsQuery = z.infer<typeof ZAvailablePharmacistsQuerySchema>;
export type TAvailablePharmacistsQueryInput = z.input<typeof ZAvailablePharmacistsQuerySchema>;

/**
 * A pharmacist an owner finds: who they are, where they start from (the comune and its centre, never their address),
 * how far from the search's point, and the days of the range they are free. Never a phone, an address, an e-mail or a CV.
 */
export const ZAvailablePharmacistSchema = z.object({
  pharmacist_id: z.number(),
  name: z.string(),
  surname: z.string(),
  titolo: z.string(),
  comune: z.string(),
  province: z.string(),
  /** The centre of their comune, for the map. */
  lat: z.number(),
  lng: z.number(),
  /** Kilometres (one decimal) from the search's point to their comune's centre. */
  distance_km: z.number(),
  days: z.array(ZAvailabilityDayAnswerSchema),
  albo_verified: z.boolean(),
  /** Their rating from published reviews and their reliability record (decision 074). */
  rating: ZRatingSummarySchema,
  reliability: ZReliabilitySchema,
});
export type TAvailablePharmacist = z.infer<typeof ZAvailablePharmacistSchema>;

/** GET /api/pharmacists/available/: a page, nearest first, with the days the search looked at. */
export const ZAvailablePharmacistsPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  results: z.array(ZAvailablePharmacistSchema),
});
export type TAvailablePharmacistsPage = z.infer<typeof ZAvailablePharmacistsPageSchema>;
