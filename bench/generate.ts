/**
 * Builds the benchmark dataset (docs/rules.md#performance) in PostgreSQL. Scale 1: 2,000 organisations, each with its
 * titolare (a login): 20 groups of 50–300 pharmacies (`gruppo0` holds 300), the others of 1–3 (`titolare0` one, with
 * 50 offers), ≈ 6,200 pharmacies in all (decision 092); 20,000 pharmacists, 5,000 open offers (+ 1,000 that have
 * ended, each with 3 accepted shifts reviewed by both sides, some no-shows and late cancellations) spread evenly over
 * the pharmacies, 100,000 applications (each with the first step of its history), 20,000 registry pharmacies; 1,000
 * offers of the last five weeks with 1–3 shifts each (this month's shifts, hours to answer, reviews still to write;
 * titolare0 12 of them, gruppo0's pharmacies 24, farmacista0 working ≈ 17, and ≈ 25 of the ended ones); then the life a
 * year on the platform leaves (bench/generate-life.ts): application steps, pharmacists' verifications (≈ 300 pending),
 * availability for 70% of them over the next 90 days, invitations on two open offers in five, a thread on every shift
 * and on one application in eight, negotiations, corrected and answered hours, parking expenses, invoices issued by the
 * product, reports (≈ 450 open), notifications (tens a pharmacist, about half read) and ≈ 250,000 audit entries.
 * bench/database.ts benchIds() looks up the heavy cases (farmacista0's longest thread, titolare0's most invited offer,
 * the most reviewed user); bench/dataset-check.ts asks each hot GET once against a server on the dataset.
 *   npx tsx bench/generate.ts [--scale 1] [--database-url postgres://root@127.0.0.1:5432/farmaponte_bench]
 * Scale 4 (20,000 open offers, for bench/web.ts --offers 20000) goes into its own database, about 3 minutes:
 *   npx tsx bench/generate.ts --scale 4 --database-url postgres://root@127.0.0.1:5432/farmaponte_bench_4
 * Profiles come from the same builders as the tests and the demo seed; passwords share one hash (hashing
 * 22,000 of them would take minutes and measures nothing).
 */
import { parseArgs } from 'node:util';
import { daysFromNow } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import {
  applicationEvents,
  applications,
  offers,
  organisationMembers,
  organisationPharmacies,
  organisations,
  profiles,
  reliabilityEvents,
  reviews,
  users,
  verifications,
} from '../apps/api/src/db/schema';
import { DEFAULT_PASSWORD, ownerProfile, pharmacistProfile } from '../apps/api/src/factories';
import { hashPassword } from '../apps/api/src/lib/passwords';
import { mulberry32 } from '../apps/api/src/lib/seeded-random';
import { toProfileColumns } from '../apps/api/src/modules/account';
import { allComuni } from '../apps/api/src/modules/geo';
import { fillOfferPay, placeOffers } from '../apps/api/src/modules/offers';
import { importRegistry, sampleRegistryCsv } from '../apps/api/src/modules/pharmacies';
import { BENCH_ACCOUNTS, BENCH_OFFER_TITLES, createBenchDatabase } from './database';
import { addLife } from './generate-life';
import { PROVINCES_WITH_REGION } from './places';

const { values } = parseArgs({ options: { scale: { type: 'string', default: '1' }, 'database-url': { type: 'string' } } });
const scale = Number(values.scale);
const counts = {
  /** Organisations, each with its titolare (a login, whose own pharmacy is the organisation's first). */
  owners: Math.round(2_000 * scale),
  /** Of them, the groups of 50–300 pharmacies; the others have 1–3. */
  groups: Math.round(20 * scale),
  pharmacists: Math.round(20_000 * scale),
  openOffers: Math.round(5_000 * scale),
  closedOffers: Math.round(1_000 * scale),
  /** Offers of the last five weeks (some ending tomorrow): this month's shifts, hours to answer, reviews to write. */
  recentOffers: Math.round(1_000 * scale),
  applications: Math.round(100_000 * scale),
  pharmacies: Math.round(20_000 * scale),
};

const url = await createBenchDatabase(values['database-url']);
const database = await openDatabase({ databaseUrl: url });
await database.migrate();
const db = database.db;
const started = Date.now();
const passwordHash = await hashPassword(DEFAULT_PASSWORD);
const comuni = allComuni();
const random = mulberry32(42);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>, size = 1000) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function createUsers(
  role: 'titolare' | 'farmacista' | 'admin',
  n: number,
  emailOf: (i: number) => string,
  profileOf: (i: number) => Record<string, unknown>,
  { login = true } = {},
) {
  const ids: number[] = [];
  await insertInBatches(
    Array.from({ length: n }, (_, i) => i),
    async (batch) => {
      // Confirmed addresses: an unconfirmed one does not log in (decision 054), and the benchmarks log in. A pharmacy
      // added to an organisation has no login: an empty hash never verifies, and its address (confirmed as the
      // organisation adds it) cannot receive mail (decision 089).
      const created = await db
        .insert(users)
        .values(
          batch.map((i) => ({ email: emailOf(i), passwordHash: login ? passwordHash : '', role, emailVerifiedAt: new Date() })),
        )
        .returning({ id: users.id });
      await db.insert(profiles).values(created.map((u, k) => ({ ...toProfileColumns(profileOf(batch[k] ?? 0)), userId: u.id })));
      ids.push(...created.map((u) => u.id));
    },
  );
  return ids;
}

const adminIds = await createUsers(
  'admin',
  1,
  () => BENCH_ACCOUNTS.admin,
  () => ({ name: 'Amministratore', surname: 'Bench' }),
);
/** An owner's profile: the pharmacy in a comune picked at random, named after it. */
const pharmacyProfile = (name: string, denominazione: (comune: string) => string) => {
  const comune = pick(comuni);
  const province = PROVINCES_WITH_REGION.get(comune.sigla);
  return ownerProfile({
    name,
    regione_residenza: province?.region ?? '',
    provincia_residenza: comune.sigla,
    comune: comune.nome,
    comune_farmacia: comune.nome,
    denominazione_farmacia: denominazione(comune.nome),
  });
};
// The organisations' sizes: the groups last (`gruppo0` the largest, 300), the others 1 (70%), 2 (20%) or 3 pharmacies.
const singles = counts.owners - counts.groups;
const sizes = Array.from({ length: counts.owners }, (_, i) => {
  if (i === 0) return 1;
  if (i < singles) {
    const r = random();
    return r < 0.7 ? 1 : r < 0.9 ? 2 : 3;
  }
  const k = i - singles;
  return k === 0 ? 300 : 50 + Math.round((250 * (k - 1)) / Math.max(1, counts.groups - 2));
});
const ownerIds = await createUsers(
  'titolare',
  counts.owners,
  (i) =>
    i === 0
      ? BENCH_ACCOUNTS.owner
      : i < singles
        ? `titolare${i}@bench.farmaponte.it`
        : `gruppo${i - singles}@bench.farmaponte.it`,
  (i) => pharmacyProfile(`Titolare${i}`, (comune) => `Farmacia ${comune} ${i}`),
);
// Each organisation's other pharmacies: owner accounts without a login, as an organisation adds them.
const organisationOf: number[] = sizes.flatMap((size, i) => Array.from({ length: size - 1 }, () => i));
const addedIds = await createUsers(
  'titolare',
  organisationOf.length,
  (n) => `farmacia-${n}@farmacie.invalid`,
  (n) => pharmacyProfile(`Direttore${n}`, (comune) => `Farmacia ${comune} ${organisationOf[n]}-${n}`),
  { login: false },
);
const pharmacyIds = [...ownerIds, ...addedIds];
const organisationIds: number[] = [];
await insertInBatches(ownerIds, async (batch) => {
  const rows = batch.map((_, k) => ({ name: `Gruppo ${organisationIds.length + k}` }));
  organisationIds.push(...(await db.insert(organisations).values(rows).returning({ id: organisations.id })).map((o) => o.id));
});
const organisationIdOf = (i: number) => organisationIds[i] ?? 0;
// Set-based: each pharmacy's organisation, each organisation's titolare, and every pharmacy verified by the admin.
const pharmacyOrganisations = [...ownerIds.map((_, i) => organisationIdOf(i)), ...organisationOf.map(organisationIdOf)];
await db.execute(sql`
  insert into ${organisationPharmacies} (pharmacy_id, organisation_id)
  select * from unnest(${sql.param(pharmacyIds)}::int[], ${sql.param(pharmacyOrganisations)}::int[])`);
await db.execute(sql`
  insert into ${organisationMembers} (organisation_id, user_id, role)
  select *, 'titolare' from unnest(${sql.param(organisationIds)}::int[], ${sql.param(ownerIds)}::int[])`);
await db.execute(sql`
  insert into ${verifications} (user_id, status, decided_at) select id, 'verified', now() from ${users} where role = 'titolare'`);
const pharmacistIds = await createUsers(
  'farmacista',
  counts.pharmacists,
  (i) => (i === 0 ? BENCH_ACCOUNTS.pharmacist : `farmacista${i}@bench.farmaponte.it`),
  (i) => pharmacistProfile({ name: `Farmacista${i}`, numero_iscrizione_albo: `BN-${i}` }),
);

const PAY_SHAPES: { startTime: string; endTime: string; nightService?: 'battenti_aperti' }[] = [
  { startTime: '08:30', endTime: '13:00' },
  { startTime: '15:00', endTime: '19:30' },
  { startTime: '08:30', endTime: '19:30' },
  { startTime: '09:00', endTime: '13:00' },
  { startTime: '14:00', endTime: '20:00' },
  { startTime: '08:30', endTime: '12:30' },
  { startTime: '15:30', endTime: '19:30' },
  { startTime: '20:00', endTime: '08:30', nightService: 'battenti_aperti' },
  { startTime: '08:00', endTime: '14:00' },
  { startTime: '13:00', endTime: '19:00' },
];

// The first owner gets 50 offers: the heaviest "my offers" / "applications received" page of one pharmacy. The others
// go to any pharmacy alike, so a group has offers in proportion to its pharmacies (≈ 280 for gruppo0's 300).
const offerRows = Array.from({ length: counts.openOffers + counts.closedOffers }, (_, i) => {
  const open = i < counts.openOffers;
  const start = open ? Math.floor(random() * 60) : -90 + Math.floor(random() * 60);
  const length = Math.floor(random() * 14);
  const undated = open && random() < 0.2;
  const pay = 16 + Math.floor(random() * 10);
  return {
    ownerId: i < 50 ? (ownerIds[0] ?? 0) : pick(pharmacyIds),
    title: pick(BENCH_OFFER_TITLES),
    description: 'Banco, consulenza e dispensazione; esperienza gradita ma non indispensabile.',
    salary: `${pay} €/ora`,
    hourlyPay: pay,
    dateFrom: undated ? null : daysFromNow(start),
    dateTo: undated ? null : daysFromNow(start + length),
    // Decision 093: three in five employee shifts, one freelance, one either (by position, so the random draws and
    // hence the rest of the dataset stay as they were).
    ...(i % 5 === 3
      ? { legalForms: ['libera_professione' as const], ccnlLevel: null }
      : {
          legalForms: i % 5 === 4 ? ['dipendente' as const, 'libera_professione' as const] : ['dipendente' as const],
          ccnlLevel: '1' as const,
        }),
    // Decision 094, by position too: daily hours, one in ten a night at the doors open, travel by km or a fixed sum.
    ...PAY_SHAPES[i % PAY_SHAPES.length],
    ...(i % 4 === 1 ? { travelMode: 'km' as const, travelPerKm: 0.3, travelCap: 60 } : {}),
    ...(i % 4 === 2 ? { travelMode: 'fisso' as const, travelAmount: 25 } : {}),
  };
});
const offerIds: number[] = [];
await insertInBatches(offerRows, async (batch) => {
  offerIds.push(...(await db.insert(offers).values(batch).returning({ id: offers.id })).map((o) => o.id));
});
// The last five weeks' offers, each with 1–3 places filled from its 4–7 applicants (the others turned down), drawn from
// their own sequence so the rows above stay as they were: titolare0 has 12, gruppo0's pharmacies 24, and farmacista0
// works one in sixty of them (≈ 17 shifts, most this month).
const recentRandom = mulberry32(7);
const recentPick = <T>(list: readonly T[]): T => list[Math.floor(recentRandom() * list.length)] as T;
const groupPharmacyIds = [ownerIds[singles] ?? 0, ...addedIds.filter((_, n) => organisationOf[n] === singles)];
const recentRows = Array.from({ length: counts.recentOffers }, (_, i) => {
  const start = -35 + Math.floor(recentRandom() * 35);
  const length = Math.floor(recentRandom() * 4);
  const pay = 16 + Math.floor(recentRandom() * 10);
  return {
    ...(offerRows[i % offerRows.length] as (typeof offerRows)[number]),
    ownerId: i < 12 ? (ownerIds[0] ?? 0) : i < 36 ? recentPick(groupPharmacyIds) : recentPick(pharmacyIds),
    salary: `${pay} €/ora`,
    hourlyPay: pay,
    dateFrom: daysFromNow(start),
    dateTo: daysFromNow(start + length),
    positions: 1 + (i % 3),
  };
});
const recentOfferIds: number[] = [];
await insertInBatches(recentRows, async (batch) => {
  recentOfferIds.push(...(await db.insert(offers).values(batch).returning({ id: offers.id })).map((o) => o.id));
});
// Each offer where its pharmacy is (position, province, region), as the server would on its first start.
await placeOffers(db, new Date());
// And its pay totals (decision 094), which the search sorts and filters on.
await fillOfferPay(db, new Date());

// Applications: unique (offer, pharmacist) pairs, spread over the last 12 weeks.
const pairs = new Set<string>();
const applicationRows: { offerId: number; farmacistaId: number; submittedAt: Date }[] = [];
while (applicationRows.length < counts.applications) {
  const offerId = pick(offerIds);
  const farmacistaId = pick(pharmacistIds);
  const key = `${offerId}:${farmacistaId}`;
  if (pairs.has(key)) continue;
  pairs.add(key);
  applicationRows.push({ offerId, farmacistaId, submittedAt: new Date(Date.now() - random() * 84 * 86_400_000) });
}
await insertInBatches(applicationRows, (batch) => db.insert(applications).values(batch), 5000);
const recentApplications = recentOfferIds.flatMap((offerId, i) => {
  const row = recentRows[i];
  const first = new Date(`${row?.dateFrom}T08:00:00+01:00`).getTime();
  const chosen = new Set<number>(i % 60 === 0 ? [pharmacistIds[0] ?? 0] : []);
  const n = 4 + Math.floor(recentRandom() * 4);
  while (chosen.size < n) chosen.add(recentPick(pharmacistIds));
  return [...chosen].map((farmacistaId, k) => ({
    offerId,
    farmacistaId,
    submittedAt: new Date(Math.min(Date.now() - 3_600_000, first - (3 + recentRandom() * 9) * 86_400_000)),
    ...(k < (row?.positions ?? 1)
      ? { status: 'accepted' as const, statusChangedAt: new Date(Math.min(Date.now(), first - 2 * 86_400_000)) }
      : {}),
  }));
});
await insertInBatches(recentApplications, (batch) => db.insert(applications).values(batch), 5000);
await db.execute(sql`
  update ${offers} set accepted_count = (select count(*) from ${applications}
    where ${applications.offerId} = ${offers.id} and ${applications.status} = 'accepted')
  where ${offers.id} in (select unnest(${sql.param(recentOfferIds)}::int[]))`);
// The legal form each applied under, one of the offer's (decision 093): freelance offers' as freelance, and one in two
// of those that take either.
await db.execute(sql`
  update ${applications} a set legal_form = 'libera_professione' from ${offers} o
  where o.id = a.offer_id and o.legal_forms @> '{libera_professione}'
    and (not o.legal_forms @> '{dipendente}' or a.id % 2 = 0)`);
// Each application's history begins with its `sent` step, as insertApplication writes it: a received-applications page
// reads the histories of its 100 applications (docs/decisions/036).
await db.execute(
  sql`insert into ${applicationEvents} (application_id, status, at) select id, 'sent', submitted_at from ${applications} order by id`,
);

// Life after the shift (decisions 073 and 074), so that the lists' ratings and reliability records have something to
// count: each offer that has ended took 3 pharmacists (its first three applications, accepted two days before its
// first day, with that step in their histories), and both sides reviewed each shift; one shift in ten ended in a
// no-show, and one owner in ten cancelled a shift late.
const today = daysFromNow(0);
const lastDay = sql`coalesce(${offers.dateTo}, ${offers.dateFrom})`;
// (The recent offers above have their places and shifts already.)
const older = sql`${offers.id} <> all(${sql.param(recentOfferIds)}::int[])`;
await db.execute(sql`update ${offers} set positions = 3 where ${lastDay} < ${today}::date and ${older}`);
await db.execute(sql`
  with taken as (
    select a.id, row_number() over (partition by a.offer_id order by a.id) as n
    from ${applications} a join ${offers} on ${offers.id} = a.offer_id
    where ${lastDay} < ${today}::date and ${older})
  update ${applications} set status = 'accepted', status_changed_at = ${offers.dateFrom} - interval '2 days'
  from taken, ${offers}
  where taken.id = ${applications.id} and taken.n <= 3 and ${offers.id} = ${applications.offerId}`);
// farmacista0 worked the first place of one ended offer in forty (≈ 25 shifts over the quarter before).
await db.execute(sql`
  with first_places as (
    select distinct on (a.offer_id) a.id from ${applications} a join ${offers} o on o.id = a.offer_id
    where a.status = 'accepted' and o.id % 40 = 0 and o.id <> all(${sql.param(recentOfferIds)}::int[])
      and not exists (select 1 from ${applications} b where b.offer_id = a.offer_id and b.farmacista_id = ${pharmacistIds[0] ?? 0})
    order by a.offer_id, a.id)
  update ${applications} set farmacista_id = ${pharmacistIds[0] ?? 0} where id in (select id from first_places)`);
await db.execute(sql`
  update ${offers} set accepted_count = (select count(*) from ${applications}
    where ${applications.offerId} = ${offers.id} and ${applications.status} = 'accepted')
  where ${lastDay} < ${today}::date`);
await db.execute(sql`
  insert into ${applicationEvents} (application_id, status, at)
  select id, 'accepted', status_changed_at from ${applications} where status = 'accepted'`);
const windowClosed = sql`coalesce(o.date_to, o.date_from) < ${daysFromNow(-15)}::date`;
await db.execute(sql`
  insert into ${reviews} (application_id, author_id, subject_id, author_role, rating, would_hire_again, published_at)
  select a.id, o.owner_id, a.farmacista_id, 'titolare', 3 + a.id % 3, true, coalesce(o.date_to, o.date_from) + 3
  from ${applications} a join ${offers} o on o.id = a.offer_id where a.status = 'accepted' and ${windowClosed}
  union all
  select a.id, a.farmacista_id, o.owner_id, 'farmacista', 2 + a.id % 4, null, coalesce(o.date_to, o.date_from) + 3
  from ${applications} a join ${offers} o on o.id = a.offer_id where a.status = 'accepted' and ${windowClosed}`);
// Shifts whose review window is still open: the pharmacy has written its review of one in two (not yet published, the
// reviews being double blind); the rest wait on both sides (GET /api/reviews/pending/).
await db.execute(sql`
  insert into ${reviews} (application_id, author_id, subject_id, author_role, rating, would_hire_again, comment, created_at)
  select a.id, o.owner_id, a.farmacista_id, 'titolare', 3 + a.id % 3, true, 'Puntuale e preciso/a, ottimo con i clienti.',
    coalesce(o.date_to, o.date_from) + interval '1 day 10 hours'
  from ${applications} a join ${offers} o on o.id = a.offer_id
  where a.status = 'accepted' and not ${windowClosed} and coalesce(o.date_to, o.date_from) < ${today}::date and a.id % 2 = 0
    and a.farmacista_id <> ${pharmacistIds[0] ?? 0}`);
await db.execute(sql`
  insert into ${reliabilityEvents} (user_id, kind, application_id, offer_title, first_day, at)
  select a.farmacista_id, 'no_show', a.id, o.title, o.date_from, o.date_from + interval '10 hours'
  from ${applications} a join ${offers} o on o.id = a.offer_id where a.status = 'accepted' and a.id % 10 = 0
  union all
  select owner_id, 'late_cancellation', null, min(title), min(date_from), min(date_from) - interval '3 days'
  from ${offers} where ${lastDay} < ${today}::date group by owner_id having owner_id % 10 = 0`);

const life = await addLife(db, { adminId: adminIds[0] ?? 0, pharmacistIds, comuni, scale }, (step) =>
  console.log(`  ${step}: ${((Date.now() - started) / 1000).toFixed(1)} s`),
);

const registry = await importRegistry(
  db,
  sampleRegistryCsv(counts.pharmacies, { historical: Math.round(counts.pharmacies / 5), seed: 11 }),
);
// VACUUM sets the visibility map, as autovacuum would on a live database, so index-only scans stay index-only.
await db.execute(sql`vacuum analyze`);
await database.close();
console.log(
  `Scale ${scale}: ${JSON.stringify({ ...counts, pharmacies_of_owners: pharmacyIds.length, ...life })}; registry imported ${registry.imported}. ${((Date.now() - started) / 1000).toFixed(1)} s → ${url}`,
);
