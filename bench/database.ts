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

/** The rows worth asking for on a generated dataset (bench/generate.ts): its heaviest cases for the logged-in accounts. */
export interface TBenchIds {
  pharmacistId: number;
  ownerId: number;
  groupOwnerId: number;
  adminId: number;
  /** farmacista0's application with the longest thread (80 messages: two pages of 50). */
  longThreadApplicationId: number;
  /** titolare0's offer with the most invitations. */
  invitedOfferId: number;
  /** The user with the most published reviews (a pharmacy of a group). */
  reviewedUserId: number;
  /** The month of farmacista0's worked shifts with the most of them ({ year, month }). */
  shiftsMonth: { year: number; month: number };
}

/** Looks the heavy cases up in the dataset at `url`: ids depend on the generation, so they are read, not written down. */
export async function benchIds(url = DEFAULT_BENCH_URL): Promise<TBenchIds> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const one = async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows[0] ?? {};
    const idOf = async (email: string) => Number((await one('select id from users where email = $1', [email])).id ?? 0);
    const pharmacistId = await idOf(BENCH_ACCOUNTS.pharmacist);
    const ownerId = await idOf(BENCH_ACCOUNTS.owner);
    const thread = await one(
      `select a.id from applications a join messages m on m.application_id = a.id where a.farmacista_id = $1
       group by a.id order by count(*) desc, a.id limit 1`,
      [pharmacistId],
    );
    const invited = await one(
      `select o.id from offers o join invitations i on i.offer_id = o.id where o.owner_id = $1
       group by o.id order by count(*) desc, o.id limit 1`,
      [ownerId],
    );
    const reviewed = await one(
      `select subject_id as id from reviews where published_at is not null and hidden_at is null
       group by subject_id order by count(*) desc, subject_id limit 1`,
    );
    const month = await one(
      `select extract(year from o.date_from)::int as year, extract(month from o.date_from)::int as month
       from applications a join offers o on o.id = a.offer_id
       where a.farmacista_id = $1 and a.status = 'accepted' and o.date_from <= current_date
       group by 1, 2 order by count(*) desc, 1 desc, 2 desc limit 1`,
      [pharmacistId],
    );
    return {
      pharmacistId,
      ownerId,
      groupOwnerId: await idOf(BENCH_ACCOUNTS.groupOwner),
      adminId: await idOf(BENCH_ACCOUNTS.admin),
      longThreadApplicationId: Number(thread.id ?? 0),
      invitedOfferId: Number(invited.id ?? 0),
      reviewedUserId: Number(reviewed.id ?? 0),
      shiftsMonth: { year: Number(month.year ?? 0), month: Number(month.month ?? 0) },
    };
  } finally {
    await client.end();
  }
}
