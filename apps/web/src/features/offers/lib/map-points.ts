/**
 * The map's side of the search map (docs/decisions/037): the visible bounds snapped outward to a grid of one 256-pixel
 * tile at the map's zoom, so that small pans ask the same question (and find it cached); a new search's frame; the
 * markers' names.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { SEARCH_TEXT } from '@farmaponte/shared/ui-text-search';
import { type TBounds, type TMapArea, WORLD_BBOX } from './map-area';

export const MAX_MAP_ZOOM = 20;
/** The server groups offers in cells of about this many screen pixels. */
export const CELL_PX = 60;

/** Degrees of longitude one 256-pixel tile spans at `zoom`. */
const tileDegrees = (zoom: number) => 360 / 2 ** zoom;
/** Six decimals (≈ 10 cm), no trailing zeros: one area, one URL. */
const degrees = (value: number) => String(Number(value.toFixed(6)));
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** The area to ask about for what the map shows: its bounds grown to whole tiles, within the world. */
export function snapArea(bounds: TBounds, zoom: number): TMapArea {
  const z = clamp(Math.round(zoom), 0, MAX_MAP_ZOOM);
  const step = tileDegrees(z);
  const west = clamp(Math.floor(bounds.west / step) * step, -180, 180);
  const east = clamp(Math.ceil(bounds.east / step) * step, -180, 180);
  const south = clamp(Math.floor(bounds.south / step) * step, -90, 90);
  const north = clamp(Math.ceil(bounds.north / step) * step, -90, 90);
  // A view wider than the world (zoomed far out, or across the date line) asks about all of it.
  if (!(west < east) || !(south < north)) return { bbox: WORLD_BBOX, zoom: z };
  return { bbox: [west, south, east, north].map(degrees).join(','), zoom: z };
}

/** A point of the map's answer, as far as framing and naming it go. */
export interface TAreaPoint {
  lat: number;
  lng: number;
  count: number;
  /** Empty for a cluster of several places. */
  offer_ids: readonly number[];
  label: string | null;
}

export const isPlace = (point: Pick<TAreaPoint, 'offer_ids'>) => point.offer_ids.length > 0;

/**
 * What a new search's map is framed to: every point of its first answer (asked at `zoom`), a cluster grown by half a
 * cell each way since its offers lie around its centre; null when nothing has a position.
 */
export function framingBounds(points: readonly TAreaPoint[], zoom: number): TBounds | null {
  if (!points.length) return null;
  const half = ((CELL_PX / 2) * tileDegrees(zoom)) / 256;
  const bounds = { west: 180, south: 90, east: -180, north: -90 };
  for (const point of points) {
    const pad = isPlace(point) ? 0 : half;
    bounds.west = Math.min(bounds.west, point.lng - pad);
    bounds.east = Math.max(bounds.east, point.lng + pad);
    bounds.south = Math.min(bounds.south, point.lat - pad);
    bounds.north = Math.max(bounds.north, point.lat + pad);
  }
  return {
    west: clamp(bounds.west, -180, 180),
    east: clamp(bounds.east, -180, 180),
    south: clamp(bounds.south, -85, 85),
    north: clamp(bounds.north, -85, 85),
  };
}

/** A marker's name for screen readers and its tooltip: the pharmacy (and how many offers), or the cluster's count. */
export function pointLabel(point: Pick<TAreaPoint, 'count' | 'offer_ids' | 'label'>): string {
  if (!isPlace(point)) return SEARCH_TEXT.mapClusterLabel(point.count);
  const name = point.label ?? UI_TEXT.offersAtPharmacy(point.count);
  return point.count > 1 ? `${name} (${UI_TEXT.offersAtPharmacy(point.count)})` : name;
}

/** Two positions are the same place (a pharmacy's marker and the row chosen in the list). */
export const samePosition = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.abs(a.lat - b.lat) < 1e-6 && Math.abs(a.lng - b.lng) < 1e-6;
