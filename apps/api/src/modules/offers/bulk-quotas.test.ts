/**
 * The quotas of many shifts at once (decision 090): the open offers of a pharmacy and of its organisation hold for a
 * whole request, and under publishes at once; a bulk request is one unit of its own hourly quota.
 */
import { daysFromNow, LIMITS, MESSAGES } from '@farmaponte/shared';
import { BULK_MESSAGES } from '@farmaponte/shared/bulk-offers';
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { addPharmacy, organisationOf } from '../../../test/organisation-members';
import { applications, offers } from '../../db/schema';
import { giveCv } from '../../factories';
import { insertOffers } from './lifecycle';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);
const template = { title: 'Turno', description: 'Banco e dispensazione.', hourly_pay: 19 };
const days = (count: number, from = 1) => Array.from({ length: count }, (_, i) => day(from + i));
const bulk = (headers: Record<string, string>, dates: string[], pharmacyId?: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/offers/bulk/',
    headers: pharmacyId ? { ...headers, 'x-farmacia': String(pharmacyId) } : headers,
    payload: { ...template, dates },
  });

/** One offer through the single publish, POST /api/offers/create/. */
const publishOne = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/offers/create/',
    headers,
    payload: { ...template, date_from: day(3), date_to: day(3) },
  });

/** `n` open offers of a pharmacy, written in one statement. */
const openOffers = (pharmacyId: number, n: number) =>
  insertOffers(
    t.app.db,
    pharmacyId,
    Array.from({ length: n }, () => ({ title: 'Aperta', description: 'Banco.' })),
  );

async function openCount(pharmacyIds: number[]): Promise<number> {
  const [row] = await t.app.db
    .select({ n: count() })
    .from(offers)
    .where(and(inArray(offers.ownerId, pharmacyIds), isNull(offers.closedAt)));
  return Number(row?.n ?? 0);
}

/** An owner whose organisation has `full` more pharmacies of 100 open offers and one of `rest`: `100 × full + rest` open. */
async function organisationNearItsLimit(full: number, rest: number) {
  const owner = await signedIn(t.app, 'titolare');
  const organisation = await organisationOf(t.app.db, owner.user.id);
  const pharmacies = [owner.user.id];
  for (let i = 0; i <= full; i++) {
    const id = await addPharmacy(t.app.db, organisation, { name: `Farmacia ${i + 1}` });
    await openOffers(id, i < full ? LIMITS.openOffersPerOwner : rest);
    pharmacies.push(id);
  }
  return { owner, pharmacies };
}

describe('the open offers of a pharmacy', () => {
  it('refuse a bulk publish that would pass them, naming how many are left; what fits is published', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Brera' } });
    await openOffers(owner.user.id, LIMITS.openOffersPerOwner - 3);
    const refused = await bulk(owner.headers, days(4));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'open_offers_limit',
      message: BULK_MESSAGES.pharmacyOpenLimit('Farmacia Brera', LIMITS.openOffersPerOwner - 3, 4),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await openCount([owner.user.id])).toBe(LIMITS.openOffersPerOwner - 3);
    expect((await bulk(owner.headers, days(3))).statusCode).toBe(201);
    expect(await openCount([owner.user.id])).toBe(LIMITS.openOffersPerOwner);
  });
});

describe('the open offers of an organisation', () => {
  it(`hold ${LIMITS.openOffersPerOrganisation} over all its pharmacies, for bulk and single publishes alike`, async () => {
    const { owner, pharmacies } = await organisationNearItsLimit(9, 98);
    const refused = await bulk(owner.headers, days(3));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'organisation_open_offers_limit',
      message: BULK_MESSAGES.organisationOpenLimit(LIMITS.openOffersPerOrganisation - 2, 3),
    });
    expect((await bulk(owner.headers, days(2))).statusCode).toBe(201);
    expect(await openCount(pharmacies)).toBe(LIMITS.openOffersPerOrganisation);
    const single = await publishOne(owner.headers);
    expect(single.statusCode).toBe(429);
    expect(single.json()).toMatchObject({
      code: 'organisation_open_offers_limit',
      message: BULK_MESSAGES.organisationOpenLimit(LIMITS.openOffersPerOrganisation, 1),
    });
  });

  it('hold under two bulk publishes at once near the limit: exactly the limit is left open', async () => {
    const { owner, pharmacies } = await organisationNearItsLimit(9, 98);
    // 998 open: six pharmacies ask for 2 each at once (the owner's own and five new ones, with room of their own); one
    // request fits (1000), two would not (1002).
    const organisation = await organisationOf(t.app.db, owner.user.id);
    const asking = [owner.user.id];
    for (let i = 0; i < 5; i++) asking.push(await addPharmacy(t.app.db, organisation, { name: `Nuova ${i + 1}` }));
    const answers = await Promise.all(asking.map((id) => bulk(owner.headers, days(2), id)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429, 429, 429, 429, 429]);
    expect(await openCount([...pharmacies, ...asking])).toBe(LIMITS.openOffersPerOrganisation);
  });

  it("hold a pharmacy's own limit under two bulk publishes at once", async () => {
    const owner = await signedIn(t.app, 'titolare');
    await openOffers(owner.user.id, LIMITS.openOffersPerOwner - 3);
    const answers = await Promise.all([bulk(owner.headers, days(2)), bulk(owner.headers, days(2, 5))]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 429]);
    expect(await openCount([owner.user.id])).toBe(LIMITS.openOffersPerOwner - 1);
  });
});

describe('the hourly quota of bulk requests', () => {
  it('counts a request as one, whatever its days, apart from the single offers', async () => {
    const owner = await signedIn(t.app, 'titolare');
    // More days than single offers an hour: a month of shifts is one request.
    expect((await bulk(owner.headers, days(LIMITS.offersPerOwnerPerHour + 10))).statusCode).toBe(201);
    const single = await publishOne(owner.headers);
    expect(single.statusCode).toBe(201);
    for (let i = 1; i < LIMITS.bulkRequestsPerPharmacyPerHour; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/offers/bulk/',
        headers: owner.headers,
        payload: { ...template, dates: [day(1)], check_only: true },
      });
    const refused = await bulk(owner.headers, days(1));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'bulk_quota', message: BULK_MESSAGES.bulkPerHourLimit });
  });
});

describe('a series closed while a pharmacist applies to one of its days', () => {
  it('leaves no application waiting on a closed day, and never answers 500', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const pharmacists = await Promise.all(Array.from({ length: 3 }, () => signedIn(t.app, 'farmacista')));
    await Promise.all(pharmacists.map((p) => giveCv(t.app.db, p.user.id)));
    const statuses: number[] = [];
    const refusals = new Set<string>();
    for (let round = 0; round < 5; round++) {
      const published = await bulk(owner.headers, days(3, 1 + round * 3));
      const seriesId: string = published.json().series[0].series_id;
      const ids = (await t.app.db.select({ id: offers.id }).from(offers).where(eq(offers.seriesId, seriesId))).map((r) => r.id);
      const answers = await Promise.all([
        ...pharmacists.map((p, i) =>
          t.app.inject({ method: 'POST', url: '/api/candidature/', headers: p.headers, payload: { offer_id: ids[i] } }),
        ),
        t.app.inject({ method: 'POST', url: `/api/offers/series/${seriesId}/close/`, headers: owner.headers }),
      ]);
      statuses.push(...answers.map((a) => a.statusCode));
      for (const answer of answers) if (answer.statusCode === 400) refusals.add(answer.json().message);
      const waiting = await t.app.db
        .select({ n: count() })
        .from(applications)
        .where(and(inArray(applications.offerId, ids), inArray(applications.status, ['sent', 'seen'])));
      expect(Number(waiting[0]?.n)).toBe(0);
    }
    expect(statuses.filter((s) => ![200, 201, 400].includes(s))).toEqual([]);
    // An application that came after the close is refused as for any closed offer.
    expect([...refusals].filter((message) => message !== MESSAGES.offerClosed)).toEqual([]);
  });
});
