/**
 * What the job runner adds to each run (docs/decisions/038), on PGlite (in memory) and PostgreSQL: a job that does
 * nothing, plain and exclusive (the job_runs upsert; the advisory lock on a connection of its own), and an idle
 * mail-outbox round (nothing due: the claim, then the upsert) beside the claim alone (an idle round before the runner).
 * Prints a table; asserts nothing.
 *
 *   npx tsx bench/jobs.ts [--runs 500] [--url postgres://root@127.0.0.1:5432/farmaponte_bench_jobs]
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { openDatabase, PGLITE_OPTIONS, type TDatabase } from '../apps/api/src/db/client';
import { createJobRunner, type TJob } from '../apps/api/src/modules/jobs';
import { claimDueMails, createMailer, outboxJob } from '../apps/api/src/modules/mail';
import { createBenchDatabase, dropBenchDatabase } from './database';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '500' },
    url: { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_jobs' },
  },
});
const runs = Number(values.runs);
const silent = { warn() {}, error() {}, info() {} };

async function perCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 20; i++) await call();
  const started = performance.now();
  for (let i = 0; i < runs; i++) await call();
  return (performance.now() - started) / runs;
}

async function measure(database: TDatabase, job: TJob<unknown>): Promise<number> {
  const runner = createJobRunner({ db: database.db, now: () => new Date(), log: silent, jobs: [job] });
  const perRun = await perCall(() => runner.run(job));
  await runner.stop();
  return perRun;
}

const pglite = await openDatabase({ pglite: await PGlite.create(PGLITE_OPTIONS) });
await pglite.migrate();
const postgres = await openDatabase({ databaseUrl: await createBenchDatabase(values.url) });
await postgres.migrate();

const rows: string[] = [];
for (const database of [pglite, postgres]) {
  const mailer = createMailer({ from: 'Bench <bench@example.it>', dataDir: '/nonexistent', log: silent as never });
  const cases: [string, TJob<unknown>][] = [
    ['a job that does nothing', { name: 'noop', every: 60, exclusive: false, run: async () => {} }],
    ['the same, exclusive', { name: 'noop-exclusive', every: 60, exclusive: true, run: async () => {} }],
    ['mail-outbox, nothing due', outboxJob({ db: database.db, mailer })],
  ];
  for (const [what, job] of cases)
    rows.push(`| ${database.kind} | ${what} | ${runs} | ${(await measure(database, job)).toFixed(3)} |`);
  const claim = await perCall(() => claimDueMails(database.db, new Date()));
  rows.push(`| ${database.kind} | the claim alone (an idle outbox round before the runner) | ${runs} | ${claim.toFixed(3)} |`);
}
await pglite.close();
await postgres.close();
await dropBenchDatabase(values.url);

console.log('| database | job | runs | ms per run |');
console.log('| --- | --- | ---: | ---: |');
for (const row of rows) console.log(row);
