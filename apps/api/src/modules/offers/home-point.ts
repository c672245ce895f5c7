/**
 * Where a pharmacist's trip starts when her search names no place (decision 094): the centre of the comune of her
 * profile. Read once a minute per person and kept in the process: a search is a hot read, and a travel estimate shown
 * as "circa" may lag a profile change by that minute.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { profiles } from '../../db/schema';
import { findComune } from '../geo';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
type TPoint = { lat: number; lng: number };
type TKnown = Map<number, { at: number; point: TPoint | undefined }>;
/** Per database object, as the prepared statements are: each test app has its own, with its own users. */
const byDatabase = new WeakMap<object, TKnown>();

export async function homePointOf(db: TDb, userId: number, now: Date): Promise<TPoint | undefined> {
  let known = byDatabase.get(db);
  if (!known) {
    known = new Map();
    byDatabase.set(db, known);
  }
  const hit = known.get(userId);
  if (hit && now.getTime() - hit.at < TTL_MS) return hit.point;
  const [row] = await db
    .select({ comune: profiles.comune, province: profiles.provinciaResidenza })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  const comune = row?.comune ? (findComune(row.comune, row.province || undefined) ?? findComune(row.comune)) : undefined;
  const point = comune ? { lat: comune.lat, lng: comune.lng } : undefined;
  if (known.size >= MAX_ENTRIES) known.clear();
  known.set(userId, { at: now.getTime(), point });
  return point;
}
