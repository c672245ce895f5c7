/**
 * EXPLAIN (ANALYZE, BUFFERS) of the list endpoints' slow SQL on the benchmark dataset, built by the API's own query
 * builders: the received-applications page and the owner's offers with their application counts (docs/decisions/029).
 *   npx tsx bench/explain.ts [--database-url …] [--owner titolare0@bench.farmaponte.it]
 */
import { parseArgs } from 'node:util';
import { LIMITS, todayInItaly } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema';
import { historiesQuery, receivedApplicationsQuery } from '../apps/api/src/modules/applications/service';
import { ownerOffersQuery } from '../apps/api/src/modules/offers/service';
import { BENCH_ACCOUNTS, DEFAULT_BENCH_URL } from './database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
    owner: { type: 'string', default: BENCH_ACCOUNTS.owner },
  },
});
const database = await openDatabase({ databaseUrl: values['database-url'] });
const db = database.db;
const client = new pg.Client({ connectionString: values['database-url'] });
await client.connect();
const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, values.owner));
if (!owner) throw new Error(`no user ${values.owner}`);
const page = await receivedApplicationsQuery(db, owner.id, { page: 1, page_size: LIMITS.receivedApplicationsPageSize });
const queries = {
  'GET /api/titolare/candidatures/ (page 1)': receivedApplicationsQuery(db, owner.id, {
    page: 1,
    page_size: LIMITS.receivedApplicationsPageSize,
  }),
  'its histories': historiesQuery(
    db,
    page.map((row) => row.id),
  ),
  'GET /api/offers/mine/': ownerOffersQuery(db, owner.id, todayInItaly(new Date())),
};
for (const [name, query] of Object.entries(queries)) {
  const { sql, params } = query.toSQL();
  const plan = await client.query(`explain (analyze, buffers, costs off) ${sql}`, params);
  console.log(`\n## ${name}\n\n${sql}\n`);
  console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
}
await client.end();
await database.close();
