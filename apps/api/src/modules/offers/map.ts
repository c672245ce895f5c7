/**
 * GET /api/offers/map/: the open offers of the visible area, clustered on a grid in SQL (docs/decisions/037). The
 * search's own conditions (search.ts) choose the offers; the database groups them into cells of about 60 screen
 * pixels and answers one row per cell, so the page never downloads the offers themselves.
 */
import {
  LIMITS,
  latitudeOfMercatorY,
  MAP_GRID,
  mapCellDegrees,
  mercatorY,
  type TOfferMap,
  type TOfferMapPoint,
  type TOfferMapQuery,
  todayInItaly,
  UI_TEXT,
} from '@farmaponte/shared';
import { and, between, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offers, profiles } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { offerFilterConditions, searchPoint } from './search';

/** The cell a position falls in at a zoom, as the database computes it (the same formula as mercatorY). */
function cellSql(size: number) {
  const clampedLat = sql`least(greatest(${offers.lat}, ${-MAP_GRID.maxLatitude}::float8), ${MAP_GRID.maxLatitude}::float8)`;
  return {
    x: sql<number>`floor(${offers.lng} / ${size}::float8)`,
    y: sql<number>`floor(degrees(ln(tan(radians(45 + ${clampedLat} / 2)))) / ${size}::float8)`,
  };
}

/**
 * The smallest zoom above `zoom` at which positions spread over this box are no longer in one cell, capped at
 * MAP_GRID.maxZoom. The grids nest (each zoom halves the cell), so once split they stay split: this is exact, not
 * the usual "zoom + 2" guess.
 */
export function expansionZoom(zoom: number, box: { minLat: number; maxLat: number; minLng: number; maxLng: number }): number {
  const [low, high] = [mercatorY(box.minLat), mercatorY(box.maxLat)];
  for (let next = zoom + 1; next < MAP_GRID.maxZoom; next++) {
    const size = mapCellDegrees(next);
    if (Math.floor(box.minLng / size) !== Math.floor(box.maxLng / size) || Math.floor(low / size) !== Math.floor(high / size))
      return next;
  }
  return MAP_GRID.maxZoom;
}

/**
 * The area asked, widened to whole cells: every cell answered then holds all of its offers, not only those inside
 * the area, so a marker keeps its count and position while the map is panned.
 */
function wholeCells(bbox: TOfferMapQuery['bbox'], size: number) {
  const [lowY, highY] = [mercatorY(bbox.south), mercatorY(bbox.north)];
  return {
    west: Math.max(-180, Math.floor(bbox.west / size) * size),
    east: Math.min(180, (Math.floor(bbox.east / size) + 1) * size),
    south: bbox.south <= -MAP_GRID.maxLatitude ? -90 : latitudeOfMercatorY(Math.floor(lowY / size) * size),
    north: bbox.north >= MAP_GRID.maxLatitude ? 90 : latitudeOfMercatorY((Math.floor(highY / size) + 1) * size),
  };
}

/** A row of the cell query: a cell, and for a place its first ids, its pharmacies and the first one's name. */
type TCellRow = {
  x: number;
  y: number;
  count: number;
  inside: number;
  lat: number;
  lng: number;
  min_lat: number;
  max_lat: number;
  min_lng: number;
  max_lng: number;
  ids: string | null;
  owners: number | null;
  name: string | null;
};

/**
 * The two parts of a map: the raw query of one row per cell of the (widened) area, and the condition of the matching
 * offers without a position (counted by a plain Drizzle select in offerMap). Public (index.ts) so that bench/map.ts
 * explains the very same SQL.
 *
 * The cells are counted with plain aggregates (a hash aggregate, one pass); only the cells that are places (every
 * offer at one position: few rows at a country's zoom) are grouped again to list their ids in order and name their
 * pharmacy. Listing ids for every cell sorted each cluster's offers, most of the cost at zoom 5 (decision 037).
 *
 * Raw SQL (lib/raw-sql.ts), because no Drizzle builder writes it: `with … as materialized` (Drizzle's `$with` cannot
 * ask for it, and without it PostgreSQL may inline the matching offers into both groupings and filter them twice), a
 * CTE grouped twice and joined back to itself, an array slice and a `filter` clause on an aggregate. The slice's bound
 * is LIMITS.mapPlaceMaxIds, a constant of the code, written into the text (`sql.raw`): no request value goes there.
 */
export function offerMapQueries(query: TOfferMapQuery, now: Date) {
  const { bbox, zoom } = query;
  const filters = offerFilterConditions(query, searchPoint(query), todayInItaly(now));
  const size = mapCellDegrees(zoom);
  const cell = cellSql(size);
  const area = wholeCells(bbox, size);
  const cells = sql`with matching as materialized (
      select ${offers.id} as id, ${offers.ownerId} as owner_id, ${offers.createdAt} as created_at,
        ${offers.lat} as lat, ${offers.lng} as lng, ${cell.x} as x, ${cell.y} as y,
        (${offers.lat} between ${bbox.south}::float8 and ${bbox.north}::float8
          and ${offers.lng} between ${bbox.west}::float8 and ${bbox.east}::float8) as inside
      from ${offers}
      where ${and(filters, between(offers.lat, area.south, area.north), between(offers.lng, area.west, area.east))}
    ), cells as (
      select x, y, count(*)::int as count, (count(*) filter (where inside))::int as inside,
        avg(lat) as lat, avg(lng) as lng, min(lat) as min_lat, max(lat) as max_lat, min(lng) as min_lng, max(lng) as max_lng
      from matching group by x, y
    ), places as (
      select m.x, m.y, min(m.owner_id) as owner, count(distinct m.owner_id)::int as owners,
        array_to_string((array_agg(m.id order by m.created_at, m.id))[1:${sql.raw(String(LIMITS.mapPlaceMaxIds))}], ',') as ids
      from matching m
      join cells c on c.x = m.x and c.y = m.y and c.min_lat = c.max_lat and c.min_lng = c.max_lng
      group by m.x, m.y
    )
    select cells.*, places.ids, places.owners, ${profiles.denominazioneFarmacia} as name
    from cells
    left join places on places.x = cells.x and places.y = cells.y
    left join ${profiles} on ${profiles.userId} = places.owner`;
  const withoutPosition = and(filters, or(isNull(offers.lat), isNull(offers.lng)));
  return { cells, withoutPosition };
}

/** The markers of the area at a zoom, the offers inside it, and those matching that have no position. */
export async function offerMap(db: TDb, query: TOfferMapQuery, now: Date): Promise<TOfferMap> {
  const { zoom } = query;
  const queries = offerMapQueries(query, now);
  const [cells, withoutPosition] = await Promise.all([
    rawRows<TCellRow>(db, queries.cells),
    db.select({ n: sql<number>`count(*)::int` }).from(offers).where(queries.withoutPosition),
  ]);

  let total = 0;
  const points: TOfferMapPoint[] = [];
  for (const c of cells) {
    total += c.inside;
    if (c.ids !== null) {
      const lat = Number(c.min_lat);
      const lng = Number(c.min_lng);
      points.push({
        id: `p:${lat},${lng}`,
        lat,
        lng,
        count: c.count,
        offer_ids: c.ids.split(',').map(Number),
        label: UI_TEXT.mapPlaceLabel(c.name ?? '', Number(c.owners) - 1),
        expansion_zoom: null,
      });
    } else {
      const box = { minLat: Number(c.min_lat), maxLat: Number(c.max_lat), minLng: Number(c.min_lng), maxLng: Number(c.max_lng) };
      points.push({
        id: `c:${zoom}:${c.x}:${c.y}`,
        lat: Number(c.lat),
        lng: Number(c.lng),
        count: c.count,
        offer_ids: [],
        label: null,
        expansion_zoom: expansionZoom(zoom, box),
      });
    }
  }
  // The biggest markers first, then by id: the same area answers the same list.
  points.sort((a, b) => b.count - a.count || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { count: total, without_position: Number(withoutPosition[0]?.n ?? 0), points };
}
