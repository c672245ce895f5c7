/**
 * The offer map (GET /api/offers/map/, docs/decisions/037) timed on the benchmark datasets, on PostgreSQL and on a
 * PGlite copy of the same offers: ms per map at zoom 5 (Italy), 8 (a region) and 13 (a city), with and without
 * filters, through the API's own offerMap (query parsing, both queries, the names of the places). Then EXPLAIN
 * (ANALYZE) of the cell query at zoom 5 and 13 on PostgreSQL. Prints a table and saves it in bench/results/map.md.
 *   npx tsx bench/map.ts [--database-url postgres://…/farmaponte_bench …] [--runs 30] [--no-pglite] [--no-explain]
 * Build the datasets first: `npx tsx bench/generate.ts --scale 1` (5,000 open offers) and `--scale 4 --database-url
 * …` (20,000).
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import {
  daysFromNow,
  latitudeOfMercatorY,
  MAP_GRID,
  mercatorY,
  type TOfferMapQueryInput,
  todayInItaly,
  ZOfferMapQuerySchema,
} from '@farmaponte/shared';
import { count, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase, PGLITE_OPTIONS, type TDatabase, type TDb } from '../apps/api/src/db/client';
import { offers, profiles, users } from '../apps/api/src/db/schema';
import { listOpenOffers, offerMap, offerMapQueries, openOfferCondition } from '../apps/api/src/modules/offers';
import { DEFAULT_BENCH_URL } from './database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', multiple: true },
    runs: { type: 'string', default: '30' },
    'no-pglite': { type: 'boolean', default: false },
    'no-explain': { type: 'boolean', default: false },
  },
});
const urls = values['database-url'] ?? [DEFAULT_BENCH_URL];
const runs = Number(values.runs);

/** A desktop map of 1280 × 800 px centred on a point at a zoom, as Leaflet's getBounds() gives it. */
function viewport(center: { lat: number; lng: number }, zoom: number, width = 1280, height = 800): string {
  const degreesPerPx = 360 / (MAP_GRID.tilePx * 2 ** zoom);
  const halfWidth = (width / 2) * degreesPerPx;
  const halfHeight = (height / 2) * degreesPerPx;
  const y = mercatorY(center.lat);
  const round = (n: number) => Math.round(n * 1e5) / 1e5;
  return [
    round(Math.max(-180, center.lng - halfWidth)),
    round(latitudeOfMercatorY(y - halfHeight)),
    round(Math.min(180, center.lng + halfWidth)),
    round(latitudeOfMercatorY(y + halfHeight)),
  ].join(',');
}

const CASES: { name: string; query: TOfferMapQueryInput }[] = [
  { name: 'zoom 5, Italy', query: { bbox: viewport({ lat: 41.9, lng: 12.5 }, 5), zoom: 5 } },
  { name: 'zoom 8, Lombardia', query: { bbox: viewport({ lat: 45.6, lng: 9.6 }, 8), zoom: 8 } },
  { name: 'zoom 13, Milano', query: { bbox: viewport({ lat: 45.4642, lng: 9.19 }, 13), zoom: 13 } },
];
const FILTERS: Partial<TOfferMapQueryInput> = { from: daysFromNow(0), to: daysFromNow(30), min_pay: 18 };

/** An in-memory PGlite with the owners, their profiles and the offers of a PostgreSQL dataset. */
async function pgliteCopy(source: TDb): Promise<TDatabase> {
  const client = await PGlite.create(PGLITE_OPTIONS);
  const copy = await openDatabase({ pglite: client });
  await copy.migrate();
  const ownerIds = (await source.selectDistinct({ id: offers.ownerId }).from(offers)).map((row) => row.id);
  for (let i = 0; i < ownerIds.length; i += 1000) {
    const batch = ownerIds.slice(i, i + 1000);
    await copy.db.insert(users).values(await source.select().from(users).where(inArray(users.id, batch)));
    await copy.db.insert(profiles).values(await source.select().from(profiles).where(inArray(profiles.userId, batch)));
  }
  const rows = await source.select().from(offers);
  for (let i = 0; i < rows.length; i += 1000) await copy.db.insert(offers).values(rows.slice(i, i + 1000));
  await copy.db.execute(sql`analyze`);
  return copy;
}

/** Min, median and 95th percentile ms of `run` over the runs, after 3 to warm up. */
async function timed(run: () => Promise<unknown>, times = runs) {
  for (let i = 0; i < 3; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await run();
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  const at = (q: number) => (ms[Math.min(ms.length - 1, Math.floor(q * ms.length))] as number).toFixed(1);
  return { min: at(0), median: at(0.5), p95: at(0.95) };
}

async function timeMap(db: TDb, query: TOfferMapQueryInput) {
  const answer = await offerMap(db, ZOfferMapQuerySchema.parse(query), new Date());
  const ms = await timed(() => offerMap(db, ZOfferMapQuerySchema.parse(query), new Date()));
  return { ...ms, points: answer.points.length, count: answer.count, bytes: JSON.stringify(answer).length };
}

/** What the page read before: every open offer, as the open-offer cache builds it (its rows, before writing them). */
async function timeWholeList(db: TDb) {
  const rows = await listOpenOffers(db, new Date());
  const ms = await timed(() => listOpenOffers(db, new Date()), Math.min(runs, 5));
  return { ...ms, points: rows.length, count: rows.length, bytes: JSON.stringify(rows).length };
}

const table: Record<string, unknown>[] = [];
for (const url of urls) {
  const postgres = await openDatabase({ databaseUrl: url });
  const [open] = await postgres.db
    .select({ n: count() })
    .from(offers)
    .where(openOfferCondition(todayInItaly(new Date())));
  const databases: [string, TDatabase][] = [['postgres', postgres]];
  if (!values['no-pglite']) databases.push(['pglite', await pgliteCopy(postgres.db)]);
  for (const [kind, database] of databases) {
    for (const { name, query } of CASES)
      for (const [filtered, q] of [
        ['no', query],
        ['yes', { ...query, ...FILTERS }],
      ] as const) {
        const result = await timeMap(database.db, q);
        table.push({ 'open offers': open?.n, database: kind, map: name, filters: filtered, ...result });
        console.log(JSON.stringify(table.at(-1)));
      }
    const before = await timeWholeList(database.db);
    table.push({ 'open offers': open?.n, database: kind, map: 'before: every open offer', filters: 'no', ...before });
    console.log(JSON.stringify(table.at(-1)));
  }

  if (!values['no-explain']) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const { name, query } of [CASES[0], CASES[2]] as (typeof CASES)[number][]) {
      const { cells } = offerMapQueries(ZOfferMapQuerySchema.parse(query), new Date());
      const { sql: text, params } = new PgDialect().sqlToQuery(cells);
      const plan = await client.query(`explain (analyze, buffers, costs off) ${text}`, params);
      console.log(`\n## ${url.split('/').at(-1)}: cells of the ${name} map\n`);
      console.log(plan.rows.map((row: Record<string, string>) => row['QUERY PLAN']).join('\n'));
    }
    await client.end();
  }
  for (const [, database] of databases) await database.close();
}
const heading =
  `GET /api/offers/map/ through offerMap: ms per map, ${runs} runs each after 3 to warm up, a desktop viewport of ` +
  `1280 × 800 px, filters ${JSON.stringify(FILTERS)}; 2 cores, load average ${loadavg()[0]?.toFixed(1)} at the end ` +
  `(${new Date().toISOString().slice(0, 10)}). On a shared machine the minimum is the steadiest figure of the cost itself.`;
const columns = Object.keys(table[0] ?? {});
const markdown = [
  heading,
  '',
  `| ${columns.join(' | ')} |`,
  `| ${columns.map(() => '---').join(' | ')} |`,
  ...table.map((row) => `| ${columns.map((column) => String(row[column])).join(' | ')} |`),
].join('\n');
writeFileSync(new URL('./results/map.md', import.meta.url), `${markdown}\n`);
console.log(`\n${heading}`);
console.table(table);
