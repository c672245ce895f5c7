/**
 * EXPLAIN (ANALYZE, BUFFERS) of the list endpoints' slow SQL on the benchmark dataset, built by the API's own query
 * builders: the received-applications page and the owner's offers with their application counts (docs/decisions/029),
 * for one pharmacy (--owner) and for the whole group of a large organisation's titolare (--group, `X-Farmacia: tutte`,
 * decision 092). Then the received-applications page, the offers and the histories as the API runs them, prepared
 * statements (docs/decisions/036), for the largest owner, a small one and the group: each statement executed 6 times
 * with those values (PostgreSQL considers a generic plan from the sixth execution), then explained, with the custom and
 * generic plans it made so far, and the same statement's plan forced generic and forced custom for comparison.
 *   npx tsx bench/explain.ts [--database-url …] [--owner titolare0@bench.farmaponte.it] [--small-owner <e-mail>]
 *     [--group gruppo0@bench.farmaponte.it]
 * Without --small-owner, the owner with the fewest applications (at least one) is taken.
 */
import { parseArgs } from 'node:util';
import { LIMITS, todayInItaly } from '@farmaponte/shared';
import { eq, fillPlaceholders, sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { users } from '../apps/api/src/db/schema';
import { historiesQuery, receivedApplicationsQuery, receivedPageFilter } from '../apps/api/src/modules/hiring';
import { ownerOffersQuery } from '../apps/api/src/modules/offers';
import { createOwnerScopes } from '../apps/api/src/modules/organisations';
import { BENCH_ACCOUNTS, DEFAULT_BENCH_URL } from './database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
    owner: { type: 'string', default: BENCH_ACCOUNTS.owner },
    'small-owner': { type: 'string' },
    group: { type: 'string', default: BENCH_ACCOUNTS.groupOwner },
  },
});
const database = await openDatabase({ databaseUrl: values['database-url'] });
const db = database.db;
const client = new pg.Client({ connectionString: values['database-url'] });
await client.connect();
const ownerId = async (email: string) => {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!owner) throw new Error(`no user ${email}`);
  return owner.id;
};
const smallest = async () => {
  const { rows } = await client.query(
    'select o.owner_id as id from offers o join applications a on a.offer_id = o.id group by 1 order by count(*), 1 limit 1',
  );
  return Number(rows[0].id);
};
const owner = { id: await ownerId(values.owner) };
// Every pharmacy the group's titolare reaches, as the guard resolves `X-Farmacia: tutte`.
const groupScope = await createOwnerScopes(db, () => new Date()).resolve(await ownerId(values.group), 'all');
const group = groupScope?.groupPharmacyIds ?? [];
if (!group.length) throw new Error(`${values.group} reaches no pharmacy`);
const firstPage = receivedPageFilter({ page: 1, page_size: LIMITS.receivedApplicationsPageSize });
const page = await receivedApplicationsQuery(db, [owner.id], firstPage);
const today = todayInItaly(new Date());
const queries = {
  'GET /api/titolare/candidatures/ (page 1)': receivedApplicationsQuery(db, [owner.id], firstPage),
  'its histories': historiesQuery(
    db,
    page.map((row) => row.id),
  ),
  'GET /api/offers/mine/': ownerOffersQuery(db, [owner.id], today),
  [`GET /api/titolare/candidatures/ (page 1), X-Farmacia: tutte (${group.length} pharmacies)`]: receivedApplicationsQuery(
    db,
    group,
    firstPage,
  ),
  [`GET /api/offers/mine/, X-Farmacia: tutte (${group.length} pharmacies)`]: ownerOffersQuery(db, group, today),
};
const planOf = (rows: Record<string, string>[]) => rows.map((row) => row['QUERY PLAN']).join('\n');
for (const [name, query] of Object.entries(queries)) {
  const { sql: text, params } = query.toSQL();
  const plan = await client.query(`explain (analyze, buffers, costs off) ${text}`, params);
  console.log(`\n## ${name}\n\n${text}\n`);
  console.log(planOf(plan.rows));
}

// The prepared statements, as the API and the floor run them.
const p = sql.placeholder;
const statements = {
  received_page: receivedApplicationsQuery(db, p('pharmacyIds'), { limit: p('limit'), offset: p('offset') }).toSQL(),
  owner_offers: ownerOffersQuery(db, p('pharmacyIds'), p('today')).toSQL(),
  application_histories: historiesQuery(db, p('ids')).toSQL(),
};
/** `EXECUTE name(…)`'s arguments: the values as literals (an array as PostgreSQL's array literal). */
const literals = (params: unknown[], named: Record<string, unknown>) =>
  fillPlaceholders(params, named)
    .map((value) => client.escapeLiteral(Array.isArray(value) ? `{${value.join(',')}}` : String(value)))
    .join(', ');
const cases: [string, number[]][] = [
  ['largest owner', [owner.id]],
  ['small owner', [values['small-owner'] ? await ownerId(values['small-owner']) : await smallest()]],
  [`the group of ${values.group}`, group],
];
for (const [label, pharmacyIds] of cases) {
  const rows = await receivedApplicationsQuery(db, pharmacyIds, firstPage);
  const ids = rows.map((row) => row.id);
  const named = { pharmacyIds, today, limit: firstPage.limit, offset: firstPage.offset, ids };
  const who = pharmacyIds.length === 1 ? `user ${pharmacyIds[0]}` : `${pharmacyIds.length} pharmacies`;
  console.log(`\n# Prepared, ${label} (${who}, ${rows[0]?.total ?? 0} applications)`);
  for (const [name, { sql: text, params }] of Object.entries(statements)) {
    await client.query(`prepare ${name} as ${text}`);
    const execute = `execute ${name}(${literals(params, named)})`;
    for (let i = 0; i < 6; i++) await client.query(execute);
    const plan = await client.query(`explain (analyze, buffers, costs off) ${execute}`);
    const [counts] = (
      await client.query('select generic_plans, custom_plans from pg_prepared_statements where name = $1', [name])
    ).rows;
    console.log(`\n## ${name} after 6 executions (plans so far: ${JSON.stringify(counts)})\n`);
    console.log(planOf(plan.rows));
    for (const mode of ['force_generic_plan', 'force_custom_plan']) {
      await client.query(`set plan_cache_mode = ${mode}`);
      const forced = await client.query(`explain (analyze, costs off) ${execute}`);
      console.log(`\n### ${name}, ${mode}\n`);
      console.log(planOf(forced.rows));
    }
    await client.query('reset plan_cache_mode');
    await client.query(`deallocate ${name}`);
  }
}
await client.end();
await database.close();
