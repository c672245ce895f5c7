/**
 * The grid the offer map is clustered on (GET /api/offers/map/, docs/decisions/037): square cells of about
 * MAP_GRID.cellPx screen pixels in Web Mercator, the projection of Leaflet's tiles (256 px, zoom 0 = the world in one
 * tile). Longitudes are cut in equal degrees; latitudes in equal steps of Mercator y, written in "degrees" (y × 180/π)
 * so one cell has the same side in both, and it is as tall on screen as it is wide at every latitude.
 */
export const MAP_GRID = {
  /** The side of a cell on screen. */
  cellPx: 60,
  tilePx: 256,
  minZoom: 0,
  maxZoom: 20,
  /** Mercator's y is infinite at the poles: latitudes are clamped where the tiles end. */
  maxLatitude: 85.05112878,
  /** The widest and tallest area one request may ask, in screen pixels at its zoom (a big screen is ≈ 4,000 px wide). */
  maxSidePx: 8192,
} as const;

/** A cell's side in degrees of longitude (and of Mercator y) at a zoom: 60 × 360 / (256 × 2^zoom). */
export function mapCellDegrees(zoom: number): number {
  return (MAP_GRID.cellPx * 360) / (MAP_GRID.tilePx * 2 ** zoom);
}

/** A latitude's Mercator y, in degrees (equal to the latitude at the equator, growing faster towards the poles). */
export function mercatorY(lat: number): number {
  const clamped = Math.max(-MAP_GRID.maxLatitude, Math.min(MAP_GRID.maxLatitude, lat));
  return (Math.log(Math.tan(Math.PI / 4 + (clamped * Math.PI) / 360)) * 180) / Math.PI;
}

/** The latitude of a Mercator y in degrees (mercatorY's inverse). */
export function latitudeOfMercatorY(y: number): number {
  return (Math.atan(Math.sinh((y * Math.PI) / 180)) * 180) / Math.PI;
}

/** How many screen pixels a span of degrees of longitude (or of Mercator y) takes at a zoom. */
export function mapPixels(degrees: number, zoom: number): number {
  return (degrees * MAP_GRID.tilePx * 2 ** zoom) / 360;
}
