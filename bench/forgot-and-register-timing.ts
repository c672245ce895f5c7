/**
 * How long forgot-password and registration take for an address that has an account and for one that has not
 * (decision 054: the answers are the same, and the time should tell nothing either). In-process app on the embedded
 * database and on PostgreSQL, mails filed under a temporary DATA_DIR (no relay); requests alternate known/unknown so
 * both see the same machine. Prints a table of medians and 90th percentiles; asserts nothing.
 *   npx tsx bench/forgot-and-register-timing.ts [--database-url postgres://…/farmaponte_bench_accounts] [--rounds 40]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, PGLITE_OPTIONS } from '../apps/api/src/db/client';
import { createPharmacist, pharmacistProfile } from '../apps/api/src/factories';
import { createBenchDatabase, dropBenchDatabase } from './database';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_accounts' },
    rounds: { type: 'string', default: '40' },
  },
});
const rounds = Number(values.rounds);

const quantile = (samples: number[], q: number) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

const rows: string[] = [];
for (const kind of ['pglite', 'postgres'] as const) {
  const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-timing-'));
  const url = kind === 'postgres' ? await createBenchDatabase(values['database-url']) : undefined;
  const database = url
    ? await openDatabase({ databaseUrl: url })
    : await openDatabase({ pglite: await PGlite.create(PGLITE_OPTIONS) });
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    AUTH_MAX_PER_IP: '1000000',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
    LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
  });
  const app = await buildApp(config, { database, jwtSecret: 'a-bench-secret-that-is-long-enough-for-hs256', logger: false });
  await app.ready();
  const known = await createPharmacist(database.db, { email: 'nota@bench.it' });
  const timed = async (payload: Record<string, unknown>, url: string) => {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url, payload });
    if (response.statusCode >= 300) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return performance.now() - started;
  };
  const registration = (username: string) => ({
    username,
    password: 'password-bench',
    profile: { ...pharmacistProfile(), userRole: 'farmacista', privacyPolicyConsent: true },
  });
  const samples = { forgotKnown: [] as number[], forgotUnknown: [] as number[], taken: [] as number[], fresh: [] as number[] };
  // A few of each first, not counted: the first requests compile and fill caches.
  for (let round = -5; round < rounds; round++) {
    const counted = round >= 0;
    const pairs: [number[], () => Promise<number>][] = [
      [samples.forgotKnown, () => timed({ email: known.email }, '/api/forgot-password/')],
      [samples.forgotUnknown, () => timed({ email: `nessuno${round + 10}@bench.it` }, '/api/forgot-password/')],
      [samples.taken, () => timed(registration(known.email), '/api/user/register/')],
      [samples.fresh, () => timed(registration(`nuova${round + 10}@bench.it`), '/api/user/register/')],
    ];
    for (const [into, run] of round % 2 === 0 ? pairs : [...pairs].reverse()) {
      const took = await run();
      if (counted) into.push(took);
    }
  }
  const line = (route: string, a: number[], b: number[]) =>
    `| ${kind} | ${route} | ${ms(quantile(a, 0.5))} / ${ms(quantile(a, 0.9))} | ${ms(quantile(b, 0.5))} / ${ms(quantile(b, 0.9))} |`;
  rows.push(line('forgot-password', samples.forgotKnown, samples.forgotUnknown));
  rows.push(line('register', samples.taken, samples.fresh));
  await app.close();
  await database.close();
  if (url) await dropBenchDatabase(url);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  `\n${rounds} requests of each kind, alternating; median / 90th percentile; load average ${loadavg()[0]?.toFixed(1)}\n`,
);
console.log('| database | route | address with an account | address without |');
console.log('| --- | --- | --- | --- |');
for (const row of rows) console.log(row);
