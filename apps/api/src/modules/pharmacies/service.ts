/** The pharmacy registry's data: the admin's search and map points, and the import of the Ministry's file. */
import { LIMITS, type TImportReport, type TPharmacy, type TPharmacyPoint } from '@farmaponte/shared';
import { and, asc, isNotNull, like, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pharmacies } from '../../db/schema';
import { containsPattern } from '../../lib/sql';
import { parseRegistry } from './registry-file';

const BATCH = 500;

/** Registry pharmacies whose name, address, comune or province contains the text; at most LIMITS.searchMaxResults. */
export async function searchPharmacies(db: TDb, search: string): Promise<TPharmacy[]> {
  const text = search.toLowerCase();
  const rows = await db
    .select()
    .from(pharmacies)
    .where(text ? like(pharmacies.searchText, containsPattern(text)) : undefined)
    .orderBy(asc(pharmacies.name), asc(pharmacies.codFarmacia))
    .limit(LIMITS.searchMaxResults);
  return rows.map((p) => ({
    pharmacy_id: p.codFarmacia,
    pharmacy_name: p.name,
    address: p.address,
    comune: p.comune,
    cap: p.cap,
    provincia: p.provincia,
    regione: p.regione,
    phone: p.phone,
    lat: p.lat,
    lng: p.lng,
  }));
}

/** Every pharmacy with coordinates, compact for the map. */
export async function listPharmacyPoints(db: TDb): Promise<TPharmacyPoint[]> {
  const rows = await db
    .select({ id: pharmacies.codFarmacia, lat: pharmacies.lat, lng: pharmacies.lng, name: pharmacies.name })
    .from(pharmacies)
    .where(and(isNotNull(pharmacies.lat), isNotNull(pharmacies.lng)));
  return rows.map((r) => [r.id, r.lat ?? 0, r.lng ?? 0, r.name]);
}

/** Checks the layout first (RegistryFormatError, nothing written), keeps active rows, upserts by cod_farmacia in one transaction. */
export async function importRegistry(
  db: TDb,
  content: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<TImportReport> {
  const parsed = parseRegistry(content);
  let imported = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < parsed.rows.length; i += BATCH) {
      const batch = parsed.rows.slice(i, i + BATCH);
      const result = await tx
        .insert(pharmacies)
        .values(batch)
        .onConflictDoUpdate({
          target: pharmacies.codFarmacia,
          set: Object.fromEntries(
            Object.keys(batch[0] ?? {})
              .filter((k) => k !== 'codFarmacia')
              .map((k) => [k, sql.raw(`excluded."${toColumn(k)}"`)]),
          ),
        })
        // xmax = 0 only for rows this statement inserted.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of result) {
        if (row.inserted) imported++;
        else updated++;
      }
      onProgress(Math.min(i + BATCH, parsed.rows.length), parsed.rows.length);
      // PGlite answers without yielding to the event loop: give the progress stream a turn to reach the client.
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  // Fresh statistics, so the planner picks the trigram or name index well from the first search on.
  await db.execute(sql`analyze ${pharmacies}`);
  const skipped = Object.values(parsed.skippedReasons).reduce((a, b) => a + b, 0);
  return {
    read: parsed.read,
    imported,
    updated,
    skipped,
    skippedReasons: parsed.skippedReasons,
    withoutCoordinates: parsed.withoutCoordinates,
  };
}

function toColumn(key: string): string {
  const column = (pharmacies as unknown as Record<string, { name: string }>)[key];
  if (!column) throw new Error(`unknown column ${key}`);
  return column.name;
}
