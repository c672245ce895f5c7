import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, PGLITE_OPTIONS, type TDatabase } from '../apps/api/src/db/client';

export const DEFAULT_BENCH_URL = 'postgres://root@127.0.0.1:5432/farmaponte_bench';
/** The dataset four times over (20,000 open offers): `npx tsx bench/generate.ts --scale 4 --database-url …` this URL. */
export const BENCH_URL_SCALE_4 = 'postgres://root@127.0.0.1:5432/farmaponte_bench_4';
export const BENCH_ACCOUNTS = {
  admin: 'admin@bench.farmaponte.it',
  owner: 'titolare0@bench.farmaponte.it',
  /** The titolare of the dataset's largest organisation (300 pharmacies, decision 092). */
  groupOwner: 'gruppo0@bench.farmaponte.it',
  pharmacist: 'farmacista0@bench.farmaponte.it',
} as const;
/** Every offer of the dataset has one of these titles: the browser benchmarks recognise the list's rows by them. */
export const BENCH_OFFER_TITLES = [
  'Turno domenicale',
  'Sostituzione ferie',
  'Farmacista collaboratore',
  'Turno notturno',
  'Part-time mattina',
] as const;

/** Runs DROP (and CREATE when asked) of the database named in url, from the server's postgres database. */
async function resetDatabase(url: string, create: boolean) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  if (create) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
}

/** Drops and recreates the benchmark database; returns its URL. */
export async function createBenchDatabase(url = DEFAULT_BENCH_URL): Promise<string> {
  await resetDatabase(url, true);
  return url;
}

/** Drops a benchmark database a script made for itself. */
export const dropBenchDatabase = (url: string) => resetDatabase(url, false);

/**
 * `measure` on a fresh migrated PGlite in memory, then (unless `postgres` is false) on a fresh PostgreSQL database at
 * `url`, dropped after: each answers its table rows, returned together.
 */
export async function onEachDatabase(
  measure: (database: TDatabase) => Promise<string[]>,
  { postgres, url }: { postgres: boolean; url: string },
): Promise<string[]> {
  const rows: string[] = [];
  const pglite = await openDatabase({ pglite: await PGlite.create(PGLITE_OPTIONS) });
  await pglite.migrate();
  rows.push(...(await measure(pglite)));
  await pglite.close();
  if (postgres) {
    const database = await openDatabase({ databaseUrl: await createBenchDatabase(url) });
    await database.migrate();
    rows.push(...(await measure(database)));
    await database.close();
    await dropBenchDatabase(url);
  }
  return rows;
}
