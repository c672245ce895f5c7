/** The pharmacy registry's data: the admin's search and map points, and the import of the Ministry's file. */
import {
  LIMITS,
  type TImportReport,
  type TPharmacy,
  type TPharmacyPoint,
  type TRegistryPharmacy as TPublicRegistryPharmacy,
} from '@farmaponte/shared';
import { and, asc, eq, getTableColumns, isNotNull, like, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { pharmacies } from '../../db/schema';
import { rawRows } from '../../lib/raw-sql';
import { containsPattern, prefixPattern } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { checkRegistryLayout, decodeRegistryFile, parseRegistry, type TRegistryPharmacy } from './registry-file';

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

/** What anyone may read of a registry row: the Ministry's open data, less the VAT number (which an owner must know). */
const PUBLIC_COLUMNS = {
  cod_farmacia: pharmacies.codFarmacia,
  name: pharmacies.name,
  address: pharmacies.address,
  frazione: pharmacies.frazione,
  cap: pharmacies.cap,
  comune: pharmacies.comune,
  provincia: pharmacies.siglaProvincia,
};

/** A code as people type it: letters and digits only (the Ministry's are digits), so it can be matched as a prefix. */
const CODE_LIKE = /^[0-9A-Za-z-]+$/;

/**
 * The owner's lookup (decision 048): the registry rows whose code is the text or starts with it, or whose name,
 * address, comune, frazione or province contains it (the search_text trigram index). The exact code first, then codes
 * by prefix, then names that contain the text, then the pharmacies of the comune so named, then of comuni whose name
 * starts with it, then the rest (an address, a frazione, a province): so 'Roma' gives Roma's pharmacies before those in
 * a Via Roma elsewhere. By name within each. At most LIMITS.pharmacyLookupMaxResults. The registry keeps only the
 * pharmacies open in the last import (009).
 */
export async function lookupPharmacies(db: TDb, q: string): Promise<TPublicRegistryPharmacy[]> {
  const text = q.trim();
  const lower = text.toLowerCase();
  const byText = like(pharmacies.searchText, containsPattern(lower));
  const codePrefix = prefixPattern(text);
  const matches = CODE_LIKE.test(text) ? or(like(pharmacies.codFarmacia, codePrefix), byText) : byText;
  return db
    .select(PUBLIC_COLUMNS)
    .from(pharmacies)
    .where(matches)
    .orderBy(
      sql`case
        when ${pharmacies.codFarmacia} = ${text} then 0
        when ${pharmacies.codFarmacia} like ${codePrefix} then 1
        when lower(${pharmacies.name}) like ${containsPattern(lower)} then 2
        when lower(${pharmacies.comune}) = ${lower} then 3
        when lower(${pharmacies.comune}) like ${prefixPattern(lower)} then 4
        else 5 end`,
      asc(pharmacies.name),
      asc(pharmacies.codFarmacia),
    )
    .limit(LIMITS.pharmacyLookupMaxResults);
}

/** The registry row an owner names by its code, with what registration copies from it; undefined when unknown. */
export async function findRegistryPharmacy(db: TDb, code: string) {
  const [row] = await db
    .select({
      codFarmacia: pharmacies.codFarmacia,
      name: pharmacies.name,
      address: pharmacies.address,
      frazione: pharmacies.frazione,
      comune: pharmacies.comune,
      siglaProvincia: pharmacies.siglaProvincia,
      partitaIva: pharmacies.partitaIva,
    })
    .from(pharmacies)
    .where(eq(pharmacies.codFarmacia, code));
  return row;
}

/** Every pharmacy with coordinates, compact for the map. */
export async function listPharmacyPoints(db: TDb): Promise<TPharmacyPoint[]> {
  const rows = await db
    .select({ id: pharmacies.codFarmacia, lat: pharmacies.lat, lng: pharmacies.lng, name: pharmacies.name })
    .from(pharmacies)
    .where(and(isNotNull(pharmacies.lat), isNotNull(pharmacies.lng)));
  return rows.map((r) => [r.id, r.lat ?? 0, r.lng ?? 0, r.name]);
}

export interface TImportOptions {
  onProgress?: (done: number, total: number) => void;
  /**
   * true (the default): one transaction, all or nothing. false: each batch commits by itself, for the server on the
   * embedded database, where PGlite has one connection and a transaction would hold every other request (even the
   * health check) for the whole import: 20 s for 100,000 rows. What was saved stays; the same file completes it.
   */
  atomic?: boolean;
  /** Stops the import before the next batch (the client went away, the server is shutting down); a transaction rolls back. */
  signal?: AbortSignal;
  /**
   * Who imports, for the audit log (registry.import with the counts, docs/decisions/061): the admin of the request, or
   * the command line. Atomic: written in the import's transaction. Batch by batch: in the transaction of the last
   * batch, or on its own when the import stops after some batches were saved (with `complete: false`).
   */
  audit?: { actor: TAuditActor; now: Date };
}

/** Rows per statement: about 10 ms of PGlite's time, so other requests get a turn between two of them. */
const BATCH = 100;

/** The columns an import writes, in the table's own names. */
const IMPORTED = (
  [
    'codFarmacia',
    'codFarmaciaAsl',
    'name',
    'address',
    'partitaIva',
    'cap',
    'codComune',
    'comune',
    'frazione',
    'siglaProvincia',
    'provincia',
    'regione',
    'tipologia',
    'validFrom',
    'lat',
    'lng',
    'searchText',
  ] as const satisfies readonly (keyof TRegistryPharmacy)[]
).map((key) => ({ key, column: getTableColumns(pharmacies)[key].name }));

/**
 * Upserts one batch by cod_farmacia; counts inserted rows (xmax = 0 only for rows this statement inserted). The rows
 * travel as one JSON parameter: Drizzle's VALUES list has 17 parameters a row, which PGlite serializes one at a time
 * (a 500-row batch took 250 ms of the main thread, this takes a tenth of it).
 */
async function upsertBatch(db: TDb, batch: TRegistryPharmacy[]): Promise<{ inserted: number; updated: number }> {
  const json = JSON.stringify(
    batch.map((row) => Object.fromEntries(IMPORTED.map(({ key, column }) => [column, row[key] ?? null]))),
  );
  const columns = sql.join(
    IMPORTED.map(({ column }) => sql.identifier(column)),
    sql`, `,
  );
  const updates = sql.join(
    IMPORTED.filter(({ key }) => key !== 'codFarmacia').map(
      ({ column }) => sql`${sql.identifier(column)} = excluded.${sql.identifier(column)}`,
    ),
    sql`, `,
  );
  // Raw SQL (lib/raw-sql.ts): Drizzle's VALUES list is the slow path said above, and its insert-from-select names every
  // column of the table, where the import writes 17 of them.
  const rows = await rawRows<{ inserted: boolean }>(
    db,
    sql`
    insert into ${pharmacies} (${columns})
    select ${columns} from jsonb_populate_recordset(null::${pharmacies}, ${json}::jsonb)
    on conflict (cod_farmacia) do update set ${updates}
    returning (xmax = 0) as inserted`,
  );
  const inserted = rows.filter((row) => row.inserted).length;
  return { inserted, updated: rows.length - inserted };
}

/**
 * Reads the file's encoding, checks the layout (RegistryFormatError, nothing written), skips faulty rows with their
 * row numbers, keeps active rows, and upserts them by cod_farmacia in batches that leave the event loop free.
 */
export async function importRegistry(
  db: TDb,
  content: Uint8Array | string,
  { onProgress = () => {}, atomic = true, signal, audit }: TImportOptions = {},
): Promise<TImportReport> {
  const { text, encoding } = decodeRegistryFile(typeof content === 'string' ? Buffer.from(content) : content);
  checkRegistryLayout(text);
  const parsed = await parseRegistry(text);
  const skipped = Object.values(parsed.skippedReasons).reduce((a, b) => a + b, 0);
  let imported = 0;
  let updated = 0;
  // A small pending list for the trigram index: merging a large one is a single long statement that holds PGlite.
  // Raw: a setting, not a query (lib/raw-sql.ts).
  const smallIndexBacklog = (tx: TDb) => rawRows(tx, sql`set local gin_pending_list_limit = 128`);
  const writeBatch = async (target: TDb, batch: TRegistryPharmacy[]) => {
    const counts = await upsertBatch(target, batch);
    imported += counts.inserted;
    updated += counts.updated;
  };
  const writeAll = async (write: (batch: TRegistryPharmacy[]) => Promise<void>) => {
    for (let i = 0; i < parsed.rows.length; i += BATCH) {
      signal?.throwIfAborted();
      await write(parsed.rows.slice(i, i + BATCH));
      onProgress(Math.min(i + BATCH, parsed.rows.length), parsed.rows.length);
      // PGlite answers without yielding to the event loop: give other requests and the progress stream a turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const record = async (target: TDb, complete: boolean) => {
    if (!audit) return;
    const details = { read: parsed.read, imported, updated, skipped, complete };
    await recordAdminAction(target, audit.actor, { action: 'registry.import', targetType: 'registry', details }, audit.now);
  };
  const last = Math.max(0, Math.ceil(parsed.rows.length / BATCH) - 1);
  // The registry and the audit log: writes on two tables, in writeTransaction. A try PostgreSQL ended and
  // writeTransaction runs again counts its rows once: the counts go back to where that try began.
  if (atomic)
    await writeTransaction(db, async (tx) => {
      imported = 0;
      updated = 0;
      await smallIndexBacklog(tx);
      await writeAll((batch) => writeBatch(tx, batch));
      await record(tx, true);
    });
  else {
    let batches = 0;
    try {
      await writeAll((batch) => {
        const [index, importedBefore, updatedBefore] = [batches++, imported, updated];
        return writeTransaction(db, async (tx) => {
          imported = importedBefore;
          updated = updatedBefore;
          await smallIndexBacklog(tx);
          await writeBatch(tx, batch);
          if (index === last) await record(tx, true);
        });
      });
      if (parsed.rows.length === 0) await record(db, true);
    } catch (error) {
      // What was saved stays: its entry says so.
      if (imported + updated > 0) await record(db, false).catch(() => {});
      throw error;
    }
  }
  // Fresh statistics, so the planner picks the trigram or name index well from the first search on. A small sample
  // keeps it short (it holds PGlite like any statement): a registry has one row per pharmacy, no skew to find. A plain
  // transaction, only to scope the `set local`: it writes no row, so no lock to order and nothing to try again.
  await db.transaction(async (tx) => {
    await rawRows(tx as unknown as TDb, sql`set local default_statistics_target = 10`);
    await rawRows(tx as unknown as TDb, sql`analyze ${pharmacies}`);
  });
  return {
    read: parsed.read,
    imported,
    updated,
    skipped,
    skippedReasons: parsed.skippedReasons,
    withoutCoordinates: parsed.withoutCoordinates,
    encoding,
    badRows: parsed.badRows,
    badRowCount: parsed.badRowCount,
  };
}
