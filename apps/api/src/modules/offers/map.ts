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
import { and, between, count, inArray, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offers, profiles } from '../../db/schema';
import { fastRows } from '../../lib/fast-rows';
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

/** The markers of the area at a zoom, the offers inside it, and those matching that have no position. */
export async function offerMap(db: TDb, query: TOfferMapQuery, now: Date): Promise<TOfferMap> {
  const { bbox, zoom } = query;
  const filters = offerFilterConditions(query, searchPoint(query), todayInItaly(now));
  const size = mapCellDegrees(zoom);
  const cell = cellSql(size);
  const area = wholeCells(bbox, size);
  const inside = sql`${offers.lat} between ${bbox.south}::float8 and ${bbox.north}::float8 and ${offers.lng} between ${bbox.west}::float8 and ${bbox.east}::float8`;
  const cellsQuery = db
    .select({
      x: cell.x,
      y: cell.y,
      count: sql<number>`count(*)::int`,
      inside: sql<number>`(count(*) filter (where ${inside}))::int`,
      lat: sql<number>`avg(${offers.lat})`,
      lng: sql<number>`avg(${offers.lng})`,
      minLat: sql<number>`min(${offers.lat})`,
      maxLat: sql<number>`max(${offers.lat})`,
      minLng: sql<number>`min(${offers.lng})`,
      maxLng: sql<number>`max(${offers.lng})`,
      // Read only for a place; a text, so that both drivers answer it alike.
      ids: sql<string>`array_to_string((array_agg(${offers.id} order by ${offers.createdAt}, ${offers.id}))[1:${sql.raw(String(LIMITS.mapPlaceMaxIds))}], ',')`,
      owner: sql<number>`min(${offers.ownerId})`,
      owners: sql<number>`count(distinct ${offers.ownerId})::int`,
    })
    .from(offers)
    .where(and(filters, between(offers.lat, area.south, area.north), between(offers.lng, area.west, area.east)))
    // By position in the select: the cell's expressions carry their own parameters there.
    .groupBy(sql`1, 2`);
  const withoutPositionQuery = db
    .select({ n: count() })
    .from(offers)
    .where(and(filters, or(isNull(offers.lat), isNull(offers.lng))));
  const [cells, withoutPosition] = await Promise.all([fastRows(cellsQuery), withoutPositionQuery]);

  const places = cells.filter((c) => c.minLat === c.maxLat && c.minLng === c.maxLng);
  const names = new Map<number, string>();
  if (places.length) {
    const owners = await db
      .select({ id: profiles.userId, name: profiles.denominazioneFarmacia })
      .from(profiles)
      .where(inArray(profiles.userId, [...new Set(places.map((p) => Number(p.owner)))]));
    for (const owner of owners) names.set(owner.id, owner.name);
  }

  let total = 0;
  const points: TOfferMapPoint[] = [];
  for (const c of cells) {
    total += c.inside;
    const isPlace = c.minLat === c.maxLat && c.minLng === c.maxLng;
    if (isPlace) {
      const lat = Number(c.minLat);
      const lng = Number(c.minLng);
      points.push({
        id: `p:${lat},${lng}`,
        lat,
        lng,
        count: c.count,
        offer_ids: c.ids.split(',').map(Number),
        label: UI_TEXT.mapPlaceLabel(names.get(Number(c.owner)) ?? '', c.owners - 1),
        expansion_zoom: null,
      });
    } else {
      const box = { minLat: Number(c.minLat), maxLat: Number(c.maxLat), minLng: Number(c.minLng), maxLng: Number(c.maxLng) };
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
