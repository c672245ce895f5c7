import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/helpers';
import { createApplication, createOffer, createOwner, createPharmacist, giveCv, setApplicationStatus } from '../factories';
import { usersPageQueries } from '../modules/admin/service';
import { historiesQuery, receivedApplicationsQuery } from '../modules/applications/service';
import { ownerOffersQuery } from '../modules/offers/service';
import { fastRows } from './fast-rows';

const t = useTestApp();

/** The lists of issue 12 read their rows with fastRows: each must give exactly what Drizzle's own mapping gives. */
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
      () => ownerOffersQuery(db, owner.id, new Date()),
      () => receivedApplicationsQuery(db, owner.id, { page: 1, page_size: 10 }),
      () => historiesQuery(db, [first.id]),
      () => usersPageQueries(db, { search: '', page: 1, page_size: 10 }).page,
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
