/**
 * The SQL of the offer search: its filters as conditions (shared with the map and the saved searches' alerts) and the
 * search's rows and count, built once per shape with `sql.placeholder()`s so the API runs them as named prepared
 * statements and the strict floor (bench/floor.ts) runs the very same text. A value is a concrete value or a
 * placeholder; an absent filter is undefined.
 */

import { type TApplicationStatus, TRAVEL_ESTIMATE } from '@farmaponte/shared';
import { and, between, count, desc, eq, gte, isNull, like, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles } from '../../db/schema';
import { distanceKmSql } from '../../lib/sql';
import { openOfferCondition, shownOfferColumns, urgentNowSql } from './status';

type TValue = unknown;
type TPoint = { lat: TValue; lng: TValue };

export type TFilterValues = {
  today: TValue;
  region?: TValue;
  province?: TValue;
  /** A LIKE pattern on the comune's key. */
  comunePattern?: TValue;
  from?: TValue;
  to?: TValue;
  minPay?: TValue;
  kind?: 'single' | 'multi';
  forma?: TValue;
  /** Within the radius: the box the (lat, lng) index finds, then the exact distance from the point. */
  within?: { point: TPoint; radius: TValue; minLat: TValue; maxLat: TValue; minLng: TValue; maxLng: TValue };
  /** At least this total pay for the shift (the form's stored total, plus the travel from `travelFrom`). */
  minTotal?: TValue;
  travelFrom?: TPoint;
};

const distanceFrom = (point: TPoint) => distanceKmSql(offers.lat, offers.lng, point as { lat: number; lng: number });

/**
 * What the offer pays the searching pharmacist for the trip (decision 094), as `travelPay` in packages/shared works it
 * out: the fixed sum, or the whole km there and back (great circle × the road factor) × €/km to the cent, capped;
 * once or for each of the offer's days. Null when it pays none, or pays by km and there is no point to start from.
 */
export function travelPaySql(from: TPoint | undefined): SQL<number | null> {
  const times = sql`(case when ${offers.travelPerDay} and ${offers.dateFrom} is not null and ${offers.dateTo} is not null then ${offers.dateTo} - ${offers.dateFrom} + 1 else 1 end)`;
  const factor = TRAVEL_ESTIMATE.roadFactor * TRAVEL_ESTIMATE.roundTrip;
  const byKm = from
    ? sql`least(coalesce(${offers.travelCap}, ${offers.travelPerKm} * 100000), round(round((${distanceFrom(from)} * ${sql.raw(String(factor))})::numeric) * ${offers.travelPerKm}, 2))`
    : sql`null`;
  return sql<
    number | null
  >`(case ${offers.travelMode} when 'fisso' then ${offers.travelAmount} * ${times} when 'km' then ${byKm} * ${times} end)`;
}

/** The stored total for the form asked (or the better of the two), plus the travel when known; null without a total. */
export function totalPaySql(forma: TValue | undefined, from: TPoint | undefined): SQL<number | null> {
  const base =
    forma === undefined
      ? sql`greatest(${offers.payTotalDipendente}, ${offers.payTotalLibera})`
      : sql`(case ${forma}::text when 'libera_professione' then ${offers.payTotalLibera} else ${offers.payTotalDipendente} end)`;
  return sql<number | null>`(${base} + coalesce(${travelPaySql(from)}, 0))`;
}

/** The conditions of a search's filters on the offers table (open offers only). */
export function filterConditions(f: TFilterValues): SQL {
  const conditions: (SQL | undefined)[] = [openOfferCondition(f.today as string)];
  if (f.region !== undefined) conditions.push(eq(offers.region, f.region as string));
  if (f.province !== undefined) conditions.push(eq(offers.province, f.province as string));
  if (f.comunePattern !== undefined) conditions.push(like(offers.comuneKey, f.comunePattern as string));
  if (f.from !== undefined) conditions.push(or(isNull(offers.dateTo), gte(offers.dateTo, f.from as string)));
  if (f.to !== undefined) conditions.push(or(isNull(offers.dateFrom), lte(offers.dateFrom, f.to as string)));
  if (f.minPay !== undefined) conditions.push(gte(offers.hourlyPay, f.minPay as number));
  if (f.kind === 'single') conditions.push(sql`${offers.dateFrom} = ${offers.dateTo}`);
  if (f.kind === 'multi')
    conditions.push(sql`${offers.dateFrom} is distinct from ${offers.dateTo} or ${offers.dateFrom} is null`);
  // Containment of a one-element array: an offer with both forms matches either (decision 093).
  if (f.forma !== undefined) conditions.push(sql`${offers.legalForms} @> array[${f.forma}::text]`);
  if (f.within) {
    const w = f.within;
    conditions.push(
      between(offers.lat, w.minLat as number, w.maxLat as number),
      between(offers.lng, w.minLng as number, w.maxLng as number),
      sql`${distanceFrom(w.point)} <= ${w.radius}`,
    );
  }
  if (f.minTotal !== undefined) conditions.push(sql`${totalPaySql(f.forma, f.travelFrom)} >= ${f.minTotal}`);
  return and(...conditions) as SQL;
}

export type TSearchShape = {
  filters: TFilterValues;
  ids?: TValue;
  point?: TPoint;
  sort: 'date' | 'pay' | 'distance' | 'total';
  /** Rome's clock now ('YYYY-MM-DD HH:MM'): an urgent shift still to start is listed first (decision 096). */
  clock: TValue;
  pharmacistId?: TValue;
  page?: { limit: TValue; offset: TValue };
};

/** The rows of a search and, for a page, its count: what searchOffers runs and the strict floor runs too. */
export function offerSearchQueries(db: TDb, shape: TSearchShape) {
  const where =
    shape.ids === undefined
      ? filterConditions(shape.filters)
      : (and(filterConditions(shape.filters), sql`${offers.id} = any(${shape.ids})`) as SQL);
  const distance = shape.point ? distanceFrom(shape.point) : sql<null>`null`;
  const total = totalPaySql(shape.filters.forma, shape.filters.travelFrom);
  const urgent = urgentNowSql(shape.clock as string);
  const order =
    shape.sort === 'distance'
      ? [sql`${distance} asc nulls last`, desc(offers.id)]
      : shape.sort === 'pay'
        ? [sql`${offers.hourlyPay} desc nulls last`, desc(offers.id)]
        : shape.sort === 'total'
          ? [sql`${total} desc nulls last`, desc(offers.id)]
          : [sql`${offers.dateFrom} asc nulls last`, desc(offers.id)];
  // Urgent first, whatever the sort (decision 096): a sort key in front of the sort asked.
  order.unshift(sql`${urgent} desc`);
  // Each row as the answer writes it, with its fields named as the answer names them: the rows are answered as they
  // come, never copied (a copy of each row was about a fifth of the search's CPU). `owner_id` is read for the ratings
  // and never written, as the answer's schema does not name it.
  const rows = db
    .select({
      ...shownOfferColumns,
      owner_id: offers.ownerId,
      total_pay: sql<number | null>`${total}::float8`,
      travel_pay: sql<number | null>`${travelPaySql(shape.filters.travelFrom)}::float8`,
      urgent,
      ...(shape.point ? { distance_km: sql<number | null>`round(${distance}::numeric, 1)::float8` } : {}),
      ...(shape.pharmacistId === undefined
        ? {}
        : {
            my_application_status: sql<TApplicationStatus | null>`(select ${applications.status} from ${applications} where ${applications.offerId} = ${offers.id} and ${applications.farmacistaId} = ${shape.pharmacistId})`,
          }),
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(where)
    .orderBy(...order);
  return {
    rows: shape.page ? rows.limit(shape.page.limit as number).offset(shape.page.offset as number) : rows,
    count: db.select({ n: count() }).from(offers).where(where),
  };
}
