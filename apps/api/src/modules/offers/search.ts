/**
 * The offer search (GET /api/offers/ with parameters): its filters as SQL conditions, shared with the map (map.ts)
 * and the saved searches' alerts, and its rows, run as a named prepared statement per shape of the query
 * (search-sql.ts). Each row has the shift's total pay for the searching pharmacist (decision 094): the stored total of
 * its form plus the trip from the search's point, or from her own comune when the search names none.
 */
import {
  LIMITS,
  MESSAGES,
  normalize,
  type TOfferFilters,
  type TOfferSearchQuery,
  type TOfferSearchResult,
  todayInItaly,
} from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { preparedRows } from '../../lib/prepared-rows';
import { boxAround, containsPattern } from '../../lib/sql';
import { findComune } from '../geo';
import { NO_RATING, ratingSummaries } from '../ratings';
import { homePointOf } from './home-point';
import { filterConditions, offerSearchQueries, type TFilterValues, type TSearchShape } from './search-sql';
import { romeClock, toShownOffer } from './status';

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

/** The filters' values, each under its placeholder's name: the same object fills the statement and says its shape. */
function filterValues(filters: TOfferFilters, point: { lat: number; lng: number } | undefined, today: string) {
  const values: Record<string, unknown> = { today };
  if (filters.region) values.region = filters.region;
  if (filters.province) values.province = filters.province;
  if (filters.comune) values.comunePattern = containsPattern(normalize(filters.comune));
  if (filters.from) values.from = filters.from;
  if (filters.to) values.to = filters.to;
  if (filters.min_pay !== undefined) values.minPay = filters.min_pay;
  if (filters.forma) values.forma = filters.forma;
  if (filters.min_total !== undefined) values.minTotal = filters.min_total;
  if (point) Object.assign(values, { lat: point.lat, lng: point.lng });
  if (point && filters.radius_km !== undefined)
    Object.assign(values, { radius: filters.radius_km, ...boxAround(point, filters.radius_km) });
  return values;
}

/** The filters of a shape, each a placeholder where `values` has it (or the concrete value with `concrete`). */
function filterShape(
  values: Record<string, unknown>,
  kind: TOfferFilters['kind'],
  travel: boolean,
  concrete = false,
): TFilterValues {
  const v = (key: string) => (key in values ? (concrete ? values[key] : sql.placeholder(key)) : undefined);
  const point = 'lat' in values ? { lat: v('lat'), lng: v('lng') } : undefined;
  const travelFrom = travel ? { lat: v('travelLat') ?? point?.lat, lng: v('travelLng') ?? point?.lng } : point;
  return {
    today: v('today'),
    region: v('region'),
    province: v('province'),
    comunePattern: v('comunePattern'),
    from: v('from'),
    to: v('to'),
    minPay: v('minPay'),
    kind,
    forma: v('forma'),
    within:
      point && 'radius' in values
        ? { point, radius: v('radius'), minLat: v('minLat'), maxLat: v('maxLat'), minLng: v('minLng'), maxLng: v('maxLng') }
        : undefined,
    minTotal: v('minTotal'),
    travelFrom: travelFrom?.lat === undefined ? undefined : (travelFrom as { lat: unknown; lng: unknown }),
  };
}

/** The conditions of a search's filters on the offers table (open offers only), with concrete values: the map's, the alerts'. */
export function offerFilterConditions(filters: TOfferFilters, point: { lat: number; lng: number } | undefined, today: string) {
  return filterConditions(filterShape(filterValues(filters, point, today), filters.kind, false, true));
}

type TSearchViewer = { id: number; role: string } | null;

/** A short statement name per shape of the query, in this process (PostgreSQL keeps 63 characters of a name). */
const shapeNumbers = new Map<string, number>();
const shapeName = (key: string) => {
  let n = shapeNumbers.get(key);
  if (n === undefined) {
    n = shapeNumbers.size + 1;
    shapeNumbers.set(key, n);
  }
  return n;
};

/**
 * The statements of one search: their name (one per shape of the query), the values that fill them, and the rows' and
 * the count's queries built with placeholders. searchOffers runs them; the strict floor runs the very same.
 */
export function offerSearchPlan(
  db: TDb,
  query: TOfferSearchQuery,
  point: { lat: number; lng: number } | undefined,
  pharmacistId: number | undefined,
  home: { lat: number; lng: number } | undefined,
  now: Date,
) {
  const values = filterValues(query, point, todayInItaly(now));
  // Urgent shifts still to start come first, whatever the sort (decision 096): compared with Rome's clock now.
  values.clock = romeClock(now);
  if (home) Object.assign(values, { travelLat: home.lat, travelLng: home.lng });
  if (query.ids) values.ids = query.ids;
  if (pharmacistId !== undefined) values.pharmacistId = pharmacistId;
  const pageSize = query.page_size ?? LIMITS.offerSearchPageSize;
  if (query.page) Object.assign(values, { limit: pageSize, offset: (query.page - 1) * pageSize });
  const sort = query.sort ?? 'date';
  const name = shapeName(`${Object.keys(values).sort().join(',')}|${query.kind ?? ''}|${sort}`);
  const build = () => {
    const p = sql.placeholder;
    const shape: TSearchShape = {
      filters: filterShape(values, query.kind, home !== undefined),
      ids: 'ids' in values ? p('ids') : undefined,
      point: point ? { lat: p('lat'), lng: p('lng') } : undefined,
      sort,
      clock: p('clock'),
      pharmacistId: pharmacistId === undefined ? undefined : p('pharmacistId'),
      page: query.page ? { limit: p('limit'), offset: p('offset') } : undefined,
    };
    return offerSearchQueries(db, shape);
  };
  return { name: `offer_search_${name}`, values, rows: () => build().rows, count: () => build().count };
}

/**
 * GET /api/offers/ with parameters: the open offers that match, in the order asked (date by default), with
 * distance_km when a point is given, my_application_status for a pharmacist and the total pay; a page when `page` is
 * given; only the offers named when `ids` is given.
 */
export async function searchOffers(
  db: TDb,
  query: TOfferSearchQuery,
  viewer: TSearchViewer,
  now: Date,
): Promise<{ count: number; results: TOfferSearchResult[] }> {
  const point = searchPoint(query);
  const pharmacistId = viewer?.role === 'farmacista' ? viewer.id : undefined;
  // Without a point of the search's own, a pharmacist's trip starts from her comune.
  const home = !point && pharmacistId !== undefined ? await homePointOf(db, pharmacistId) : undefined;
  const plan = offerSearchPlan(db, query, point, pharmacistId, home, now);
  const [rows, total] = await Promise.all([
    preparedRows(db, plan.name, plan.rows, plan.values),
    query.page ? preparedRows(db, `${plan.name}_count`, plan.count, plan.values) : undefined,
  ]);
  // The pharmacies' ratings in one query for the whole page (decision 074).
  const ratings = await ratingSummaries(
    db,
    rows.map((row) => row.owner_id),
  );
  const results = rows as unknown as (TOfferSearchResult & { owner_id: number })[];
  for (const row of results) {
    toShownOffer(row);
    row.pharmacy_rating = ratings.get(row.owner_id) ?? NO_RATING;
  }
  return { count: total ? Number(total[0]?.n ?? 0) : results.length, results };
}
