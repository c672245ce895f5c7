import { type TUsersQuery, todayInItaly } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { createApplication, createOffer, createOwner, createPharmacist, giveCv, setApplicationStatus } from '../factories';
import { listUsers, usersPageFilter, usersPageQueries } from '../modules/admin/service';
import { historiesQuery, receivedApplicationsQuery } from '../modules/applications/service';
import { ownerOffersQuery } from '../modules/offers/service';
import { fastRows, preparedRows } from './fast-rows';

const t = useTestApp();

/** The hot lists (decision 033) read their rows with fastRows: each must give exactly what Drizzle's own mapping gives. */
describe('fastRows reads the same rows as Drizzle', () => {
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

    const queries = [
      () => ownerOffersQuery(db, owner.id, todayInItaly(new Date())),
      () => receivedApplicationsQuery(db, owner.id, { page: 1, page_size: 10 }),
      () => historiesQuery(db, [first.id]),
      () => usersPageQueries(db, usersPageFilter({ search: '', page: 1, page_size: 10 })).page,
    ];
    for (const query of queries) {
      const expected = await query();
      expect(expected.length).toBeGreaterThan(0);
      expect(await fastRows(query())).toEqual(expected);
    }
    const [received] = await fastRows(receivedApplicationsQuery(db, owner.id, { page: 1, page_size: 10 }));
    expect(received?.submittedAt).toBeInstanceOf(Date);
    expect(Number(received?.total)).toBe(2);
  });
});

/** /offers/mine/ and /users/all/ run their selects as statements built once (docs/decisions/034). */
describe('preparedRows runs a statement built once with each call’s own values', () => {
  it('gives each owner their own offers, exactly as the select built with values', async () => {
    const db = t.database.db;
    const [first, second] = [await createOwner(db), await createOwner(db)];
    await createOffer(db, first.id, { title: 'Primo turno', hourlyPay: 21.5 });
    await createOffer(db, first.id, { title: 'Secondo turno' });
    await createOffer(db, second.id, { title: 'Turno altrui' });
    const today = todayInItaly(new Date());
    const prepared = (ownerId: number) =>
      preparedRows(db, 'test_owner_offers', () => ownerOffersQuery(db, sql.placeholder('ownerId'), sql.placeholder('today')), {
        ownerId,
        today,
      });
    for (const owner of [first, second, first])
      expect(await prepared(owner.id)).toEqual(await ownerOffersQuery(db, owner.id, today));
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
});
