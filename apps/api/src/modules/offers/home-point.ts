/**
 * Where a pharmacist's trip starts when her search names no place (decision 094): the centre of the comune of her
 * profile, read with the search (one row by its key), so a change of her comune shows in her next search.
 */
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { profiles } from '../../db/schema';
import { findComune } from '../geo';

export async function homePointOf(db: TDb, userId: number): Promise<{ lat: number; lng: number } | undefined> {
  const [row] = await db
    .select({ comune: profiles.comune, province: profiles.provinciaResidenza })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row?.comune) return undefined;
  const comune = findComune(row.comune, row.province || undefined) ?? findComune(row.comune);
  return comune ? { lat: comune.lat, lng: comune.lng } : undefined;
}
