/** The health check's one query: the database answers. */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { rawRows } from '../../lib/raw-sql';

export async function pingDatabase(db: TDb): Promise<void> {
  // Raw: a select of no table, which no Drizzle builder writes.
  await rawRows(db, sql`select 1`);
}
