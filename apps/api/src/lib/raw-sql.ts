/**
 * The one path for SQL that no Drizzle builder writes (docs/architecture.md "One way to do each thing", decision 088).
 * Plain Drizzle is the rule and `preparedRows` its one exception for hot reads; a statement comes here only when
 * Drizzle cannot say it, and says why above it. Today there are three kinds:
 * - the map's cells (offers/map.ts): a CTE `as materialized`, regrouped twice and joined to itself;
 * - the registry import's upsert (pharmacies/service.ts): a batch sent as one jsonb parameter and spread by
 *   `jsonb_populate_recordset` (decision 021), answering `xmax = 0` to tell an insert from an update;
 * - commands that are not queries: `set local` and `analyze` of the registry import, the group report's `set local jit
 *   = off` (group-report/service.ts), the health check's `select 1`.
 * A statement whose SQL text is built from the request's own words is never written here: values go in as parameters
 * (the `sql` template), identifiers through `sql.identifier`.
 */
import type { SQL } from 'drizzle-orm';
import type { TDb } from '../db/client';

/** The rows of a raw statement, from either driver (node-postgres and PGlite both answer `{ rows }`); none for a command. */
export async function rawRows<T>(db: TDb, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows?: T[] }).rows ?? [];
}
