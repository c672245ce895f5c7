/** Small helpers for the SQL of every feature's service. */
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

const EARTH_RADIUS_KM = 6371;
const KM_PER_DEGREE_LATITUDE = 111.2;

/** Great-circle kilometres (haversine) from a point to the (lat, lng) of each row, in SQL; null where they are null. */
export function distanceKmSql(lat: AnyColumn, lng: AnyColumn, point: { lat: number; lng: number }): SQL<number | null> {
  return sql<number | null>`(${EARTH_RADIUS_KM} * 2 * asin(least(1, sqrt(
    power(sin(radians(${lat} - ${point.lat}::float8) / 2), 2)
    + cos(radians(${point.lat}::float8)) * cos(radians(${lat})) * power(sin(radians(${lng} - ${point.lng}::float8) / 2), 2)
  ))))`;
}

/**
 * The box of latitudes and longitudes that holds every place within `radiusKm` of the point: a (lat, lng) index finds
 * the rows inside it, then the exact distance (distanceKmSql) decides (the offer search, the owners' search).
 */
export function boxAround(point: { lat: number; lng: number }, radiusKm: number) {
  const latSpan = radiusKm / KM_PER_DEGREE_LATITUDE;
  const cosLat = Math.cos((point.lat * Math.PI) / 180);
  const lngSpan = cosLat > 0.01 ? latSpan / cosLat : 360;
  return {
    minLat: point.lat - latSpan,
    maxLat: point.lat + latSpan,
    minLng: point.lng - lngSpan,
    maxLng: point.lng + lngSpan,
  };
}

/** The user's own %, _ and backslash taken literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%text%` for LIKE/ILIKE with the user's own % and _ taken literally (search_text columns are lower-case: pass lower-case text). */
export function containsPattern(text: string): string {
  return `%${likeLiteral(text)}%`;
}

/** `text%` for LIKE/ILIKE (what starts with the text), with the user's own % and _ taken literally. */
export function prefixPattern(text: string): string {
  return `${likeLiteral(text)}%`;
}

/** A PostgreSQL unique-index violation (23505), from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23505';
}

/** A PostgreSQL foreign-key violation (23503): the row referred to was deleted meanwhile. */
export function isForeignKeyViolation(error: unknown): boolean {
  return postgresErrorCode(error) === '23503';
}

/**
 * Runs a write that refers to a row another request may delete meanwhile (the user's own account, an offer): the
 * foreign-key violation of that race becomes `gone()` (a 401 or 404), never a 500.
 */
export async function unlessParentGone<T>(write: () => Promise<T>, gone: () => Error): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw gone();
    throw error;
  }
}

function postgresErrorCode(error: unknown): string | undefined {
  const e = error as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code ?? e?.cause?.code;
}
