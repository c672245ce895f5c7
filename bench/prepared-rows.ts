/**
 * What Drizzle's public prepared statements cost beside `preparedRows` (lib/prepared-rows.ts) on the hot reads, in
 * the same run (docs/decisions/085): each query built once with `sql.placeholder()`s and run with each call's values,
 * once through `preparedRows` and once as `select.prepare(name)` then `.execute(values)`, in turn, round after round.
 * On PGlite (in memory) and, unless --no-postgres, PostgreSQL. Prints a table of ms per call (median of the rounds);
 * asserts nothing.
 *
 *   npx tsx bench/prepared-rows.ts [--offers 1000] [--rounds 15] [--calls 20] [--no-postgres]
 *     [--url postgres://root@127.0.0.1:5432/farmaponte_bench_prepared]
 */
import { parseArgs } from 'node:util';
import { todayInItaly } from '@farmaponte/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../apps/api/src/db/client';
import { offers, profiles } from '../apps/api/src/db/schema';
import { createApplication, createOffer, createOwner, createPharmacist } from '../apps/api/src/factories';
import { preparedRows } from '../apps/api/src/lib/prepared-rows';
import { usersPageQueries } from '../apps/api/src/modules/admin';
import { historiesQuery, receivedApplicationsQuery } from '../apps/api/src/modules/hiring';
import { openOfferCondition, ownerOffersQuery, shownOfferColumns } from '../apps/api/src/modules/offers';
import { ratingsAndRecordsQuery, recordsWindow } from '../apps/api/src/modules/ratings';
import { onEachDatabase } from './database';

const { values: args } = parseArgs({
  options: {
    offers: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '15' },
    calls: { type: 'string', default: '20' },
    'no-postgres': { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_prepared' },
  },
});
const [offerCount, rounds, calls] = [Number(args.offers), Number(args.rounds), Number(args.calls)];
const p = sql.placeholder;

/** One owner with 30 offers and 40 applicants (10 applications each), and other owners' offers up to --offers open. */
async function seed(db: TDb) {
  const owner = await createOwner(db);
  const others = [await createOwner(db), await createOwner(db)];
  const own: number[] = [];
  for (let i = 0; i < 30; i++) own.push((await createOffer(db, owner.id, { title: `Turno ${i}`, hourlyPay: 20 + i })).id);
  for (let i = 30; i < offerCount; i++) await createOffer(db, (others[i % 2] as { id: number }).id, { title: `Turno ${i}` });
  const pharmacists: number[] = [];
  const applications: number[] = [];
  for (let i = 0; i < 40; i++) {
    const pharmacist = await createPharmacist(db);
    pharmacists.push(pharmacist.id);
    for (let j = 0; j < 10; j++)
      applications.push((await createApplication(db, own[(i + j) % own.length] as number, pharmacist.id)).id);
  }
  return { ownerId: owner.id, pharmacists: pharmacists.slice(0, 20), applications: applications.slice(0, 20) };
}

type TCase = {
  name: string;
  build: () => PromiseLike<unknown[]> & { prepare(name: string): TPublic };
  values: Record<string, unknown>;
};
type TPublic = { execute(values: Record<string, unknown>): Promise<unknown> };

function cases(db: TDb, seeded: Awaited<ReturnType<typeof seed>>): TCase[] {
  const today = todayInItaly(new Date());
  return [
    {
      // As listOpenOffers (modules/offers/service.ts) builds it.
      name: 'open_offers',
      build: () =>
        db
          .select(shownOfferColumns)
          .from(offers)
          .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
          .where(openOfferCondition(p('today')))
          .orderBy(sql`${offers.dateFrom} asc nulls last`, desc(offers.id)),
      values: { today },
    },
    {
      name: 'owner_offers',
      build: () => ownerOffersQuery(db, p('pharmacyIds'), p('today')),
      values: { pharmacyIds: [seeded.ownerId], today },
    },
    {
      name: 'received_page_all',
      build: () => receivedApplicationsQuery(db, p('pharmacyIds'), { limit: p('limit'), offset: p('offset') }),
      values: { pharmacyIds: [seeded.ownerId], limit: 20, offset: 0 },
    },
    { name: 'application_histories', build: () => historiesQuery(db, p('ids')), values: { ids: seeded.applications } },
    {
      name: 'users_page_all',
      build: () => usersPageQueries(db, { limit: p('limit'), offset: p('offset') }).page,
      values: { limit: 20, offset: 0 },
    },
    {
      name: 'ratings_and_records',
      build: () => ratingsAndRecordsQuery(db, { ids: p('ids'), today: p('today'), since: p('since'), sinceAt: p('sinceAt') }),
      values: { ids: seeded.pharmacists, ...recordsWindow(new Date()) },
    },
  ];
}

const median = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function perCall(call: () => Promise<unknown>) {
  const started = performance.now();
  for (let i = 0; i < calls; i++) await call();
  return (performance.now() - started) / calls;
}

async function measure(database: TDatabase) {
  const db = database.db;
  const rows: string[] = [];
  for (const { name, build, values } of cases(db, await seed(db))) {
    const statement = build().prepare(`bench_public_${name}`);
    const helper = () => preparedRows(db, `bench_helper_${name}`, build, values);
    const publicApi = () => statement.execute(values);
    const count = (await helper()).length;
    // Warm both (JIT, and on PostgreSQL the statement prepared on each pooled connection), then take turns.
    for (let i = 0; i < 30; i++) await Promise.all([helper(), publicApi()]);
    const ours: number[] = [];
    const theirs: number[] = [];
    for (let round = 0; round < rounds; round++) {
      ours.push(await perCall(helper));
      theirs.push(await perCall(publicApi));
    }
    const [a, b] = [median(ours), median(theirs)];
    rows.push(`| ${database.kind} | ${name} | ${count} | ${a.toFixed(3)} | ${b.toFixed(3)} | ${(b / a).toFixed(2)} |`);
  }
  return rows;
}

const rows = await onEachDatabase(measure, { postgres: !args['no-postgres'], url: args.url });

console.log(
  `${offerCount} open offers; median of ${rounds} rounds of ${calls} calls each, taking turns (${new Date().toISOString()}).`,
);
console.log('| database | query | rows | preparedRows ms | .prepare().execute() ms | ratio |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
