import pg from 'pg';

export const DEFAULT_BENCH_URL = 'postgres://root@127.0.0.1:5432/farmaponte_bench';
export const BENCH_ACCOUNTS = {
  admin: 'admin@bench.farmaponte.it',
  owner: 'titolare0@bench.farmaponte.it',
  pharmacist: 'farmacista0@bench.farmaponte.it',
} as const;

/** Drops and recreates the benchmark database; returns its URL. */
export async function createBenchDatabase(url = DEFAULT_BENCH_URL): Promise<string> {
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return url;
}
