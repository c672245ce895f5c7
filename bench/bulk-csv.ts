/**
 * How long a CSV of shifts takes to check and to publish (decision 090; the goal: 500 rows in under 5 s): the real
 * route, POST /api/offers/bulk/csv/, on an in-process app, on the embedded database and, unless --no-postgres, on
 * PostgreSQL. An organisation of ten pharmacies, files of 100, 500 and 1,000 rows spread over them (every column
 * filled, dates in GG/MM/AAAA); each file checked (?check_only=true), then published, then its offers closed so the
 * next round starts from none open. Prints a table of medians over the rounds; asserts nothing.
 *
 *   npx tsx bench/bulk-csv.ts [--rounds 3] [--sizes 100,500,1000] [--no-postgres]
 *     [--url postgres://root@127.0.0.1:5432/farmaponte_bench_bulk]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { daysFromNow, formatDate } from '@farmaponte/shared';
import { isNull } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, PGLITE_OPTIONS } from '../apps/api/src/db/client';
import { offers } from '../apps/api/src/db/schema';
import { createOwner } from '../apps/api/src/factories';
import { addPharmacy, organisationOf } from '../apps/api/test/organisation-members';
import { createBenchDatabase, dropBenchDatabase } from './database';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    sizes: { type: 'string', default: '100,500,1000' },
    'no-postgres': { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_bulk' },
  },
});
const rounds = Number(args.rounds);
const sizes = (args.sizes ?? '').split(',').map(Number);
const PHARMACIES = 10;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? Number.NaN;

/** A file of `rows` shifts over the pharmacies (by id), round-robin, on the days after tomorrow. */
function csvOf(rows: number, pharmacyIds: number[]): string {
  const lines = ['farmacia;data;inizio;fine;paga_oraria;posti;titolo;descrizione'];
  for (let i = 0; i < rows; i++) {
    const day = formatDate(daysFromNow(2 + Math.floor(i / pharmacyIds.length)));
    const pay = `${18 + (i % 5)},50`;
    lines.push(
      `${pharmacyIds[i % pharmacyIds.length]};${day};09:00;13:00;${pay};1;Turno del mattino ${i + 1};"Banco, ricette; cassa"`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const table: string[] = [];
for (const kind of args['no-postgres'] ? (['pglite'] as const) : (['pglite', 'postgres'] as const)) {
  const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-bulk-'));
  const url = kind === 'postgres' ? await createBenchDatabase(args.url) : undefined;
  const database = url
    ? await openDatabase({ databaseUrl: url })
    : await openDatabase({ pglite: await PGlite.create(PGLITE_OPTIONS) });
  await database.migrate();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent' });
  const app = await buildApp(config, { database, jwtSecret: 'a-bench-secret-that-is-long-enough-for-hs256', logger: false });
  await app.ready();
  const owner = await createOwner(database.db);
  const organisation = await organisationOf(database.db, owner.id);
  const pharmacyIds = [owner.id];
  for (let i = 1; i < PHARMACIES; i++) pharmacyIds.push(await addPharmacy(database.db, organisation, { name: `Farmacia ${i}` }));
  const login = await app.inject({
    method: 'POST',
    url: '/api/token/',
    payload: { username: owner.email, password: owner.password },
  });
  const headers = { authorization: `Bearer ${login.json().access}`, 'content-type': 'text/csv; charset=utf-8' };

  const timed = async (csv: string, query: string, status: number) => {
    const started = performance.now();
    const response = await app.inject({ method: 'POST', url: `/api/offers/bulk/csv/${query}`, headers, payload: csv });
    const took = performance.now() - started;
    if (response.statusCode !== status) throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`);
    return took;
  };
  // One small file first, not counted: the first request compiles the route's code and fills the caches.
  await timed(csvOf(10, pharmacyIds), '?check_only=true', 200);
  for (const rows of sizes) {
    const csv = csvOf(rows, pharmacyIds);
    const check: number[] = [];
    const publish: number[] = [];
    for (let round = 0; round < rounds; round++) {
      check.push(await timed(csv, '?check_only=true', 200));
      publish.push(await timed(csv, '', 201));
      await database.db.update(offers).set({ closedAt: new Date() }).where(isNull(offers.closedAt));
    }
    const kb = (Buffer.byteLength(csv) / 1024).toFixed(0);
    table.push(`| ${kind} | ${rows} | ${kb} KB | ${median(check).toFixed(0)} | ${median(publish).toFixed(0)} |`);
  }
  await app.close();
  await database.close();
  if (url) await dropBenchDatabase(url);
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`POST /api/offers/bulk/csv/, median of ${rounds} rounds (ms), ${PHARMACIES} pharmacies of one organisation`);
console.log('| database | rows | file | check ms | publish ms |');
console.log('| --- | --- | --- | --- | --- |');
for (const line of table) console.log(line);
