/**
 * The area the search map asks GET /api/offers/map/ about (docs/decisions/037). The first area of every search is
 * Italy with a wide margin, at the zoom the map opens with: it depends on no screen size, so the router asks for it
 * while the page's code downloads, it holds whatever the map shows when it opens (on any screen), and its answer is
 * what a new search is framed from. Then the map asks about what it shows (map-points.ts). Small: the router, in the
 * entry chunk, imports it.
 */
import { MAP_DEFAULT } from '@farmaponte/shared/limits';
import { searchFiltersQuery, type TSearchFilters } from './search-filters';

export interface TBounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** `bbox` as the API reads it: `west,south,east,north` in degrees; `zoom`: Leaflet's zoom, an integer 0–20. */
export interface TMapArea {
  bbox: string;
  zoom: number;
}

export const WORLD_BBOX = '-180,-90,180,90';
/**
 * Every Italian pharmacy and far beyond (Lisbon to the Caspian, the Sahara to Oslo): 2,048 px wide and ≈ 2,400 px
 * tall at zoom 6, within the server's MAP_GRID.maxSidePx.
 */
export const FIRST_BBOX = '-10,25,35,60';
/** The first question of every search. */
export const FIRST_AREA: TMapArea = { bbox: FIRST_BBOX, zoom: MAP_DEFAULT.zoom };

/** The query of GET /api/offers/map/: the search's filters (not its sort), then the area. */
export function mapAreaQuery(filters: TSearchFilters, area: TMapArea): string {
  const params = new URLSearchParams(searchFiltersQuery({ ...filters, sort: undefined }));
  params.set('bbox', area.bbox);
  params.set('zoom', String(area.zoom));
  return params.toString();
}
