/**
 * The offer search (GET /api/offers/ with parameters): its filters as SQL conditions, shared with the map
 * (map.ts) and the saved searches' alerts, and its rows.
 */
import {
  LIMITS,
  MESSAGES,
  normalize,
  type TApplicationStatus,
  type TOfferFilters,
  type TOfferSearchQuery,
  type TOfferSearchResult,
  todayInItaly,
} from '@farmaponte/shared';
import { and, between, count, desc, eq, gte, inArray, isNull, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { boxAround, containsPattern, distanceKmSql } from '../../lib/sql';
import { findComune } from '../geo';
import { NO_RATING, ratingSummaries } from '../ratings';
import { openOfferCondition, shownOfferColumns, toShownOffer } from './status';

/** The point a search measures from: `near` (a comune, 400 when none has that name) or `lat` + `lng`. */
export function searchPoint(
  filters: Pick<TOfferFilters, 'near' | 'lat' | 'lng'>,
  field = 'near',
): { lat: number; lng: number } | undefined {
  if (filters.near !== undefined) {
    const comune = findComune(filters.near);
    if (!comune) throw badRequest(MESSAGES.searchNear, 'validation_error', { [field]: MESSAGES.searchNear });
    return { lat: comune.lat, lng: comune.lng };
  }
  if (filters.lat !== undefined && filters.lng !== undefined) return { lat: filters.lat, lng: filters.lng };
  return undefined;
}

/** Great-circle kilometres from the point to the offer, in SQL; null for an offer not placed. */
const distanceSql = (point: { lat: number; lng: number }) => distanceKmSql(offers.lat, offers.lng, point);

/**
 * The conditions of a search's filters on the offers table (open offers only). Within a radius: first a box of
 * latitudes and longitudes the (lat, lng) index finds, then the exact distance.
 */
export function offerFilterConditions(
  filters: TOfferFilters,
  point: { lat: number; lng: number } | undefined,
  today: string,
): SQL {
  const conditions: (SQL | undefined)[] = [openOfferCondition(today)];
  if (filters.region) conditions.push(eq(offers.region, filters.region));
  if (filters.province) conditions.push(eq(offers.province, filters.province));
  if (filters.comune) conditions.push(like(offers.comuneKey, containsPattern(normalize(filters.comune))));
  if (filters.from) conditions.push(or(isNull(offers.dateTo), gte(offers.dateTo, filters.from)));
  if (filters.to) conditions.push(or(isNull(offers.dateFrom), lte(offers.dateFrom, filters.to)));
  if (filters.min_pay !== undefined) conditions.push(gte(offers.hourlyPay, filters.min_pay));
  if (filters.kind === 'single') conditions.push(sql`${offers.dateFrom} = ${offers.dateTo}`);
  if (filters.kind === 'multi')
    conditions.push(sql`${offers.dateFrom} is distinct from ${offers.dateTo} or ${offers.dateFrom} is null`);
  // Containment of a one-element array: an offer with both forms matches either (decision 093).
  if (filters.forma) conditions.push(sql`${offers.legalForms} @> array[${filters.forma}]::text[]`);
  if (point && filters.radius_km !== undefined) {
    const box = boxAround(point, filters.radius_km);
    conditions.push(
      between(offers.lat, box.minLat, box.maxLat),
      between(offers.lng, box.minLng, box.maxLng),
      sql`${distanceSql(point)} <= ${filters.radius_km}`,
    );
  }
  return and(...conditions) as SQL;
}

type TSearchViewer = { id: number; role: string } | null;

/**
 * GET /api/offers/ with parameters: the open offers that match, in the order asked (date by default), with
 * distance_km when a point is given and my_application_status for a pharmacist; a page when `page` is given; only
 * the offers named when `ids` is given.
 */
export async function searchOffers(
  db: TDb,
  query: TOfferSearchQuery,
  viewer: TSearchViewer,
  now: Date,
): Promise<{ count: number; results: TOfferSearchResult[] }> {
  const point = searchPoint(query);
  const filters = offerFilterConditions(query, point, todayInItaly(now));
  // `ids`: the offers behind one marker of the map; those no longer open (or missing) are simply not found.
  const where = query.ids ? (and(filters, inArray(offers.id, query.ids)) as SQL) : filters;
  const distance = point ? distanceSql(point) : sql<null>`null`;
  const pharmacistId = viewer?.role === 'farmacista' ? viewer.id : null;
  const order =
    query.sort === 'distance'
      ? [sql`${distance} asc nulls last`, desc(offers.id)]
      : query.sort === 'pay'
        ? [sql`${offers.hourlyPay} desc nulls last`, desc(offers.id)]
        : [sql`${offers.dateFrom} asc nulls last`, desc(offers.id)];
  const pageSize = query.page_size ?? LIMITS.offerSearchPageSize;
  const rowsQuery = db
    .select({
      ...shownOfferColumns,
      ownerId: offers.ownerId,
      distance,
      myStatus: pharmacistId
        ? sql<TApplicationStatus | null>`(select ${applications.status} from ${applications} where ${applications.offerId} = ${offers.id} and ${applications.farmacistaId} = ${pharmacistId})`
        : sql<null>`null`,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(where)
    .orderBy(...order);
  const [rows, total] = await Promise.all([
    query.page ? rowsQuery.limit(pageSize).offset((query.page - 1) * pageSize) : rowsQuery,
    query.page ? db.select({ n: count() }).from(offers).where(where) : undefined,
  ]);
  // The pharmacies' ratings in one query for the whole page (decision 074).
  const ratings = await ratingSummaries(
    db,
    rows.map((row) => row.ownerId),
  );
  const results = rows.map(({ distance: km, myStatus, ownerId, ...row }) => ({
    ...toShownOffer(row),
    pharmacy_rating: ratings.get(ownerId) ?? NO_RATING,
    ...(point ? { distance_km: km == null ? null : Math.round(Number(km) * 10) / 10 } : {}),
    ...(pharmacistId ? { my_application_status: myStatus ?? null } : {}),
  }));
  return { count: total ? Number(total[0]?.n ?? 0) : results.length, results };
}
