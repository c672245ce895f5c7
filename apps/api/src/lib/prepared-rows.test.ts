import { readFileSync } from 'node:fs';
import { type TUsersQuery, todayInItaly } from '@farmaponte/shared';
import { asc, Column, eq, inArray, is, Placeholder, SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, useTestApp } from '../../test/helpers';
import type { TDb } from '../db/client';
import { applicationEvents, users } from '../db/schema';
import {
  createApplication,
  createOffer,
  createOwner,
  createPharmacist,
  giveCv,
  NO_ALBO_ENTRY,
  setApplicationStatus,
} from '../factories';
import { listUsers, usersPageFilter, usersPageQueries } from '../modules/admin/service';
import { historiesQuery, preparedReceivedPage, receivedApplicationsQuery, receivedPageFilter } from '../modules/hiring';
import { ownerOffersQuery } from '../modules/offers/service';
import { DrizzleInternalsChanged, decoderOf, preparedRows, selectInternals } from './prepared-rows';

const t = useTestApp();

/** Each statement of this file gets a name of its own: one name, one SQL text, on every pooled connection. */
let statements = 0;
const once = <T extends PromiseLike<unknown>>(db: object, query: () => T) =>
  preparedRows(db, `test_rows_${++statements}`, query, {});

/** The hot lists read their rows through preparedRows's mapper: each must give exactly what Drizzle's own mapping gives. */
describe('preparedRows reads the same rows as Drizzle', () => {
  it('dates, counts, decimals, aliased window counts and left-joined nulls alike', async () => {
    const db = t.database.db;
    const owner = await createOwner(db);
    const offer = await createOffer(db, owner.id, { title: 'Turno', hourlyPay: 20.5 });
    await createOffer(db, owner.id, { title: 'Senza paga' });
    const withCv = await createPharmacist(db);
    await giveCv(db, withCv.id);
    const withoutCv = await createPharmacist(db);
    const first = await createApplication(db, offer.id, withCv.id, new Date('2026-05-04T10:00:00Z'));
    await createApplication(db, offer.id, withoutCv.id);
    await setApplicationStatus(db, { id: first.id, offerId: offer.id }, 'accepted', 'Benvenuta');

    const queries: (() => PromiseLike<unknown[]>)[] = [
      () => ownerOffersQuery(db, [owner.id], todayInItaly(new Date())),
      () => receivedApplicationsQuery(db, [owner.id], receivedPageFilter({ page: 1, page_size: 10 })),
      () => historiesQuery(db, [first.id]),
      () => usersPageQueries(db, usersPageFilter({ search: '', page: 1, page_size: 10 })).page,
    ];
    for (const query of queries) {
      const expected = await query();
      expect(expected.length).toBeGreaterThan(0);
      expect(await once(db, query)).toEqual(expected);
    }
    const [received] = await once(db, () =>
      receivedApplicationsQuery(db, [owner.id], receivedPageFilter({ page: 1, page_size: 10 })),
    );
    expect(received?.submittedAt).toBeInstanceOf(Date);
    expect(Number(received?.total)).toBe(2);
  });

  it('refuses a select with nested objects, which needs Drizzle’s own mapping', async () => {
    const db = t.database.db;
    expect(() => once(db, () => db.select({ user: { id: users.id } }).from(users))).toThrow(/flat selects only/);
  });
});

/**
 * The Drizzle internals preparedRows relies on (docs/decisions/043), asserted one by one on the database this run
 * uses: a Drizzle upgrade that renames, moves or changes one of them fails here by name, instead of making the hot
 * lists slow (a fallback) or wrong (values in the wrong keys).
 */
describe('the Drizzle internals preparedRows uses', () => {
  const select = (db: TDb) =>
    db
      .select({
        id: users.id,
        createdAt: users.createdAt,
        doubled: sql<number>`${users.id} * 2`.mapWith(Number),
        total: sql<number>`count(*) over ()`.as('total'),
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('id')));

  it('drizzle-orm is pinned to the version these internals were checked on (decision 085)', () => {
    // Its public prepared statements map rows slower on the largest hot read (bench/prepared-rows.ts), so preparedRows
    // keeps these internals and the version is exact: an upgrade changes this line and runs this file on both databases.
    const api = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
    const lock = JSON.parse(readFileSync(new URL('../../../../package-lock.json', import.meta.url), 'utf8'));
    expect(api.dependencies['drizzle-orm']).toBe('0.45.4');
    expect(lock.packages['node_modules/drizzle-orm'].version).toBe('0.45.4');
  });

  it('a select keeps its fields in config.fields, in select order, with the decoders mapResultRow uses', () => {
    const internals = selectInternals(select(t.database.db), 'test');
    const { fields } = internals.config;
    expect(Object.keys(fields)).toEqual(['id', 'createdAt', 'doubled', 'total', 'email']);
    expect(is(fields.id, Column)).toBe(true);
    expect(is(fields.doubled, SQL)).toBe(true);
    expect(is(fields.total, SQL.Aliased)).toBe(true);
    expect(decoderOf(fields.createdAt)?.mapFromDriverValue('2026-05-04 10:00:00+00')).toEqual(new Date('2026-05-04T10:00:00Z'));
    expect(decoderOf(fields.doubled)?.mapFromDriverValue('14')).toBe(14);
    expect(decoderOf(fields.total)?.mapFromDriverValue('3')).toBe('3');
    expect(decoderOf({ nested: users.id })).toBeUndefined();
  });

  it('dialect.sqlToQuery renders $n parameters and leaves placeholders for execute to fill', () => {
    const internals = selectInternals(select(t.database.db), 'test');
    const query = internals.dialect.sqlToQuery(internals.getSQL()) as { sql: string; params: unknown[] };
    expect(query.sql).toMatch(/= \$1$/);
    expect(query.params).toHaveLength(1);
    expect(is(query.params[0], Placeholder)).toBe(true);
  });

  it('session.prepareQuery runs it with array rows of raw values and returns what the mapper returns', async () => {
    const db = t.database.db;
    const user = await createOwner(db);
    const internals = selectInternals(select(db), 'test');
    const seen: unknown[][] = [];
    const statement = internals.session.prepareQuery(
      internals.dialect.sqlToQuery(internals.getSQL()),
      undefined,
      `test_internals_${++statements}`,
      true,
      (rows) => {
        seen.push(...rows);
        return 'mapped';
      },
    );
    expect(await statement.execute({ id: user.id })).toBe('mapped');
    expect(seen).toHaveLength(1);
    const [id, createdAt, doubled, total, email] = seen[0] as unknown[];
    expect(id).toBe(user.id);
    // Drizzle's own type parsers: timestamps come raw, for the column's decoder; counts as the driver gives them.
    expect(typeof createdAt).toBe('string');
    expect(Number(doubled)).toBe(user.id * 2);
    expect(Number(total)).toBe(1);
    expect(email).toBe(user.email);
    expect(await statement.execute({ id: user.id + 1000 })).toBe('mapped');
    expect(seen).toHaveLength(1);
  });

  it('runs on a transaction as on the pool; on PostgreSQL, prepared by its name on the connection that ran it', async () => {
    const user = await createOwner(t.database.db);
    const name = `test_named_${++statements}`;
    const prepared = await t.database.db.transaction(async (tx) => {
      const rows = await preparedRows(tx, name, () => select(tx), { id: user.id });
      expect(rows.map((row) => [row.id, row.doubled, row.email])).toEqual([[user.id, user.id * 2, user.email]]);
      return rowsOf<{ name: string }>(await tx.execute(sql`select name from pg_prepared_statements`));
    });
    // PGlite runs every statement unnamed.
    expect(prepared.map((row) => row.name).includes(name)).toBe(t.database.kind === 'postgres');
  });

  it('a select without these internals is refused by name, not run another way', () => {
    expect(() => selectInternals({ config: {}, getSQL: () => sql`` }, 'owner_offers')).toThrow(DrizzleInternalsChanged);
    expect(() => selectInternals({ config: {}, getSQL: () => sql`` }, 'owner_offers')).toThrow(
      "owner_offers: Drizzle's select has no config.fields, session.prepareQuery, dialect.sqlToQuery",
    );
  });
});

/**
 * /offers/mine/, /users/all/ (docs/decisions/034) and the received applications (docs/decisions/036) run their selects
 * as statements built once.
 */
describe('preparedRows runs a statement built once with each call’s own values', () => {
  it('gives each owner their own offers, exactly as the select built with values', async () => {
    const db = t.database.db;
    const [first, second] = [await createOwner(db), await createOwner(db)];
    await createOffer(db, first.id, { title: 'Primo turno', hourlyPay: 21.5 });
    await createOffer(db, first.id, { title: 'Secondo turno' });
    await createOffer(db, second.id, { title: 'Turno altrui' });
    const today = todayInItaly(new Date());
    const prepared = (ownerId: number) =>
      preparedRows(
        db,
        'test_owner_offers',
        () => ownerOffersQuery(db, sql.placeholder('pharmacyIds'), sql.placeholder('today')),
        { pharmacyIds: [ownerId], today },
      );
    for (const owner of [first, second, first])
      expect(await prepared(owner.id)).toEqual(await ownerOffersQuery(db, [owner.id], today));
    expect((await prepared(second.id)).map((offer) => offer.title)).toEqual(['Turno altrui']);
    expect((await prepared(first.id)).map((offer) => offer.title).sort()).toEqual(['Primo turno', 'Secondo turno']);
  });

  it('pages users by role and page as the plain selects do', async () => {
    const db = t.database.db;
    for (let i = 0; i < 3; i++) {
      await createOwner(db);
      await createPharmacist(db);
    }
    const queries: TUsersQuery[] = [
      { search: '', page: 1, page_size: 2 },
      { search: '', page: 2, page_size: 2 },
      { search: '', role: 'titolare', page: 1, page_size: 10 },
      { search: '', role: 'farmacista', page: 2, page_size: 2 },
    ];
    for (const query of queries) {
      const plain = usersPageQueries(db, usersPageFilter(query));
      const [[total], rows] = [await plain.count, await plain.page];
      const listed = await listUsers(db, query);
      expect(listed.count).toBe(Number(total?.n));
      expect(listed.results.map((user) => [user.id, user.role])).toEqual(rows.map((user) => [user.id, user.role]));
      expect(listed.results.length).toBeGreaterThan(0);
      if (query.role) expect(listed.results.every((user) => user.role === query.role)).toBe(true);
    }
  });

  it('gives each owner their own received applications, by page, offer and status, as the plain select does', async () => {
    const db = t.database.db;
    const [first, second] = [await createOwner(db), await createOwner(db)];
    const [shift, night] = [await createOffer(db, first.id, { title: 'Turno' }), await createOffer(db, first.id)];
    const elsewhere = await createOffer(db, second.id, { title: 'Turno altrui' });
    for (let i = 0; i < 3; i++) {
      // The third pharmacist has declared no albo entry (decision 050).
      const pharmacist = await createPharmacist(db, i === 2 ? { profile: NO_ALBO_ENTRY } : {});
      if (i === 0) await giveCv(db, pharmacist.id);
      const at = (minutes: number) => new Date(Date.UTC(2026, 4, 4, 10, minutes));
      const applied = await createApplication(db, shift.id, pharmacist.id, at(i));
      if (i === 1) await setApplicationStatus(db, { id: applied.id, offerId: shift.id }, 'accepted', 'Benvenuta');
      await createApplication(db, night.id, pharmacist.id, at(10 + i));
      if (i < 2) await createApplication(db, elsewhere.id, pharmacist.id, at(20 + i));
    }
    const both = { id: [first.id, second.id] };
    const pages = [
      { owner: first, query: { page: 1, page_size: 2 } },
      { owner: second, query: { page: 1, page_size: 10 } },
      { owner: first, query: { page: 2, page_size: 2 } },
      { owner: first, query: { offer_id: shift.id, page: 1, page_size: 10 } },
      { owner: first, query: { status: 'accepted' as const, page: 1, page_size: 10 } },
      { owner: first, query: { offer_id: night.id, status: 'sent' as const, page: 1, page_size: 2 } },
      { owner: second, query: { offer_id: shift.id, page: 1, page_size: 10 } },
      { owner: first, query: { page: 1, page_size: 10 } },
      { owner: first, query: { albo_verified: true, page: 1, page_size: 10 } },
      { owner: first, query: { offer_id: shift.id, status: 'sent' as const, albo_verified: false, page: 1, page_size: 10 } },
      // Both pharmacies as one group: one statement text for any number of them.
      { owner: both, query: { page: 1, page_size: 10 } },
      { owner: both, query: { page: 2, page_size: 5 } },
    ];
    const seen: number[] = [];
    for (const { owner, query } of pages) {
      const filter = receivedPageFilter(query);
      const ids = Array.isArray(owner.id) ? owner.id : [owner.id];
      const prepared = await preparedReceivedPage(db, ids, filter);
      expect(prepared).toEqual(await receivedApplicationsQuery(db, ids, filter));
      seen.push(prepared.length);
    }
    // Pages of two, another owner's three, the rest, one offer's, the one accepted, one offer's sent, none, all six;
    // the two of the pharmacists whose albo entry is verified, one offer's sent by the one whose entry is not; the
    // group's eight: ten on a page, then three past the first five.
    expect(seen).toEqual([2, 2, 2, 3, 1, 2, 0, 6, 4, 1, 8, 3]);
  });

  it('reads the histories of any number of applications with one array parameter, as the IN list did', async () => {
    const db = t.database.db;
    const owner = await createOwner(db);
    const offer = await createOffer(db, owner.id);
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) {
      const pharmacist = await createPharmacist(db);
      const { id } = await createApplication(db, offer.id, pharmacist.id);
      if (i % 2) await setApplicationStatus(db, { id, offerId: offer.id }, 'rejected', `Motivo ${i}`);
      ids.push(id);
    }
    const withInList = (some: number[]) =>
      db
        .select({
          applicationId: applicationEvents.applicationId,
          status: applicationEvents.status,
          at: applicationEvents.at,
          message: applicationEvents.message,
          by: applicationEvents.actorName,
        })
        .from(applicationEvents)
        .where(inArray(applicationEvents.applicationId, some))
        .orderBy(asc(applicationEvents.applicationId), asc(applicationEvents.id));
    for (const some of [ids, [ids[1] as number], ids.slice(2), [...ids].reverse(), [0]]) {
      const prepared = await preparedRows(db, 'test_application_histories', () => historiesQuery(db, sql.placeholder('ids')), {
        ids: some,
      });
      expect(prepared).toEqual(await withInList(some));
      expect(await historiesQuery(db, some)).toEqual(prepared);
    }
    const all = await historiesQuery(db, ids);
    expect(all.map((row) => [row.applicationId, row.status])).toEqual([
      [ids[0], 'sent'],
      [ids[1], 'sent'],
      [ids[1], 'rejected'],
      [ids[2], 'sent'],
      [ids[3], 'sent'],
      [ids[3], 'rejected'],
    ]);
  });
});
