import { daysFromNow, MESSAGES } from '@farmaponte/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { offers, profiles } from '../../db/schema';
import { createOffer, createOwner } from '../../factories';
import { OPEN_OFFERS_CACHE_TTL_MS } from './open-offers-cache';
import { isOfferOpen, openOfferCondition } from './status';

const t = useTestApp();

const validOffer = () => ({
  title: 'Turno festivo',
  description: 'Banco e consulenza, 9-13 e 16-20.',
  date_from: daysFromNow(3),
  date_to: daysFromNow(3),
  salary: '20 €/ora',
});

describe('POST /api/offers/create/', () => {
  it('publishes a single-day offer, with the pharmacy and the position of its comune', async () => {
    const owner = await signedIn(t.app, 'titolare', {
      profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Brera' },
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/offers/create/',
      headers: owner.headers,
      payload: validOffer(),
    });
    expect(response.statusCode).toBe(201);
    const offer = response.json();
    expect(offer).toMatchObject({
      title: 'Turno festivo',
      date_from: daysFromNow(3),
      date_to: daysFromNow(3),
      denominazione_farmacia: 'Farmacia Brera',
      comune_farmacia: 'Milano',
      message: MESSAGES.offerCreated,
    });
    expect(offer.lat).toBeCloseTo(45.46, 1);
    expect(offer.lng).toBeCloseTo(9.19, 1);
  });

  it('uses the coordinates an admin set on the owner rather than the comune centroid', async () => {
    const owner = await signedIn(t.app, 'titolare');
    await t.database.db.update(profiles).set({ lat: 41.8, lng: 12.6 }).where(eq(profiles.userId, owner.user.id));
    const offer = (
      await t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: owner.headers, payload: validOffer() })
    ).json();
    expect([offer.lat, offer.lng]).toEqual([41.8, 12.6]);
  });

  it.each([
    ['a two-letter title', { title: '  ab  ' }, MESSAGES.offerTitle],
    ['a missing description', { description: '   ' }, MESSAGES.offerDescription],
    ['a start date in dd/mm/yyyy', { date_from: '01/02/2027' }, MESSAGES.offerDateFrom],
    ['an impossible end date', { date_to: '2027-02-30' }, MESSAGES.offerDateTo],
    ['an end before the start', { date_from: daysFromNow(5), date_to: daysFromNow(4) }, MESSAGES.offerDateOrder],
    ['an end date already past', { date_from: daysFromNow(-3), date_to: daysFromNow(-1) }, MESSAGES.offerDateInPast],
    ['a one-day offer on a past day', { date_from: daysFromNow(-1), date_to: daysFromNow(-1) }, MESSAGES.offerDayInPast],
    ['a salary of 101 characters', { salary: 'x'.repeat(101) }, MESSAGES.offerSalaryTooLong],
  ])('refuses %s with the Italian message and publishes nothing', async (_, change, message) => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/offers/create/',
      headers: owner.headers,
      payload: { ...validOffer(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json()).toEqual([]);
  });

  it.each([
    ['a one-day offer', { date_from: daysFromNow(-1), date_to: daysFromNow(-1) }, { date_from: MESSAGES.offerDayInPast }],
    ['a multi-day offer', { date_from: daysFromNow(-3), date_to: daysFromNow(-1) }, { date_to: MESSAGES.offerDateInPast }],
  ])('names the past date of %s after the field the owner sees', async (_, change, fields) => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/offers/create/',
      headers: owner.headers,
      payload: { ...validOffer(), ...change },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'date_in_past', fields });
  });

  it('refuses pharmacists and admins (403) and anonymous callers (401)', async () => {
    for (const kind of ['farmacista', 'admin'] as const) {
      const { headers } = await signedIn(t.app, kind);
      const response = await t.app.inject({ method: 'POST', url: '/api/offers/create/', headers, payload: validOffer() });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.forbidden);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/offers/create/', payload: validOffer() })).statusCode).toBe(401);
  });
});

describe('PUT /api/offers/{id}/update/ and DELETE /api/offers/{id}/delete/', () => {
  it('lets the owner edit and delete their offer', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const offer = await createOffer(t.database.db, owner.user.id);
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/${offer.id}/update/`,
      headers: owner.headers,
      payload: { ...validOffer(), title: 'Turno notturno' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: offer.id, title: 'Turno notturno', message: MESSAGES.offerUpdated });

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/offers/${offer.id}/delete/`, headers: owner.headers });
    expect(deleted.statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json()).toEqual([]);
  });

  it('refuses another owner (404, nothing changed), pharmacists (403) and anonymous callers (401)', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const offer = await createOffer(t.database.db, owner.user.id, { title: 'Originale' });
    const intruder = await signedIn(t.app, 'titolare');
    const pharmacist = await signedIn(t.app, 'farmacista');
    const put = (headers?: Record<string, string>) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/offers/${offer.id}/update/`,
        headers,
        payload: { ...validOffer(), title: 'Rubata' },
      });
    const del = (headers?: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/offers/${offer.id}/delete/`, headers });

    expect((await put(intruder.headers)).statusCode).toBe(404);
    expect((await del(intruder.headers)).statusCode).toBe(404);
    expect((await put(pharmacist.headers)).statusCode).toBe(403);
    expect((await del(pharmacist.headers)).statusCode).toBe(403);
    expect((await put()).statusCode).toBe(401);
    expect((await del()).statusCode).toBe(401);

    const mine = (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json();
    expect(mine.map((o: { title: string }) => o.title)).toEqual(['Originale']);
  });

  it('answers 400 to an id that is not a number and 404 to one that does not exist', async () => {
    const owner = await signedIn(t.app, 'titolare');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/offers/abc/delete/', headers: owner.headers })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/offers/999999/delete/', headers: owner.headers })).statusCode).toBe(
      404,
    );
  });
});

describe('GET /api/offers/', () => {
  it('lists only open offers, to any logged-in user, filtered by comune when asked', async () => {
    const milano = await createOwner(t.database.db, {
      profile: { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Duomo' },
    });
    const bergamo = await createOwner(t.database.db, { profile: { comune_farmacia: 'Bergamo' } });
    await createOffer(t.database.db, milano.id, { title: 'Aperta senza date' });
    await createOffer(t.database.db, milano.id, { title: 'Finisce oggi', dateFrom: daysFromNow(-2), dateTo: daysFromNow(0) });
    await createOffer(t.database.db, milano.id, { title: 'Scaduta', dateFrom: daysFromNow(-5), dateTo: daysFromNow(-1) });
    await createOffer(t.database.db, bergamo.id, { title: 'A Bergamo', dateFrom: daysFromNow(1), dateTo: daysFromNow(9) });

    for (const kind of ['farmacista', 'titolare', 'admin'] as const) {
      const { headers } = await signedIn(t.app, kind);
      const titles = (await t.app.inject({ method: 'GET', url: '/api/offers/', headers }))
        .json()
        .map((o: { title: string }) => o.title);
      expect(titles.sort()).toEqual(['A Bergamo', 'Aperta senza date', 'Finisce oggi']);
    }
    const { headers } = await signedIn(t.app, 'farmacista');
    const filtered = (await t.app.inject({ method: 'GET', url: '/api/offers/?comune=MIL', headers })).json();
    expect(filtered.map((o: { comune_farmacia: string }) => o.comune_farmacia)).toEqual(['Milano', 'Milano']);
    const literal = (await t.app.inject({ method: 'GET', url: '/api/offers/?comune=%25', headers })).json();
    expect(literal).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/' })).statusCode).toBe(401);
  });

  it('shows the owner their closed offers too, with the number of applications, and refuses pharmacists (403)', async () => {
    const owner = await signedIn(t.app, 'titolare');
    await createOffer(t.database.db, owner.user.id, { title: 'Scaduta', dateFrom: daysFromNow(-5), dateTo: daysFromNow(-1) });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json();
    expect(mine).toMatchObject([{ title: 'Scaduta', is_open: false, applications_count: 0 }]);
    const pharmacist = await signedIn(t.app, 'farmacista');
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: pharmacist.headers })).statusCode).toBe(403);
  });
});

describe('the cached open offers list', () => {
  it('shows an offer created, edited or deleted through the API on the very next read', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const pharmacist = await signedIn(t.app, 'farmacista');
    const titles = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/offers/', headers: pharmacist.headers }))
        .json()
        .map((o: { title: string }) => o.title);
    expect(await titles()).toEqual([]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/offers/create/',
      headers: owner.headers,
      payload: validOffer(),
    });
    expect(await titles()).toEqual(['Turno festivo']);
    const id = created.json().id;
    await t.app.inject({
      method: 'PUT',
      url: `/api/offers/${id}/update/`,
      headers: owner.headers,
      payload: { ...validOffer(), title: 'Turno serale' },
    });
    expect(await titles()).toEqual(['Turno serale']);
    await t.app.inject({ method: 'DELETE', url: `/api/offers/${id}/delete/`, headers: owner.headers });
    expect(await titles()).toEqual([]);
  });

  it("keeps serving the built list for the cache's lifetime to a change made behind the API's back", async () => {
    const owner = await createOwner(t.database.db);
    const { headers } = await signedIn(t.app, 'farmacista');
    const titles = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/offers/', headers })).json().map((o: { title: string }) => o.title);
    expect(await titles()).toEqual([]);
    await createOffer(t.database.db, owner.id, { title: 'Scritta nel database' });
    expect(await titles()).toEqual([]);
    t.clock.advance(OPEN_OFFERS_CACHE_TTL_MS + 1);
    expect(await titles()).toEqual(['Scritta nel database']);
  });

  it('drops offers that closed yesterday when the day changes, and serves the list compressed', async () => {
    const owner = await createOwner(t.database.db);
    await createOffer(t.database.db, owner.id, { title: 'Oggi', dateFrom: daysFromNow(0), dateTo: daysFromNow(0) });
    const { headers } = await signedIn(t.app, 'farmacista');
    const first = await t.app.inject({
      method: 'GET',
      url: '/api/offers/',
      headers: { ...headers, 'accept-encoding': 'br, gzip' },
    });
    expect(first.headers['content-encoding']).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(JSON.parse(brotliDecompressSync(first.rawPayload).toString()).map((o: { title: string }) => o.title)).toEqual([
      'Oggi',
    ]);
    // The same negotiation as every other answer (lib/compression.ts): q=0 refuses brotli, and a refusal of both gets JSON.
    const asked = (acceptEncoding: string) =>
      t.app.inject({ method: 'GET', url: '/api/offers/', headers: { ...headers, 'accept-encoding': acceptEncoding } });
    const gzipped = await asked('br;q=0, gzip');
    expect([gzipped.headers['content-encoding'], gzipped.headers.vary]).toEqual(['gzip', 'accept-encoding']);
    const { gunzipSync } = await import('node:zlib');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toHaveLength(1);
    const plain = await asked('br;q=0, gzip;q=0');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(1);
    t.clock.advance(24 * 3600 * 1000);
    const tomorrow = await signedIn(t.app, 'farmacista');
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/', headers: tomorrow.headers })).json()).toEqual([]);
  });
});

describe('the open-offer rule', () => {
  it('is open without an end date or up to its end date, closed after it, in JavaScript and in SQL alike', async () => {
    const owner = await createOwner(t.database.db);
    const today = daysFromNow(0);
    const cases = [
      { dateTo: null, open: true },
      { dateTo: daysFromNow(-1), open: false },
      { dateTo: today, open: true },
      { dateTo: daysFromNow(1), open: true },
    ];
    const ids = new Map<number, boolean>();
    for (const { dateTo, open } of cases) {
      expect(isOfferOpen(dateTo, today), String(dateTo)).toBe(open);
      ids.set((await createOffer(t.database.db, owner.id, { dateTo })).id, open);
    }
    const rows = await t.database.db
      .select({ id: offers.id, open: sql<boolean>`${openOfferCondition(today)}` })
      .from(offers)
      .where(inArray(offers.id, [...ids.keys()]));
    expect(new Map(rows.map((row) => [row.id, row.open]))).toEqual(ids);
  });
});
