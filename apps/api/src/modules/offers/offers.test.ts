import { MESSAGES, todayInItaly } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, login, type TTestApp } from '../../../test/helpers';
import { profiles } from '../../db/schema';
import { createAdmin, createOffer, createOwner, createPharmacist } from '../../factories';

let t: TTestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const day = (offset: number) => todayInItaly(new Date(Date.now() + offset * 86_400_000));
const validOffer = () => ({
  title: 'Turno festivo',
  description: 'Banco e consulenza, 9-13 e 16-20.',
  date_from: day(3),
  date_to: day(3),
  salary: '20 €/ora',
});

async function as(kind: 'farmacista' | 'titolare' | 'admin', profile?: Record<string, unknown>) {
  const user =
    kind === 'farmacista'
      ? await createPharmacist(t.database.db)
      : kind === 'titolare'
        ? await createOwner(t.database.db, { profile })
        : await createAdmin(t.database.db);
  const tokens = await login(t.app, user.email, user.password);
  return { user, headers: bearer(tokens.access) };
}

describe('POST /api/offers/create/', () => {
  it('publishes a single-day offer, with the pharmacy and the position of its comune', async () => {
    const owner = await as('titolare', { comune_farmacia: 'Milano', denominazione_farmacia: 'Farmacia Brera' });
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
      date_from: day(3),
      date_to: day(3),
      denominazione_farmacia: 'Farmacia Brera',
      comune_farmacia: 'Milano',
      message: MESSAGES.offerCreated,
    });
    expect(offer.lat).toBeCloseTo(45.46, 1);
    expect(offer.lng).toBeCloseTo(9.19, 1);
  });

  it('uses the coordinates an admin set on the owner rather than the comune centroid', async () => {
    const owner = await as('titolare');
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
    ['an end before the start', { date_from: day(5), date_to: day(4) }, MESSAGES.offerDateOrder],
    ['an end date already past', { date_from: day(-3), date_to: day(-1) }, MESSAGES.offerDateInPast],
    ['a one-day offer on a past day', { date_from: day(-1), date_to: day(-1) }, MESSAGES.offerDayInPast],
    ['a salary of 101 characters', { salary: 'x'.repeat(101) }, MESSAGES.offerSalaryTooLong],
  ])('refuses %s with the Italian message and publishes nothing', async (_, change, message) => {
    const owner = await as('titolare');
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
    ['a one-day offer', { date_from: day(-1), date_to: day(-1) }, { date_from: MESSAGES.offerDayInPast }],
    ['a multi-day offer', { date_from: day(-3), date_to: day(-1) }, { date_to: MESSAGES.offerDateInPast }],
  ])('names the past date of %s after the field the owner sees', async (_, change, fields) => {
    const owner = await as('titolare');
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
      const { headers } = await as(kind);
      const response = await t.app.inject({ method: 'POST', url: '/api/offers/create/', headers, payload: validOffer() });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MESSAGES.forbidden);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/offers/create/', payload: validOffer() })).statusCode).toBe(401);
  });
});

describe('PUT /api/offers/{id}/update/ and DELETE /api/offers/{id}/delete/', () => {
  it('lets the owner edit and delete their offer', async () => {
    const owner = await as('titolare');
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
    const owner = await as('titolare');
    const offer = await createOffer(t.database.db, owner.user.id, { title: 'Originale' });
    const intruder = await as('titolare');
    const pharmacist = await as('farmacista');
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

  it('answers 404 to an id that is not a number or does not exist', async () => {
    const owner = await as('titolare');
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
    await createOffer(t.database.db, milano.id, { title: 'Finisce oggi', dateFrom: day(-2), dateTo: day(0) });
    await createOffer(t.database.db, milano.id, { title: 'Scaduta', dateFrom: day(-5), dateTo: day(-1) });
    await createOffer(t.database.db, bergamo.id, { title: 'A Bergamo', dateFrom: day(1), dateTo: day(9) });

    for (const kind of ['farmacista', 'titolare', 'admin'] as const) {
      const { headers } = await as(kind);
      const titles = (await t.app.inject({ method: 'GET', url: '/api/offers/', headers }))
        .json()
        .map((o: { title: string }) => o.title);
      expect(titles.sort()).toEqual(['A Bergamo', 'Aperta senza date', 'Finisce oggi']);
    }
    const { headers } = await as('farmacista');
    const filtered = (await t.app.inject({ method: 'GET', url: '/api/offers/?comune=MIL', headers })).json();
    expect(filtered.map((o: { comune_farmacia: string }) => o.comune_farmacia)).toEqual(['Milano', 'Milano']);
    const literal = (await t.app.inject({ method: 'GET', url: '/api/offers/?comune=%25', headers })).json();
    expect(literal).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/' })).statusCode).toBe(401);
  });

  it('shows the owner their closed offers too, with the number of applications', async () => {
    const owner = await as('titolare');
    await createOffer(t.database.db, owner.user.id, { title: 'Scaduta', dateFrom: day(-5), dateTo: day(-1) });
    const mine = (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers })).json();
    expect(mine).toMatchObject([{ title: 'Scaduta', is_open: false, applications_count: 0 }]);
    const pharmacist = await as('farmacista');
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: pharmacist.headers })).statusCode).toBe(403);
  });
});

describe('the open offers list under load', () => {
  it('shows a new, edited or deleted offer at once, although the list is cached', async () => {
    const owner = await as('titolare');
    const pharmacist = await as('farmacista');
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

  it('drops offers that closed yesterday when the day changes, and serves the list compressed', async () => {
    const owner = await createOwner(t.database.db);
    await createOffer(t.database.db, owner.id, { title: 'Oggi', dateFrom: day(0), dateTo: day(0) });
    const { headers } = await as('farmacista');
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
    t.clock.advance(24 * 3600 * 1000);
    const tomorrow = await as('farmacista');
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/', headers: tomorrow.headers })).json()).toEqual([]);
  });
});
