/** Find the right shift (decision 026): the offer search, its answers, the public offer, saved searches. */
import { z } from 'zod';
import { isIsoDate } from '../dates';
import { LEGAL_FORMS } from '../engagement';
import { LIMITS } from '../limits';
import { MAP_GRID, mapPixels, mercatorY } from '../map-grid';
import { MESSAGES } from '../messages';
import { PAY_MESSAGES } from '../messages-pay';
import { provinceSigla, regionName } from '../places';
import { ZApplicationStatusSchema } from './applications';
import { MAX_ID, ZRatingSummarySchema, zId, zText } from './common';
import { zOptionalLegalForm } from './legal-forms';
import { ZOfferSchema, ZOfferStatusSchema } from './offers';

/** An absent or empty parameter is not given. */
export const absent = (v: unknown) => (v === '' || v === null ? undefined : v);
export const zOptionalNumber = (message: string, min: number, max: number) =>
  z.preprocess(absent, z.coerce.number({ error: message }).min(min, message).max(max, message).optional());
export const zOptionalDay = z.preprocess(
  absent,
  z
    .string({ error: MESSAGES.searchDate })
    .refine((s) => isIsoDate(s), MESSAGES.searchDate)
    .optional(),
);

export const OFFER_KINDS = ['single', 'multi'] as const;
export const OFFER_SORTS = ['date', 'pay', 'distance', 'total'] as const;

/**
 * The point a search measures from, `near` (a comune's name; 400 when no comune has that name) or `lat`+`lng`, and the
 * radius around it: the offer search's and the owners' search of available pharmacists (schemas/availability.ts).
 */
export const searchPointFields = {
  near: z.preprocess(absent, zText(LIMITS.searchPlaceMaxLength).optional()),
  lat: zOptionalNumber(MESSAGES.searchLat, -90, 90),
  lng: zOptionalNumber(MESSAGES.searchLng, -180, 180),
  radius_km: zOptionalNumber(MESSAGES.searchRadius, LIMITS.searchRadiusMinKm, LIMITS.searchRadiusMaxKm),
};

/** Both coordinates or neither, and a comune or coordinates, not both. */
export function checkSearchPoint(point: { near?: string; lat?: number; lng?: number }, ctx: z.RefinementCtx): void {
  const hasLat = point.lat !== undefined;
  const hasLng = point.lng !== undefined;
  if (hasLat !== hasLng)
    ctx.addIssue({ code: 'custom', message: MESSAGES.searchPointIncomplete, path: [hasLat ? 'lng' : 'lat'] });
  if (point.near !== undefined && (hasLat || hasLng))
    ctx.addIssue({ code: 'custom', message: MESSAGES.searchPointTwice, path: ['near'] });
}

/**
 * The filters of GET /api/offers/ by their parameter names; a saved search's `filters` are the same. Every one is
 * optional. `near` (a comune) or `lat`+`lng` give a point: then each offer has `distance_km`, `radius_km` keeps those
 * within it, `sort=distance` orders by it.
 */
const filterFields = z.object({
  /** A region by any spelling ("lombardia"), read as its official name. */
  region: z.preprocess(
    absent,
    zText(LIMITS.searchPlaceMaxLength)
      .refine((v) => regionName(v) !== undefined, MESSAGES.searchRegion)
      .transform((v) => regionName(v) as string)
      .optional(),
  ),
  /** A province by sigla or name ("MI", "Milano"), read as its sigla. */
  province: z.preprocess(
    absent,
    zText(LIMITS.searchPlaceMaxLength)
      .refine((v) => provinceSigla(v) !== undefined, MESSAGES.searchProvince)
      .transform((v) => provinceSigla(v) as string)
      .optional(),
  ),
  /** The pharmacy's comune contains this text (accents and case ignored). */
  comune: z.preprocess(absent, zText(LIMITS.searchPlaceMaxLength).optional()),
  ...searchPointFields,
  /** Offers whose days overlap [from, to]; an offer without an end (or a start) date is open on that side. */
  from: zOptionalDay,
  to: zOptionalDay,
  /** At least this many euros an hour (offers without an hourly pay do not match). */
  min_pay: zOptionalNumber(MESSAGES.searchMinPay, 0, LIMITS.hourlyPayMax),
  /** `single`: one day (start = end); `multi`: more than one, or open-ended. */
  kind: z.preprocess(absent, z.enum(OFFER_KINDS, { error: MESSAGES.searchKind }).optional()),
  /** Offers that may be worked under this legal form (decision 093); one offering both matches either. */
  forma: zOptionalLegalForm,
  /**
   * At least this total pay in euros for the shift (decision 094): the form's hours × rates with supplements, plus the
   * trip from the search's point when the offer pays travel; offers without days and hours do not match.
   */
  min_total: zOptionalNumber(PAY_MESSAGES.searchMinTotal, 0, LIMITS.searchMinTotalMax),
});
type TFilterFields = z.infer<typeof filterFields>;

function checkFilters(filters: TFilterFields, ctx: z.RefinementCtx) {
  checkSearchPoint(filters, ctx);
  if (filters.radius_km !== undefined && filters.near === undefined && !(filters.lat !== undefined && filters.lng !== undefined))
    ctx.addIssue({ code: 'custom', message: MESSAGES.searchRadiusNeedsPoint, path: ['radius_km'] });
  if (filters.from && filters.to && filters.to < filters.from)
    ctx.addIssue({ code: 'custom', message: MESSAGES.searchDateOrder, path: ['to'] });
}

/** A saved search's filters: the search's parameters, checked the same way. */
export const ZOfferFiltersSchema = filterFields.superRefine(checkFilters);
export type TOfferFilters = z.infer<typeof ZOfferFiltersSchema>;
export type TOfferFiltersInput = z.input<typeof ZOfferFiltersSchema>;

/** `ids=1,2,3`: comma-separated offer ids (1 to LIMITS.offerSearchMaxIds), read as a list without repeats. */
const zOfferIds = z.preprocess(
  absent,
  z
    .string({ error: MESSAGES.searchIds })
    .transform((text, ctx) => {
      const parts = text.split(',').map((part) => part.trim());
      const ids = parts.map(Number);
      if (
        parts.length > LIMITS.offerSearchMaxIds ||
        parts.some((part) => !/^\d{1,10}$/.test(part)) ||
        ids.some((id) => id < 1 || id > MAX_ID)
      ) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.searchIds });
        return z.NEVER;
      }
      return [...new Set(ids)];
    })
    .optional(),
);

const searchFields = filterFields.extend({
  /** Only these offers (still open), as the markers of the map name them; not part of a saved search. */
  ids: zOfferIds,
  sort: z.preprocess(absent, z.enum(OFFER_SORTS, { error: MESSAGES.searchSort }).optional()),
  /** Given: the answer is a page `{count, next, previous, results}`; absent: the whole array (as before decision 026). */
  page: z.preprocess(
    absent,
    z.coerce.number({ error: MESSAGES.searchPage }).int(MESSAGES.searchPage).min(1, MESSAGES.searchPage).optional(),
  ),
  page_size: z.preprocess(
    absent,
    z.coerce
      .number({ error: MESSAGES.searchPageSize })
      .int(MESSAGES.searchPageSize)
      .min(1, MESSAGES.searchPageSize)
      .max(LIMITS.offerSearchMaxPageSize, MESSAGES.searchPageSize)
      .optional(),
  ),
});

/**
 * GET /api/offers/ query. Without any parameter the answer is the full array of open offers, exactly as before; with
 * any, it is a search (sorted by date unless told, with `my_application_status` for a pharmacist).
 */
export const ZOfferSearchQuerySchema = searchFields.superRefine((query, ctx) => {
  checkFilters(query, ctx);
  if (query.sort === 'distance' && query.near === undefined && query.lat === undefined)
    ctx.addIssue({ code: 'custom', message: MESSAGES.searchSortDistanceNeedsPoint, path: ['sort'] });
});
export type TOfferSearchQuery = z.infer<typeof ZOfferSearchQuerySchema>;
export type TOfferSearchQueryInput = z.input<typeof ZOfferSearchQuerySchema>;
/** The parameter names of the search, in the order a URL writes them. */
export const OFFER_SEARCH_PARAMS = Object.keys(searchFields.shape) as (keyof TOfferSearchQuery)[];

/** The visible area of a map: `west,south,east,north` in degrees, read as an object. */
export type TMapBbox = { west: number; south: number; east: number; north: number };
const zBbox = z.preprocess(
  absent,
  z.string({ error: MESSAGES.mapBbox }).transform((text, ctx): TMapBbox => {
    const parts = text.split(',').map((part) => part.trim());
    const [west, south, east, north] = parts.map(Number) as [number, number, number, number];
    const valid =
      parts.length === 4 &&
      parts.every((part) => part !== '' && Number.isFinite(Number(part))) &&
      west >= -180 &&
      east <= 180 &&
      south >= -90 &&
      north <= 90 &&
      west < east &&
      south < north;
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.mapBbox });
      return z.NEVER;
    }
    return { west, south, east, north };
  }),
);

const mapFields = filterFields.extend({
  bbox: zBbox,
  /** Leaflet's zoom: the cells are about MAP_GRID.cellPx screen pixels at it (docs/decisions/037). */
  zoom: z.preprocess(
    absent,
    z.coerce
      .number({ error: MESSAGES.mapZoom })
      .int(MESSAGES.mapZoom)
      .min(MAP_GRID.minZoom, MESSAGES.mapZoom)
      .max(MAP_GRID.maxZoom, MESSAGES.mapZoom),
  ),
});

/**
 * GET /api/offers/map/ query: the search's filters, the visible area and the zoom. The area may be at most
 * MAP_GRID.maxSidePx screen pixels wide and tall at that zoom, so an answer never holds more than a few thousand cells.
 */
export const ZOfferMapQuerySchema = mapFields.superRefine((query, ctx) => {
  checkFilters(query, ctx);
  const { bbox, zoom } = query;
  if (!bbox || zoom === undefined) return;
  const wide = mapPixels(bbox.east - bbox.west, zoom);
  const tall = mapPixels(mercatorY(bbox.north) - mercatorY(bbox.south), zoom);
  if (wide > MAP_GRID.maxSidePx || tall > MAP_GRID.maxSidePx)
    ctx.addIssue({ code: 'custom', message: MESSAGES.mapAreaTooLarge, path: ['bbox'] });
});
export type TOfferMapQuery = z.infer<typeof ZOfferMapQuerySchema>;
export type TOfferMapQueryInput = z.input<typeof ZOfferMapQuerySchema>;

/**
 * One marker of the map: a cluster of offers at several positions in one cell (`c:<zoom>:<x>:<y>`, at their mean
 * position, with the zoom where it splits) or a place, every offer at one position (`p:<lat>,<lng>`, with the ids of
 * the first LIMITS.mapPlaceMaxIds, oldest first, and its pharmacy's name).
 */
export const ZOfferMapPointSchema = z.object({
  id: z.string(),
  lat: z.number(),
  lng: z.number(),
  count: z.number(),
  offer_ids: z.array(z.number()),
  label: z.string().nullable(),
  expansion_zoom: z.number().nullable(),
});
export type TOfferMapPoint = z.infer<typeof ZOfferMapPointSchema>;

/** GET /api/offers/map/: the markers of the visible area, how many offers it holds and how many have no position. */
export const ZOfferMapSchema = z.object({
  /** Open offers matching the filters with a position inside the area. */
  count: z.number(),
  /** Open offers matching the filters (anywhere) that have no position. */
  without_position: z.number(),
  points: z.array(ZOfferMapPointSchema),
});
export type TOfferMap = z.infer<typeof ZOfferMapSchema>;

/** An offer as a search answers it. */
export const ZOfferSearchResultSchema = ZOfferSchema.extend({
  /**
   * Marked urgent by its owner and not started yet (decision 096): listed first, with the badge 'Urgente'. Required
   * fields come before the optional ones: the fast answer writer writes them in that order.
   */
  urgent: z.boolean(),
  /** Great-circle kilometres (one decimal) from the search's point; only when a point is given. */
  distance_km: z.number().nullable().optional(),
  /** For a logged-in pharmacist: their application's status, or null when they have not applied. */
  my_application_status: ZApplicationStatusSchema.nullable().optional(),
  /** The pharmacy's rating from its owner's published reviews (decision 074). */
  pharmacy_rating: ZRatingSummarySchema.optional(),
  /**
   * The shift's total pay for the searching pharmacist (decision 094): the stored total of the `forma` asked (or the
   * better form), plus `travel_pay`; null for an offer without days and hours.
   */
  total_pay: z.number().nullable().optional(),
  /** What the offer pays her trip from the search's point or her comune; null when it pays none or the start is unknown. */
  travel_pay: z.number().nullable().optional(),
});
export type TOfferSearchResult = z.infer<typeof ZOfferSearchResultSchema>;

/** GET /api/offers/ with parameters: an array without `page`, a page with it. */
export const ZOfferSearchListSchema = z.array(ZOfferSearchResultSchema);
export const ZOfferSearchPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZOfferSearchResultSchema),
});
export type TOfferSearchPage = z.infer<typeof ZOfferSearchPageSchema>;

/** GET /api/offers/{id}/ (no login): an open offer as anyone may see it; a closed one answers 410. */
export const ZPublicOfferSchema = ZOfferSchema.extend({
  status: ZOfferStatusSchema,
  provincia: z.string(),
  region: z.string(),
  /** Its page: PUBLIC_URL/offerte/{id}. */
  url: z.string(),
  /** The pharmacy's rating from its owner's published reviews (decision 074); the owner is not named. */
  pharmacy_rating: ZRatingSummarySchema,
});
export type TPublicOffer = z.infer<typeof ZPublicOfferSchema>;

export const SAVED_SEARCH_FREQUENCIES = ['immediate', 'daily'] as const;
export const ZSavedSearchFrequencySchema = z.enum(SAVED_SEARCH_FREQUENCIES, { error: MESSAGES.savedSearchFrequency });

/** POST /api/saved-searches/ ('Avvisami'). */
export const ZSavedSearchInputSchema = z.object({
  name: zText(LIMITS.savedSearchNameMaxLength).pipe(z.string().min(1, MESSAGES.savedSearchName)),
  filters: z.preprocess((v) => v ?? {}, ZOfferFiltersSchema),
  frequency: z.preprocess((v) => v ?? 'immediate', ZSavedSearchFrequencySchema),
});
export type TSavedSearchInput = z.input<typeof ZSavedSearchInputSchema>;
export type TSavedSearchPayload = z.infer<typeof ZSavedSearchInputSchema>;

/** A saved search's filters as answered (already read: the region by its name, the province by its sigla). */
export const ZOfferFiltersAnswerSchema = z.object({
  region: z.string().optional(),
  province: z.string().optional(),
  comune: z.string().optional(),
  near: z.string().optional(),
  lat: z.number().optional(),
  lng: z.number().optional(),
  radius_km: z.number().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  min_pay: z.number().optional(),
  kind: z.enum(OFFER_KINDS).optional(),
  forma: z.enum(LEGAL_FORMS).optional(),
});

export const ZSavedSearchSchema = z.object({
  id: z.number(),
  name: z.string(),
  filters: ZOfferFiltersAnswerSchema,
  frequency: ZSavedSearchFrequencySchema,
  created_at: z.string(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearchSchema>;
export const ZSavedSearchListSchema = z.array(ZSavedSearchSchema);
export const ZSavedSearchCreatedSchema = ZSavedSearchSchema.extend({ message: z.string() });
export const ZSavedSearchIdParamsSchema = z.object({ id: zId });

/**
 * GET /api/saved-searches/suggestion/: the first saved search the web offers a new pharmacist (their preferred
 * region), or null when they have none or already saved a search.
 */
export const ZSavedSearchSuggestionSchema = z.object({
  suggestion: z
    .object({ name: z.string(), filters: ZOfferFiltersAnswerSchema, frequency: ZSavedSearchFrequencySchema })
    .nullable(),
});
export type TSavedSearchSuggestion = z.infer<typeof ZSavedSearchSuggestionSchema>;
