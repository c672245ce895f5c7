/** Imports the Ministry's registry file: checks the layout first, keeps active rows, upserts by cod_farmacia in one transaction. */
import { isInItaly, REGISTRY_MESSAGES } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pharmacies } from '../../db/schema';
import { parseDecimal, parseItalianDate, REGISTRY_COLUMNS, splitLine, type TRegistryRecord } from './registry-file';

export class RegistryFormatError extends Error {}

export interface TImportReport {
  read: number;
  imported: number;
  updated: number;
  skipped: number;
  skippedReasons: Record<string, number>;
  withoutCoordinates: number;
}

const BATCH = 500;

export const SKIP_REASONS = {
  notActive: REGISTRY_MESSAGES.skipNotActive,
  columns: REGISTRY_MESSAGES.skipColumns,
  missing: REGISTRY_MESSAGES.skipMissing,
  duplicate: REGISTRY_MESSAGES.skipDuplicate,
} as const;

/** Parses and checks the whole file before anything is written; throws RegistryFormatError for another layout. */
export function parseRegistry(content: string) {
  const text = content.replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const header = splitLine(lines[0] ?? '').map((h) => h.toLowerCase());
  const expected = REGISTRY_COLUMNS.join(';');
  if (header.join(';') !== expected) {
    const missing = REGISTRY_COLUMNS.filter((c) => !header.includes(c));
    throw new RegistryFormatError(REGISTRY_MESSAGES.wrongLayout(REGISTRY_COLUMNS.length, missing));
  }
  const skippedReasons: Record<string, number> = {};
  const skip = (reason: string) => {
    skippedReasons[reason] = (skippedReasons[reason] ?? 0) + 1;
  };
  const byCode = new Map<string, typeof pharmacies.$inferInsert>();
  let read = 0;
  let withoutCoordinates = 0;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line?.trim()) continue;
    read++;
    const fields = splitLine(line);
    if (fields.length !== REGISTRY_COLUMNS.length) {
      skip(SKIP_REASONS.columns);
      continue;
    }
    const r = Object.fromEntries(REGISTRY_COLUMNS.map((c, idx) => [c, fields[idx] ?? ''])) as TRegistryRecord;
    if (r.data_fine_validita && r.data_fine_validita !== '-') {
      skip(SKIP_REASONS.notActive);
      continue;
    }
    if (!r.cod_farmacia || !r.descrizione_farmacia) {
      skip(SKIP_REASONS.missing);
      continue;
    }
    let lat = parseDecimal(r.latitudine);
    let lng = parseDecimal(r.longitudine);
    if (lat == null || lng == null || !isInItaly(lat, lng)) {
      lat = null;
      lng = null;
      withoutCoordinates++;
    }
    if (byCode.has(r.cod_farmacia)) skip(SKIP_REASONS.duplicate);
    byCode.set(r.cod_farmacia, {
      codFarmacia: r.cod_farmacia,
      codFarmaciaAsl: r.cod_farmacia_asl,
      name: r.descrizione_farmacia,
      address: r.indirizzo,
      partitaIva: r.p_iva,
      cap: r.cap,
      codComune: r.cod_comune,
      comune: r.comune,
      frazione: r.frazione,
      siglaProvincia: r.sigla_provincia,
      provincia: r.provincia,
      regione: r.regione,
      tipologia: r.descrizione_tipologia,
      validFrom: parseItalianDate(r.data_inizio_validita),
      lat,
      lng,
      searchText: [r.descrizione_farmacia, r.indirizzo, r.comune, r.frazione, r.provincia, r.sigla_provincia]
        .join(' ')
        .toLowerCase(),
    });
  }
  return { rows: [...byCode.values()], read, skippedReasons, withoutCoordinates };
}

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
