/**
 * How long the group report and its monthly statement take for an organisation of 300 pharmacies (decision 091): a
 * year of shifts (10 one-day offers a pharmacy a month, one in five wanting two pharmacists, four in five places taken
 * by the pharmacy's three regulars, one worked day in twenty corrected), then the report of a month and of the whole year, and the group's statement of
 * a month as CSV and as PDF, each run --rounds times after a warm-up. On PGlite (in memory) and, unless
 * --no-postgres, PostgreSQL. Prints a table of the median and the slowest run in ms and the median CPU time of this
 * process (all of PGlite's work; on PostgreSQL the server's is not in it) with the load average; asserts nothing.
 *
 *   npx tsx bench/group-report.ts [--pharmacies 300] [--rounds 7] [--no-postgres]
 *     [--url postgres://root@127.0.0.1:5432/farmaponte_bench_group]
 */
import { availableParallelism, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import type { TDatabase, TDb } from '../apps/api/src/db/client';
import { applications, offers, organisationPharmacies, workedHours } from '../apps/api/src/db/schema';
import { createOwner, createPharmacist, ownerProfile } from '../apps/api/src/factories';
import { rawRows } from '../apps/api/src/lib/raw-sql';
import { createAccount } from '../apps/api/src/modules/account';
import {
  buildGroupStatementPdf,
  groupReport,
  monthStatement,
  reportScope,
  statementCsv,
} from '../apps/api/src/modules/group-report';
import { onEachDatabase } from './database';

const { values: args } = parseArgs({
  options: {
    pharmacies: { type: 'string', default: '300' },
    pharmacists: { type: 'string', default: '120' },
    rounds: { type: 'string', default: '7' },
    'no-postgres': { type: 'boolean', default: false },
    url: { type: 'string', default: 'postgres://root@127.0.0.1:5432/farmaponte_bench_group' },
  },
});
const [pharmacyCount, pharmacistCount, rounds] = [Number(args.pharmacies), Number(args.pharmacists), Number(args.rounds)];
/** The day the figures are counted on: the year's days have all come but the last ten. */
const NOW = new Date('2030-12-20T10:00:00Z');
const BATCH = 1000;

async function inBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The organisation: its titolare's pharmacy and the others added to it, the pharmacists, a year of shifts. */
async function seed(db: TDb) {
  const titolare = await createOwner(db, { profile: ownerProfile({ denominazione_farmacia: 'Farmacia 000' }) });
  const [membership] = await db
    .select({ organisationId: organisationPharmacies.organisationId })
    .from(organisationPharmacies)
    .where(eq(organisationPharmacies.pharmacyId, titolare.id));
  const organisationId = membership?.organisationId as number;
  const pharmacies = [titolare.id];
  for (let i = 1; i < pharmacyCount; i++) {
    const name = `Farmacia ${String(i).padStart(3, '0')}`;
    const added = await createAccount(db, {
      email: `farmacia-${i}@bench.farmaponte.it`,
      password: '',
      role: 'titolare',
      profile: ownerProfile({ denominazione_farmacia: name }),
      verified: true,
      organisationId,
    });
    pharmacies.push(added.id);
  }
  const pharmacists: number[] = [];
  for (let i = 0; i < pharmacistCount; i++)
    pharmacists.push((await createPharmacist(db, { profile: { name: `Nome${i}`, surname: `Cognome${i}` } })).id);

  const offerRows: (typeof offers.$inferInsert)[] = [];
  pharmacies.forEach((ownerId, p) => {
    for (let month = 1; month <= 12; month++)
      for (let k = 0; k < 10; k++) {
        const day = `2030-${String(month).padStart(2, '0')}-${String(1 + ((p + k * 3) % 28)).padStart(2, '0')}`;
        const morning = (p + k) % 2 === 0;
        offerRows.push({
          ownerId,
          title: morning ? 'Turno del mattino' : 'Turno del pomeriggio',
          description: 'Banco e dispensazione.',
          dateFrom: day,
          dateTo: day,
          positions: k % 5 === 0 ? 2 : 1,
          hourlyPay: 18 + (p % 8),
          startTime: morning ? '08:00' : '14:00',
          endTime: morning ? '14:00' : '20:00',
        });
      }
  });
  const offerIds: { id: number; positions: number; date: string }[] = [];
  await inBatches(offerRows, async (batch) => {
    const inserted = await db
      .insert(offers)
      .values(batch)
      .returning({ id: offers.id, positions: offers.positions, date: offers.dateFrom });
    offerIds.push(...inserted.map((row) => ({ ...row, date: row.date as string })));
  });

  // Four in five places taken, each by one of the pharmacy's three regular pharmacists (a pharmacist is a regular of
  // a few pharmacies).
  const applicationRows: (typeof applications.$inferInsert)[] = [];
  offerIds.forEach((offer, index) => {
    const pharmacy = Math.floor(index / 120);
    for (let place = 0; place < offer.positions; place++)
      if ((index + place) % 5 !== 4)
        applicationRows.push({
          offerId: offer.id,
          farmacistaId: pharmacists[(pharmacy * 3 + ((index + place) % 3)) % pharmacists.length] as number,
          status: 'accepted',
        });
  });
  const accepted: { id: number; offerId: number }[] = [];
  await inBatches(applicationRows, async (batch) => {
    accepted.push(
      ...(await db.insert(applications).values(batch).returning({ id: applications.id, offerId: applications.offerId })),
    );
  });
  const taken = new Map<number, number>();
  for (const row of accepted) taken.set(row.offerId, (taken.get(row.offerId) ?? 0) + 1);
  for (const [offerId, count] of taken) await db.update(offers).set({ acceptedCount: count }).where(eq(offers.id, offerId));
  const dateOf = new Map(offerIds.map((offer) => [offer.id, offer.date]));
  const corrections = accepted
    .filter((_, index) => index % 20 === 0)
    .map((row) => ({ applicationId: row.id, day: dateOf.get(row.offerId) as string, startTime: '08:30', endTime: '15:15' }));
  await inBatches(corrections, (batch) => db.insert(workedHours).values(batch));
  // As the database's own statistics would be after a year of use (autovacuum analyses a table that grew).
  await rawRows(db, sql`analyze`);
  return { titolare: titolare.id, organisationId, offers: offerIds.length, accepted: accepted.length };
}

const percentile = (xs: number[], share: number) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) * share)] as number;

/** Wall time and this process's CPU time of each run: on a loaded machine the CPU time moves less (PGlite's work is in it). */
async function timed(run: () => Promise<string>) {
  await run();
  const times: number[] = [];
  const cpu: number[] = [];
  let size = '';
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    size = await run();
    const used = process.cpuUsage(cpuBefore);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  return { median: percentile(times, 0.5), slowest: Math.max(...times), cpu: percentile(cpu, 0.5), size };
}

async function measure(database: TDatabase) {
  const db = database.db;
  const seedStarted = performance.now();
  const seeded = await seed(db);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const scope = () => reportScope(db, seeded.titolare, seeded.organisationId);
  const december = { year: 2030, month: 12 };
  const cases: [string, () => Promise<string>][] = [
    [
      'report, December',
      async () => {
        const report = await groupReport(db, await scope(), { from: '2030-12-01', to: '2030-12-31' }, NOW);
        return `${report.totals.shifts.shifts} places, ${report.totals.worked.days} days`;
      },
    ],
    [
      'report, the year 2030',
      async () => {
        const report = await groupReport(db, await scope(), { from: '2030-01-01', to: '2030-12-31' }, NOW);
        return `${report.totals.shifts.shifts} places, ${report.totals.worked.days} days`;
      },
    ],
    [
      'statement CSV, group, November',
      async () => {
        const csv = statementCsv(await monthStatement(db, await scope(), undefined, { year: 2030, month: 11 }, NOW));
        return `${csv.split('\r\n').length - 2} rows, ${Math.round(csv.length / 1024)} KB`;
      },
    ],
    [
      'statement PDF, group, November',
      async () => {
        const pdf = await buildGroupStatementPdf(
          await monthStatement(db, await scope(), undefined, { year: 2030, month: 11 }, NOW),
          NOW,
        );
        return `${Math.round(pdf.byteLength / 1024)} KB`;
      },
    ],
    [
      'statement PDF, one pharmacy, December',
      async () => {
        const pdf = await buildGroupStatementPdf(await monthStatement(db, await scope(), seeded.titolare, december, NOW), NOW);
        return `${Math.round(pdf.byteLength / 1024)} KB`;
      },
    ],
  ];
  const rows = [
    `| ${database.kind} | seed: ${seeded.offers} offers, ${seeded.accepted} accepted | | ${seedSeconds.toFixed(1)} s | | |`,
  ];
  for (const [name, run] of cases) {
    const { median, slowest, cpu, size } = await timed(run);
    rows.push(`| ${database.kind} | ${name} | ${size} | ${median.toFixed(0)} | ${slowest.toFixed(0)} | ${cpu.toFixed(0)} |`);
  }
  return rows;
}

const rows = await onEachDatabase(measure, { postgres: !args['no-postgres'], url: args.url });

console.log(
  `${pharmacyCount} pharmacies, ${pharmacistCount} pharmacists; median and slowest of ${rounds} runs after one (${new Date().toISOString()}).`,
);
console.log(
  `Load average at the end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(', ')} on ${availableParallelism()} cores.`,
);
console.log('| database | what | size | median ms | slowest ms | median CPU ms (this process) |');
console.log('| --- | --- | --- | ---: | ---: | ---: |');
for (const row of rows) console.log(row);
