/**
 * Writes under a burst (docs/performance.md, decision 101): the writes people make at the same moment – applying,
 * deciding, messaging, reviewing, correcting and confirming hours, issuing an invoice – each from 50 concurrent clients
 * against the real server on PostgreSQL, each request a distinct valid action, with hot spots (many clients on one
 * offer, one thread, one pharmacist's invoice series). Per row: requests, writes/s, p50/p99, 5xx, deadlocks and
 * serialization failures (counted in the server's process even when its retry hid them, and in pg_stat_database), and
 * the floor: the statements the API ran for one such write, captured, replayed by one client in BEGIN … ROLLBACK.
 * After each burst the database is checked against what was acknowledged.
 *   npx tsx bench/burst.ts [--clients 50] [--per-client 6] [--port 3500] [--out bench/results/burst.md]
 * Works on a copy of the benchmark dataset (`burst_bench`, made from `farmaponte_bench` and dropped after).
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { daysFromNow } from '@farmaponte/shared';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { createJwt } from '../apps/api/src/lib/jwt';
import { issueTokens } from '../apps/api/src/modules/sessions';
import { BENCH_JWT_SECRET, startBenchServer, waitForHealth } from './processes';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    'per-client': { type: 'string', default: '6' },
    port: { type: 'string', default: '3500' },
    template: { type: 'string', default: 'farmaponte_bench' },
    out: { type: 'string', default: 'bench/results/burst.md' },
    'floor-seconds': { type: 'string', default: '2' },
  },
});
const CLIENTS = Number(values.clients);
const PER_CLIENT = Number(values['per-client']);
/** Writes of each row made one at a time before its burst (the first one captured for the floor). */
const SERIAL = 5;
const NAME = 'burst_bench';
const URL_ = `postgres://root@127.0.0.1:5432/${NAME}`;
/**
 * The floor's copy: prepared the same way (the same ids), never written by the API, so a write's statements replay
 * there on the state they met, not on the state they left.
 */
const FLOOR_NAME = 'burst_floor';
const FLOOR_URL = `postgres://root@127.0.0.1:5432/${FLOOR_NAME}`;
const ADMIN_URL = 'postgres://root@127.0.0.1:5432/postgres';
const base = `http://127.0.0.1:${values.port}`;
const load = () => (loadavg()[0] ?? 0).toFixed(1);

// ---------------------------------------------------------------------------------------------------------------------
// The copy of the dataset.

async function admin<T>(work: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await work(c);
  } finally {
    await c.end();
  }
}
async function copyDataset(NAME: string) {
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    // Nobody may be connected to the template: another benchmark may be, for a moment.
    for (let i = 0; ; i++) {
      try {
        await c.query(`CREATE DATABASE ${NAME} TEMPLATE ${values.template}`);
        return;
      } catch (error) {
        if (i >= 30) throw error;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// What each row writes: its requests, one list per client, and the check of what the database holds after.

interface TWrite {
  method: 'POST' | 'PUT';
  path: string;
  token: string;
  body: unknown;
}
interface TResult {
  status: number;
  ms: number;
  body: string;
  write: TWrite;
}
interface TRow {
  name: string;
  what: string;
  /** How many transactions of this write PostgreSQL can run side by side on 2 cores: 1 when they all lock one row. */
  parallel: number;
  /** Writes made one at a time first (the first one's statements are the floor's). */
  serial: TWrite[];
  /** One list per client, run in order, the clients at once. */
  perClient: TWrite[][];
  /** Statuses a valid request may get here besides 2xx (a race lost as the rules say: 409). */
  expected: number[];
  verify: (db: pg.Client, results: TResult[]) => Promise<string>;
  /** The floor of another row (the same write), when this one's own first write cannot stand for it. */
  floorOf?: string;
}

const today = daysFromNow(0);

/** Distinct pharmacists, never one in two roles of the benchmark. */
function allocator(ids: number[]) {
  let next = 0;
  return (n: number) => {
    if (next + n > ids.length) throw new Error('not enough pharmacists');
    const taken = ids.slice(next, next + n);
    next += n;
    return taken;
  };
}
const chunk = <T>(list: T[], clients: number): T[][] =>
  Array.from({ length: clients }, (_, k) => list.filter((_, i) => i % clients === k));
const rowsOf = async <T>(db: pg.Client, text: string, params: unknown[] = []) => (await db.query(text, params)).rows as T[];
const count = async (db: pg.Client, text: string, params: unknown[] = []) =>
  Number((await db.query(text, params)).rows[0]?.n ?? 0);
const ok = (r: TResult) => r.status >= 200 && r.status < 300;
const idIn = (path: string) => Number(path.split('/').find((p) => /^\d+$/.test(p)));

async function prepare(db: pg.Client, token: (userId: number) => Promise<string>): Promise<TRow[]> {
  const n = CLIENTS * PER_CLIENT + SERIAL;
  const pharmacists = allocator(
    (
      await rowsOf<{ id: number }>(
        db,
        `select u.id from users u where u.role = 'farmacista' and u.password_hash <> ''
         and not exists (select 1 from applications a where a.farmacista_id = u.id and a.status = 'accepted') order by u.id`,
      )
    ).map((r) => r.id),
  );
  // Every applicant has a stored CV (the row is what applying asks for).
  await db.query(
    `insert into cv_files (user_id, version, size, sha256) select id, gen_random_uuid(), 20000, md5(id::text) from users
     where role = 'farmacista' on conflict do nothing`,
  );
  // The organisations' legal data and the freelancers' professional files (an invoice needs both).
  await db.query(`update organisations set name = 'Farmacia ' || id || ' S.n.c.', partita_iva = '01234567897',
    codice_fiscale = '01234567897', sede_legale = 'Via Po 1, 10124 Torino', pec = 'farmacia' || id || '@pec.example.it'`);
  // Open offers of titolari who log in (the offer's pharmacy is their own), dipendente, far enough from today.
  const open = (
    await rowsOf<{ id: number; owner_id: number }>(
      db,
      `select o.id, o.owner_id from offers o join users u on u.id = o.owner_id
       where u.password_hash <> '' and o.closed_at is null and o.published_at is not null and o.hidden_at is null
       and o.date_from >= $1::date + 5 and 'dipendente' = any(o.legal_forms) and o.night_service is null
       and o.accepted_count = 0 order by o.id`,
      [today],
    )
  ).slice();
  const distinctOwners = (list: { id: number; owner_id: number }[], k: number) => {
    const seen = new Set<number>();
    const picked = list.filter((o) => !seen.has(o.owner_id) && seen.add(o.owner_id));
    if (picked.length < k) throw new Error(`only ${picked.length} offers of distinct owners`);
    return picked.slice(0, k);
  };
  const takeOffers = (k: number) => {
    const picked = distinctOwners(open, k);
    for (const o of picked) open.splice(open.indexOf(o), 1);
    return picked;
  };
  /** k pharmacists who never applied to these offers (the dataset's applications are spread at random). */
  const freshFor = async (offerIds: number[], k: number) => {
    const candidates = pharmacists(k + 100);
    const taken = new Set(
      (
        await rowsOf<{ id: number }>(
          db,
          'select farmacista_id id from applications where offer_id = any($1) and farmacista_id = any($2)',
          [offerIds, candidates],
        )
      ).map((r) => r.id),
    );
    return candidates.filter((p) => !taken.has(p)).slice(0, k);
  };
  const rows: TRow[] = [];
  const split = (writes: TWrite[]) => ({ serial: writes.slice(0, SERIAL), perClient: chunk(writes.slice(SERIAL), CLIENTS) });
  const newApplications = async (pairs: { offerId: number; pharmacistId: number }[], status = 'sent') => {
    const ids = (
      await rowsOf<{ id: number }>(
        db,
        `insert into applications (offer_id, farmacista_id, submitted_at, status, status_changed_at, legal_form)
         select o, p, now() - interval '3 days', $3, now() - interval '3 days', 'dipendente'
         from unnest($1::int[], $2::int[]) as t(o, p) returning id`,
        [pairs.map((p) => p.offerId), pairs.map((p) => p.pharmacistId), status],
      )
    ).map((r) => r.id);
    await db.query(
      `insert into application_events (application_id, status, at) select id, 'sent', submitted_at from applications where id = any($1)`,
      [ids],
    );
    return ids;
  };

  // Applying, 50 offers at once (10 pharmacists each, one after the other per client).
  {
    const offers = takeOffers(CLIENTS);
    const who = await freshFor(
      offers.map((o) => o.id),
      n,
    );
    const writes = await Promise.all(
      who.map(async (p, i) => ({
        method: 'POST' as const,
        path: '/api/candidature/',
        token: await token(p),
        body: { offer_id: offers[i % CLIENTS]?.id },
      })),
    );
    rows.push({
      name: 'apply',
      what: `apply, ${CLIENTS} offers at once`,
      parallel: 2,
      ...split(writes),
      expected: [],
      verify: async (c, results) => {
        const made = results.filter(ok).map((r) => (r.write.body as { offer_id: number }).offer_id);
        const stored = await count(
          c,
          `select count(*) n from applications where offer_id = any($1) and submitted_at > now() - interval '1 hour'`,
          [[...new Set(made)]],
        );
        return stored === made.length ? 'yes' : `NO: ${made.length} acknowledged, ${stored} stored`;
      },
    });
  }
  // Applying, all on one urgent offer.
  {
    const [offer] = takeOffers(1);
    if (!offer) throw new Error('no offer');
    await db.query(`update offers set urgent_at = now(), date_from = $2::date + 1, date_to = $2::date + 1 where id = $1`, [
      offer.id,
      today,
    ]);
    const writes = await Promise.all(
      (await freshFor([offer.id], n)).map(async (p) => ({
        method: 'POST' as const,
        path: '/api/candidature/',
        token: await token(p),
        body: { offer_id: offer.id },
      })),
    );
    rows.push({
      name: 'apply-hot',
      what: `apply, ${CLIENTS} pharmacists on one urgent offer`,
      parallel: 2,
      ...split(writes),
      expected: [],
      verify: async (c, results) => {
        const recent = `a.offer_id = $1 and a.submitted_at > now() - interval '1 hour'`;
        const stored = await count(c, `select count(*) n from applications a where ${recent}`, [offer.id]);
        const events = await count(
          c,
          `select count(*) n from application_events e join applications a on a.id = e.application_id where ${recent}`,
          [offer.id],
        );
        const made = results.filter(ok).length;
        return stored === made && events === made ? 'yes' : `NO: ${made} acknowledged, ${stored} stored, ${events} events`;
      },
    });
  }
  // The owner's decision: 50 owners rejecting applications to their offers.
  {
    const offers = takeOffers(CLIENTS);
    const ids = await newApplications(
      pharmacists(n).map((p, i) => ({ offerId: (offers[i % CLIENTS] ?? { id: 0 }).id, pharmacistId: p })),
    );
    const ownerOf = new Map(offers.map((o) => [o.id, o.owner_id]));
    const apps = await rowsOf<{ id: number; offer_id: number }>(
      db,
      'select id, offer_id from applications where id = any($1) order by id',
      [ids],
    );
    const writes = await Promise.all(
      apps.map(async (a) => ({
        method: 'POST' as const,
        path: `/api/titolare/candidatures/${a.id}/decision/`,
        token: await token(ownerOf.get(a.offer_id) ?? 0),
        body: { decision: 'rejected', message: 'Grazie, abbiamo scelto un profilo più vicino.' },
      })),
    );
    rows.push({
      name: 'decide',
      what: `reject, ${CLIENTS} owners at once`,
      parallel: 2,
      ...split(writes),
      expected: [],
      verify: async (c, results) => {
        const made = results.filter(ok).map((r) => idIn(r.write.path));
        const stored = await count(c, `select count(*) n from applications where id = any($1) and status = 'rejected'`, [made]);
        const steps = await count(
          c,
          `select count(*) n from application_events where application_id = any($1) and status = 'rejected'`,
          [made],
        );
        return stored === made.length && steps === made.length
          ? 'yes'
          : `NO: ${made.length} acknowledged, ${stored} rejected, ${steps} steps`;
      },
    });
  }
  // Accepting: one offer of 10 places, its owner accepting its applicants all at once (the offer fills).
  {
    const [offer] = takeOffers(1);
    if (!offer) throw new Error('no offer');
    await db.query('update offers set positions = 10 where id = $1', [offer.id]);
    const ids = await newApplications(pharmacists(CLIENTS + SERIAL).map((p) => ({ offerId: offer.id, pharmacistId: p })));
    const ownerToken = await token(offer.owner_id);
    const writes = ids.map((id) => ({
      method: 'POST' as const,
      path: `/api/titolare/candidatures/${id}/decision/`,
      token: ownerToken,
      body: { decision: 'accepted' },
    }));
    rows.push({
      name: 'accept-hot',
      what: `accept, ${CLIENTS} applicants of one offer of 10 places`,
      parallel: 1,
      serial: writes.slice(0, SERIAL),
      perClient: chunk(writes.slice(SERIAL), CLIENTS),
      expected: [409],
      verify: async (c, results) => {
        const made = results.filter(ok).length;
        const accepted = await count(c, `select count(*) n from applications where offer_id = $1 and status = 'accepted'`, [
          offer.id,
        ]);
        const column = await count(c, 'select accepted_count n from offers where id = $1', [offer.id]);
        return made === 10 && accepted === 10 && column === 10
          ? 'yes (10 accepted, the rest 409)'
          : `NO: ${made} acknowledged, ${accepted} accepted, accepted_count ${column}`;
      },
    });
  }
  // Accepting: one pharmacist applied to 55 shifts on the same day; their 55 owners accept her at once.
  {
    const offers = takeOffers(CLIENTS + SERIAL);
    await db.query(
      `update offers set date_from = $2::date + 20, date_to = $2::date + 20, start_time = '09:00', end_time = '13:00'
      where id = any($1)`,
      [offers.map((o) => o.id), today],
    );
    const [she] = await freshFor(
      offers.map((o) => o.id),
      1,
    );
    const ids = await newApplications(offers.map((o) => ({ offerId: o.id, pharmacistId: she ?? 0 })));
    const apps = await rowsOf<{ id: number; offer_id: number }>(db, 'select id, offer_id from applications where id = any($1)', [
      ids,
    ]);
    const ownerOf = new Map(offers.map((o) => [o.id, o.owner_id]));
    const writes = await Promise.all(
      apps.map(async (a) => ({
        method: 'POST' as const,
        path: `/api/titolare/candidatures/${a.id}/decision/`,
        token: await token(ownerOf.get(a.offer_id) ?? 0),
        body: { decision: 'accepted' },
      })),
    );
    // All at once: the serial writes would book her before the burst.
    rows.push({
      name: 'accept-double-booked',
      what: `accept, ${CLIENTS + SERIAL} owners the same pharmacist for one day`,
      parallel: 1,
      serial: [],
      perClient: chunk(writes, CLIENTS),
      expected: [409],
      floorOf: 'accept-hot',
      verify: async (c, results) => {
        const made = results.filter(ok).length;
        const accepted = await count(c, `select count(*) n from applications where farmacista_id = $1 and status = 'accepted'`, [
          she,
        ]);
        return made === 1 && accepted === 1 ? 'yes (1 accepted, the rest 409)' : `NO: ${made} acknowledged, ${accepted} accepted`;
      },
    });
  }
  // Messages: 50 threads at once, both sides taking turns.
  {
    const offers = takeOffers(CLIENTS);
    const people = pharmacists(CLIENTS);
    const ids = await newApplications(offers.map((o, k) => ({ offerId: o.id, pharmacistId: people[k] ?? 0 })));
    const threads = await rowsOf<{ id: number; farmacista_id: number; owner_id: number }>(
      db,
      'select a.id, a.farmacista_id, o.owner_id from applications a join offers o on o.id = a.offer_id where a.id = any($1) order by a.id',
      [ids],
    );
    const writes: TWrite[] = [];
    for (let i = 0; i < n; i++) {
      const t = threads[i % CLIENTS];
      if (!t) throw new Error('no thread');
      writes.push({
        method: 'POST',
        path: `/api/applications/${t.id}/messages/`,
        token: await token(i % 2 ? t.owner_id : t.farmacista_id),
        body: { body: `Messaggio ${i}: confermo la disponibilità per il turno, a presto.` },
      });
    }
    rows.push(messageRow('message', `message, ${CLIENTS} threads at once`, 2, split(writes), ids));
  }
  // Messages: one thread, its two sides from 50 clients at once.
  {
    const [offer] = takeOffers(1);
    const [p] = pharmacists(1);
    if (!offer || !p) throw new Error('no thread');
    const [id] = await newApplications([{ offerId: offer.id, pharmacistId: p }]);
    const [owner, her] = [await token(offer.owner_id), await token(p)];
    // 100 an hour per side at most here: the quota is 120.
    const writes = Array.from({ length: Math.min(n, 200) }, (_, i) => ({
      method: 'POST' as const,
      path: `/api/applications/${id}/messages/`,
      token: i % 2 ? owner : her,
      body: { body: `Messaggio ${i} nello stesso filo.` },
    }));
    rows.push(messageRow('message-hot', `message, ${CLIENTS} clients on one thread`, 1, split(writes), [id ?? 0]));
  }

  // After the shift: the dataset's ended offers (3 accepted each, reviewed by both sides) moved to end on recent days.
  const ended = await rowsOf<{ id: number; owner_id: number; login: boolean }>(
    db,
    `select o.id, o.owner_id, u.password_hash <> '' as login from offers o join users u on u.id = o.owner_id
     where coalesce(o.date_to, o.date_from) < $1::date and o.night_service is null and o.start_time is not null
     and o.accepted_count = 3 order by o.id`,
    [today],
  );
  const takeEnded = async (k: number, lastDay: number, loginOnly: boolean) => {
    const picked = ended.filter((o) => !loginOnly || o.login).slice(0, Math.ceil(k / 3));
    if (picked.length * 3 < k) throw new Error('not enough ended offers');
    for (const o of picked) ended.splice(ended.indexOf(o), 1);
    const offerIds = picked.map((o) => o.id);
    await db.query('update offers set date_from = $2::date + $3::int, date_to = $2::date + $3::int where id = any($1)', [
      offerIds,
      today,
      lastDay,
    ]);
    const apps = await rowsOf<{ id: number; farmacista_id: number; owner_id: number }>(
      db,
      `select a.id, a.farmacista_id, o.owner_id from applications a join offers o on o.id = a.offer_id
       where a.offer_id = any($1) and a.status = 'accepted' order by a.id`,
      [offerIds],
    );
    await db.query('delete from reviews where application_id = any($1)', [apps.map((a) => a.id)]);
    await db.query('delete from reliability_events where application_id = any($1)', [apps.map((a) => a.id)]);
    return apps.slice(0, k);
  };
  const pharmacistReview = {
    rating: 5,
    comment: 'Accoglienza ottima, consegne chiare.',
    welcome: 5,
    task_clarity: 4,
    pay_as_agreed: 5,
  };
  const ownerReview = {
    rating: 4,
    comment: 'Puntuale e preciso.',
    punctuality: 5,
    communication: 4,
    handover: 4,
    would_hire_again: true,
  };
  // Reviews: 50 pharmacists at once, each of her own shift.
  {
    const apps = await takeEnded(n, -2, false);
    const writes = await Promise.all(
      apps.map(async (a) => ({
        method: 'POST' as const,
        path: `/api/applications/${a.id}/review/`,
        token: await token(a.farmacista_id),
        body: pharmacistReview,
      })),
    );
    rows.push(
      countedRow(
        'review',
        `review, ${CLIENTS} pharmacists at once`,
        split(writes),
        'select count(*) n from reviews where application_id = any($1)',
        apps.map((a) => a.id),
      ),
    );
  }
  // Reviews: both sides of the same shift at the same moment (the second one in publishes both).
  {
    const pairs = Math.floor((n - SERIAL) / 2);
    const apps = await takeEnded(pairs + SERIAL, -2, true);
    const serial = await Promise.all(
      apps.slice(0, SERIAL).map(async (a) => ({
        method: 'POST' as const,
        path: `/api/applications/${a.id}/review/`,
        token: await token(a.farmacista_id),
        body: pharmacistReview,
      })),
    );
    // Each client sends one side; client k and k+1 the two sides of one shift, at the same moment.
    const both: TWrite[] = [];
    for (const a of apps.slice(SERIAL)) {
      both.push({
        method: 'POST',
        path: `/api/applications/${a.id}/review/`,
        token: await token(a.farmacista_id),
        body: pharmacistReview,
      });
      both.push({ method: 'POST', path: `/api/applications/${a.id}/review/`, token: await token(a.owner_id), body: ownerReview });
    }
    const perClient: TWrite[][] = Array.from({ length: CLIENTS }, () => []);
    for (let i = 0; i < both.length; i++) perClient[(Math.floor(i / 2) * 2 + (i % 2)) % CLIENTS]?.push(both[i] as TWrite);
    rows.push({
      name: 'review-both',
      what: 'review, both sides of a shift at once',
      parallel: 2,
      serial,
      perClient,
      expected: [],
      floorOf: 'review',
      verify: async (c, results) => {
        const made = results.filter(ok).map((r) => idIn(r.write.path));
        const ids = apps.slice(SERIAL).map((a) => a.id);
        const stored = await count(c, 'select count(*) n from reviews where application_id = any($1)', [ids]);
        const unpublished = await count(
          c,
          `select count(*) n from reviews r where application_id = any($1) and published_at is null
           and (select count(*) from reviews s where s.application_id = r.application_id) = 2`,
          [ids],
        );
        const expected = made.filter((id) => ids.includes(id)).length;
        return stored === expected && unpublished === 0
          ? 'yes (both published)'
          : `NO: ${expected} acknowledged, ${stored} stored, ${unpublished} unpublished though both are in`;
      },
    });
  }
  // Hours: 50 pharmacists correcting a shift that ended 3 days ago, at once.
  {
    const apps = await takeEnded(n, -3, false);
    const times = new Map(
      (
        await rowsOf<{ id: number; start_time: string; end_time: string; date_from: string }>(
          db,
          `select a.id, o.start_time::text, o.end_time::text, o.date_from::text from applications a join offers o on o.id = a.offer_id
           where a.id = any($1)`,
          [apps.map((a) => a.id)],
        )
      ).map((r) => [r.id, r]),
    );
    const writes = await Promise.all(
      apps.map(async (a) => {
        const t = times.get(a.id);
        if (!t) throw new Error('no offer');
        const [h, m] = t.end_time.split(':').map(Number) as [number, number];
        const later = `${String(Math.min(h + 1, 23)).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
        return {
          method: 'PUT' as const,
          path: `/api/shifts/${a.id}/hours/`,
          token: await token(a.farmacista_id),
          body: { days: [{ date: t.date_from, start_time: t.start_time.slice(0, 5), end_time: later }] },
        };
      }),
    );
    rows.push(
      countedRow(
        'hours-correct',
        `correct hours, ${CLIENTS} pharmacists at once`,
        split(writes),
        'select count(distinct application_id) n from worked_hours where application_id = any($1)',
        apps.map((a) => a.id),
      ),
    );
  }
  // Hours: owners confirming the hours of shifts that ended yesterday, at once.
  {
    const apps = await takeEnded(n, -1, true);
    const writes = await Promise.all(
      apps.map(async (a) => ({
        method: 'POST' as const,
        path: `/api/shifts/${a.id}/hours/review/`,
        token: await token(a.owner_id),
        body: { status: 'confirmed', note: '' },
      })),
    );
    rows.push(
      countedRow(
        'hours-confirm',
        `confirm hours, ${CLIENTS} clients of the owners at once`,
        split(writes),
        `select count(*) n from worked_hours_reviews where application_id = any($1) and status = 'confirmed'`,
        apps.map((a) => a.id),
      ),
    );
  }
  // Invoices: freelance engagements that ended 20 days ago (hours confirmed by the clock).
  const freelance = async (apps: { id: number; farmacista_id: number }[]) => {
    await db.query(
      `update offers set legal_forms = '{dipendente,libera_professione}', ccnl_level = '1', hourly_pay = 30
       where id in (select offer_id from applications where id = any($1))`,
      [apps.map((a) => a.id)],
    );
    await db.query(`update applications set legal_form = 'libera_professione' where id = any($1)`, [apps.map((a) => a.id)]);
    await db.query(
      `insert into professional_files (user_id, codice_fiscale, birth_date, birth_place_code, partita_iva, tax_regime,
         insurance_company, insurance_policy_number, insurance_cover, insurance_expires_on, fiscal_street, fiscal_cap, fiscal_comune_istat)
       select distinct p, 'BNCGLI92D55A794X', '1992-04-15'::date, 'A794', '12345678903', 'forfettario', 'Assicura Farmacisti SpA',
         'RC-2030-001', 1000000, $2::date + 365, 'Via Garibaldi 5', '10122', '001272' from unnest($1::int[]) p
       on conflict do nothing`,
      [apps.map((a) => a.farmacista_id), today],
    );
  };
  {
    const apps = await takeEnded(CLIENTS + SERIAL, -20, false);
    await freelance(apps);
    const writes = await Promise.all(
      apps.map(async (a) => ({
        method: 'POST' as const,
        path: '/api/invoices/',
        token: await token(a.farmacista_id),
        body: { application_ids: [a.id] },
      })),
    );
    rows.push(invoiceRow('invoice', `invoice, ${CLIENTS} clients of the pharmacists at once`, 2, split(writes), apps));
  }
  {
    // One pharmacist with 55 engagements (55 pharmacies, the same day): her series' counter is the hot spot.
    const offers = ended.splice(0, CLIENTS + SERIAL);
    await db.query(`update offers set date_from = $2::date - 20, date_to = $2::date - 20, positions = 4 where id = any($1)`, [
      offers.map((o) => o.id),
      today,
    ]);
    const [she] = await freshFor(
      offers.map((o) => o.id),
      1,
    );
    const ids = await newApplications(
      offers.map((o) => ({ offerId: o.id, pharmacistId: she ?? 0 })),
      'accepted',
    );
    await db.query(`update offers set accepted_count = 4 where id = any($1)`, [offers.map((o) => o.id)]);
    const apps = ids.map((id) => ({ id, farmacista_id: she ?? 0 }));
    await freelance(apps);
    const herToken = await token(she ?? 0);
    const writes = apps.map((a) => ({
      method: 'POST' as const,
      path: '/api/invoices/',
      token: herToken,
      body: { application_ids: [a.id] },
    }));
    rows.push(invoiceRow('invoice-hot', `invoice, one pharmacist's ${CLIENTS} engagements at once`, 1, split(writes), apps));
  }
  await db.query('vacuum analyze');
  return rows;
}

/** A row whose check is one stored row per 2xx: `stored` counts them among the row's applications `ids`. */
function countedRow(name: string, what: string, writes: Pick<TRow, 'serial' | 'perClient'>, stored: string, ids: number[]): TRow {
  return {
    name,
    what,
    parallel: 2,
    ...writes,
    expected: [],
    verify: async (c, results) => {
      const made = results.filter(ok).length;
      const found = await count(c, stored, [ids]);
      return found === made ? 'yes' : `NO: ${made} acknowledged, ${found} stored`;
    },
  };
}

function messageRow(
  name: string,
  what: string,
  parallel: number,
  writes: Pick<TRow, 'serial' | 'perClient'>,
  ids: number[],
): TRow {
  return {
    name,
    what,
    parallel,
    ...writes,
    expected: [],
    verify: async (c, results) => {
      const made = results.filter(ok);
      const stored = await count(c, 'select count(*) n from messages where application_id = any($1)', [ids]);
      const bodies = await count(c, 'select count(distinct body) n from messages where application_id = any($1)', [ids]);
      return stored === made.length && bodies === stored
        ? 'yes'
        : `NO: ${made.length} acknowledged, ${stored} stored, ${bodies} distinct`;
    },
  };
}

function invoiceRow(
  name: string,
  what: string,
  parallel: number,
  writes: Pick<TRow, 'serial' | 'perClient'>,
  apps: { id: number; farmacista_id: number }[],
): TRow {
  return {
    name,
    what,
    parallel,
    ...writes,
    expected: [],
    verify: async (c, results) => {
      const made = results.filter(ok).length;
      const people = [...new Set(apps.map((a) => a.farmacista_id))];
      const stored = await count(c, 'select count(*) n from invoices where farmacista_id = any($1)', [people]);
      const billed = await count(c, 'select count(*) n from invoice_shifts where application_id = any($1)', [
        apps.map((a) => a.id),
      ]);
      // Her series: numbers 1..k without a gap or a repeat.
      const gaps = await count(
        c,
        `select count(*) n from (select farmacista_id, count(*) k, count(distinct sequence) d, max(sequence) m from invoices
         where farmacista_id = any($1) group by farmacista_id) s where k <> d or k <> m`,
        [people],
      );
      return stored === made && billed === made && gaps === 0
        ? 'yes (numbers without gap)'
        : `NO: ${made} acknowledged, ${stored} invoices, ${billed} billed, ${gaps} series with a gap or repeat`;
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------------
// Running a row.

async function send(w: TWrite): Promise<TResult> {
  const started = performance.now();
  const response = await fetch(base + w.path, {
    method: w.method,
    headers: { authorization: `Bearer ${w.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(w.body),
  });
  const body = await response.text();
  return { status: response.status, ms: performance.now() - started, body, write: w };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

/** The statements of one write, captured in the server (SIGUSR2 toggles bench/burst-capture.mjs). */
async function capture(server: { pid?: number }, file: string, write: TWrite) {
  writeFileSync(file, '');
  process.kill(server.pid ?? 0, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 150));
  const result = await send(write);
  process.kill(server.pid ?? 0, 'SIGUSR2');
  await new Promise((r) => setTimeout(r, 150));
  const statements = readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TStatement)
    .filter((s) => !/^\s*(begin|commit|rollback)\b/i.test(s.text));
  return { result, statements };
}

/** A value as the preload wrote it: bytes travel as base64. */
const revive = (v: unknown) =>
  v && typeof v === 'object' && '$bytes' in v ? Buffer.from(String((v as { $bytes: string }).$bytes), 'base64') : v;

type TStatement = { text: string; values: unknown[]; returned?: unknown[] };

/** The integers of rows as returned (objects or arrays), in order. */
const integersOf = (rows: unknown[] | undefined) =>
  (rows ?? []).flatMap((row) => Object.values(row as object)).filter((v) => Number.isInteger(v) || /^\d+$/.test(String(v)));

/**
 * The floor: the statements in one transaction, rolled back, by one client, for `seconds`, on the floor's copy. An id
 * an INSERT … RETURNING gave when captured is replaced, in the statements after it, by the one it gives here.
 */
async function floor(statements: TStatement[], seconds: number) {
  const c = new pg.Client({ connectionString: FLOOR_URL });
  await c.connect();
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  const names = statements.map((_, i) => `floor_${i}`);
  while (performance.now() < until) {
    const started = performance.now();
    const ids = new Map<string, unknown>();
    await c.query('begin');
    for (const [i, s] of statements.entries()) {
      const params = s.values.map((v) => (ids.has(String(v)) ? ids.get(String(v)) : revive(v)));
      const result = await c.query({ name: names[i], text: s.text, values: params }).catch(async (error: Error) => {
        await c.query('rollback');
        await c.end();
        throw new Error(`floor: ${error.message} in ${s.text.slice(0, 300)}`);
      });
      if (s.returned) {
        const now = integersOf(result.rows);
        integersOf(s.returned).forEach((v, k) => {
          if (now[k] !== undefined && String(now[k]) !== String(v)) ids.set(String(v), now[k]);
        });
      }
    }
    await c.query('rollback');
    times.push(performance.now() - started);
  }
  await c.end();
  times.sort((a, b) => a - b);
  return { count: times.length, perSecond: times.length / seconds, p50: percentile(times, 50), p99: percentile(times, 99) };
}

async function conflictsOnServer(db: pg.Client) {
  const [row] = await rowsOf<{ deadlocks: string }>(db, 'select deadlocks from pg_stat_database where datname = $1', [NAME]);
  return Number(row?.deadlocks ?? 0);
}

// ---------------------------------------------------------------------------------------------------------------------

const started = Date.now();
const dir = mkdtempSync(join(tmpdir(), 'burst-'));
const captureFile = join(dir, 'capture.jsonl');
const conflictFile = join(dir, 'conflicts.txt');
writeFileSync(conflictFile, '');
console.log(`Copying ${values.template} into ${NAME} (load ${load()})…`);
await copyDataset(NAME);
await copyDataset(FLOOR_NAME);
const database = await openDatabase({ databaseUrl: URL_ });
const jwt = createJwt(BENCH_JWT_SECRET);
const tokens = new Map<number, Promise<string>>();
const tokenOf = async (userId: number) => {
  let t = tokens.get(userId);
  if (!t) {
    const [u] = await rowsOf<{ role: 'titolare' | 'farmacista' }>(setup, 'select role from users where id = $1', [userId]);
    t = issueTokens(database.db, jwt, { id: userId, role: u?.role ?? 'farmacista' }, new Date()).then((p) => p.access);
    tokens.set(userId, t);
  }
  return t;
};
const setup = new pg.Client({ connectionString: URL_ });
await setup.connect();
const rows = await prepare(setup, tokenOf);
{
  const twin = new pg.Client({ connectionString: FLOOR_URL });
  await twin.connect();
  await prepare(twin, async () => '');
  await twin.end();
}
console.log(
  `Prepared ${rows.length} rows, ${tokens.size} sessions in ${((Date.now() - started) / 1000).toFixed(0)} s (load ${load()}).`,
);

process.env.BURST_CAPTURE_FILE = captureFile;
process.env.BURST_CONFLICT_FILE = conflictFile;
process.env.BACKGROUND_JOBS = 'false';
const server = startBenchServer('apps/api/src/server.ts', {
  port: values.port,
  databaseUrl: URL_,
  nodeOptions: ['--import', resolve('bench/burst-capture.mjs')],
});
const lines: string[] = [];
const floors = new Map<string, Awaited<ReturnType<typeof floor>> & { statements: number }>();
try {
  await waitForHealth(base);
  // Warm-up: the JIT and the pool, with reads that change nothing.
  for (let i = 0; i < 50; i++) await fetch(`${base}/api/health/`);
  lines.push(
    '| write | requests | 2xx / expected 409 | writes/s | p50 ms | p99 ms | 5xx | deadlocks / serialization failures | floor: statements, 1 client tx/s, p50 ms | p50 at 1 client ours / floor | writes/s ours / (floor × parallel) | DB as acknowledged | load |',
    '| --- | ---: | --- | ---: | ---: | ---: | ---: | --- | --- | ---: | ---: | --- | ---: |',
  );
  // Each row's first write, one at a time, its statements captured and replayed as the floor: this also warms every
  // write's code up before anything is timed.
  const captured = new Map<string, TResult>();
  const capturedStatements = new Map<string, TStatement[]>();
  for (const row of rows) {
    const w = row.serial[0];
    if (row.floorOf || !w) continue;
    const { result, statements } = await capture(server, captureFile, w);
    if (result.status >= 300) throw new Error(`${row.name}: ${result.status} ${result.body}`);
    captured.set(row.name, result);
    capturedStatements.set(row.name, statements);
  }
  for (const row of rows) {
    const first = captured.get(row.name);
    const results: TResult[] = first ? [first] : [];
    // Then the rest one at a time: our latency at one client.
    const serialMs: number[] = [];
    for (const w of row.serial.slice(first ? 1 : 0)) {
      const r = await send(w);
      if (r.status >= 300) throw new Error(`${row.name}: ${r.status} ${r.body}`);
      results.push(r);
      serialMs.push(r.ms);
    }
    // The floor right before the burst, at the same moment of the machine.
    const statements = capturedStatements.get(row.name);
    if (statements)
      floors.set(row.name, { ...(await floor(statements, Number(values['floor-seconds']))), statements: statements.length });
    const deadlocksBefore = await conflictsOnServer(setup);
    const conflictsBefore = readFileSync(conflictFile, 'utf8').split('\n').filter(Boolean).length;
    const loadAt = load();
    const burstStarted = performance.now();
    const burst = (
      await Promise.all(
        row.perClient.map(async (list) => {
          const mine: TResult[] = [];
          for (const w of list) mine.push(await send(w));
          return mine;
        }),
      )
    ).flat();
    const seconds = (performance.now() - burstStarted) / 1000;
    await new Promise((r) => setTimeout(r, 1200)); // pg_stat_database is updated when the backends report
    const deadlocks = (await conflictsOnServer(setup)) - deadlocksBefore;
    const conflicts = readFileSync(conflictFile, 'utf8').split('\n').filter(Boolean).slice(conflictsBefore);
    results.push(...burst);
    const verdict = await row.verify(setup, results);
    const fives = burst.filter((r) => r.status >= 500);
    const unexpected = burst.filter((r) => r.status >= 300 && r.status < 500 && !row.expected.includes(r.status));
    for (const r of [...fives, ...unexpected].slice(0, 3)) console.log(`  ${row.name}: ${r.status} ${r.body.slice(0, 200)}`);
    const twoxx = burst.filter(ok).length;
    const expected = burst.filter((r) => row.expected.includes(r.status)).length;
    const times = burst.map((r) => r.ms).sort((a, b) => a - b);
    const f = floors.get(row.floorOf ?? row.name);
    serialMs.sort((a, b) => a - b);
    const ours1 = percentile(serialMs, 50);
    const perSecond = burst.length / seconds;
    const others = unexpected.length ? `, ${unexpected.length} other 4xx` : '';
    lines.push(
      `| ${row.what} | ${burst.length} | ${twoxx} / ${expected}${others} | ${perSecond.toFixed(0)} | ${percentile(times, 50).toFixed(0)} | ${percentile(times, 99).toFixed(0)} | ${fives.length} | ${deadlocks} / ${conflicts.filter((c) => c === '40001').length} (${conflicts.length} retried) | ${f ? `${f.statements}, ${f.perSecond.toFixed(0)}, ${f.p50.toFixed(2)}${row.floorOf ? ` (${row.floorOf})` : ''}` : '–'} | ${f && serialMs.length ? (ours1 / f.p50).toFixed(1) : '–'} | ${f ? (perSecond / (f.perSecond * row.parallel)).toFixed(2) : '–'} (×${row.parallel}) | ${verdict} | ${loadAt} |`,
    );
    console.log(lines.at(-1));
  }
} finally {
  server.kill('SIGTERM');
  await setup.end();
  await database.close();
  await new Promise((r) => setTimeout(r, 1000));
  await admin(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await c.query(`DROP DATABASE IF EXISTS ${FLOOR_NAME} WITH (FORCE)`);
  });
}

const header = `Writes under a burst (\`npx tsx bench/burst.ts --clients ${CLIENTS} --per-client ${PER_CLIENT}\`), ${new Date().toISOString().slice(0, 16)} UTC, one API process on PostgreSQL, a copy of the dataset at scale 1; ${CLIENTS} clients at once, each request a distinct valid write; the floor replays the statements of one such write in BEGIN … ROLLBACK from one client. Run in ${((Date.now() - started) / 1000).toFixed(0)} s.`;
const table = [header, '', ...lines, ''].join('\n');
console.log(`\n${table}`);
writeFileSync(values.out, table);
