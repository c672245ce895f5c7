/** The health check's one query: the database answers. */
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';

export async function pingDatabase(db: TDb): Promise<void> {
  await db.execute(sql`select 1`);
}
