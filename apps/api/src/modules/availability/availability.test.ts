/**
 * A pharmacist's calendar (GET/PUT /api/availability/) and the verified owners' search of who is free
 * (GET /api/pharmacists/available/): who may, what is refused and why, what owners see (decision 070).
 */
import { addDays, daysFromNow, LIMITS, MESSAGES } from '@farmaponte/shared';
import { AVAILABILITY_MESSAGES, type TAvailabilityInput } from '@farmaponte/shared/availability';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { availability, availabilityDays } from '../../db/schema';
import {
  createApplication,
  createOffer,
  createOwner,
  createPharmacist,
  giveAvailability,
  setApplicationStatus,
  setVerification,
} from '../../factories';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);

const calendar = (overrides: Partial<TAvailabilityInput> = {}): TAvailabilityInput => ({
  days: [
    { date: day(3), part: 'mattina' },
    { date: day(1), part: 'giornata' },
    { date: day(3), part: 'notte' },
  ],
  comune: 'milano',
  radius_km: 25,
  min_pay: 22.5,
  visible: true,
  ...overrides,
});

function put(headers: Record<string, string>, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/availability/', headers, payload: payload as object });
}
function get(headers: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: '/api/availability/', headers });
}
function search(headers: Record<string, string> | undefined, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/pharmacists/available/${query}`, headers });
}

/** A verified owner whose pharmacy is in Milano. */
const milanoOwner = () => signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });

describe('a pharmacist’s calendar', () => {
  it('starts empty and hidden, suggesting the profile’s comune without storing it', async () => {
    const anna = await signedIn(t.app, 'farmacista', { profile: { comune: 'Bergamo', provincia_residenza: 'BG' } });
    const response = await get(anna.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      days: [],
      comune: 'Bergamo',
      province: 'BG',
      radius_km: 30,
      min_pay: null,
      visible: false,
      saved: false,
    });
    expect(await t.app.db.select().from(availability)).toEqual([]);
  });

  it('saves the whole calendar, the comune in its official spelling, and a second save replaces it', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const saved = await put(anna.headers, calendar());
    expect(saved.statusCode).toBe(200);
    const expected = {
      days: [
        { date: day(1), part: 'giornata' },
        { date: day(3), part: 'mattina' },
        { date: day(3), part: 'notte' },
      ],
      comune: 'Milano',
      province: 'MI',
      radius_km: 25,
      min_pay: 22.5,
      visible: true,
      saved: true,
    };
    expect(saved.json()).toEqual({ ...expected, message: AVAILABILITY_MESSAGES.saved });
    expect((await get(anna.headers)).json()).toEqual(expected);
    const [row] = await t.app.db.select().from(availability).where(eq(availability.userId, anna.user.id));
    expect(row).toMatchObject({ lat: 45.4683, lng: 9.19841 });

    const replaced = await put(anna.headers, {
      days: [{ date: day(0), part: 'pomeriggio' }],
      comune: 'Sesto San Giovanni',
      radius_km: 300,
      visible: false,
    });
    expect(replaced.json()).toMatchObject({
      days: [{ date: day(0), part: 'pomeriggio' }],
      comune: 'Sesto San Giovanni',
      radius_km: 300,
      min_pay: null,
      visible: false,
    });
    expect(await t.app.db.select().from(availabilityDays)).toHaveLength(1);
  });

  it('lets only pharmacists in: 401 logged out, 403 for an owner or an admin', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/availability/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/availability/', payload: calendar() })).statusCode).toBe(401);
    for (const role of ['titolare', 'admin'] as const) {
      const other = await signedIn(t.app, role);
      expect((await get(other.headers)).statusCode).toBe(403);
      expect((await put(other.headers, calendar())).statusCode).toBe(403);
    }
    expect(await t.app.db.select().from(availability)).toEqual([]);
  });

  it.each([
    [
      'a day before today',
      () => calendar({ days: [{ date: day(-1), part: 'giornata' }] }),
      'days',
      () => AVAILABILITY_MESSAGES.dayOutOfRange(day(-1)),
    ],
    [
      `a day more than ${LIMITS.availabilityDaysAhead} days ahead`,
      () => calendar({ days: [{ date: day(LIMITS.availabilityDaysAhead + 1), part: 'notte' }] }),
      'days',
      () => AVAILABILITY_MESSAGES.dayOutOfRange(day(LIMITS.availabilityDaysAhead + 1)),
    ],
    [
      'the same day and part twice',
      () =>
        calendar({
          days: [
            { date: day(2), part: 'mattina' },
            { date: day(2), part: 'mattina' },
          ],
        }),
      'days',
      () => AVAILABILITY_MESSAGES.dayTwice(day(2), 'mattina'),
    ],
    [
      'a whole day with a part of it',
      () =>
        calendar({
          days: [
            { date: day(2), part: 'mattina' },
            { date: day(2), part: 'giornata' },
          ],
        }),
      'days',
      () => AVAILABILITY_MESSAGES.wholeDayWithPart(day(2)),
    ],
    [
      'too many entries',
      () =>
        calendar({
          days: Array.from({ length: LIMITS.availabilityMaxEntries + 1 }, (_, i) => ({
            date: day(i % 180),
            part: 'notte' as const,
          })),
        }),
      'days',
      () => AVAILABILITY_MESSAGES.tooManyDays,
    ],
    [
      'an impossible date',
      () => calendar({ days: [{ date: '2026-02-30', part: 'notte' }] }),
      'days.0.date',
      () => AVAILABILITY_MESSAGES.dayInvalid,
    ],
    [
      'an unknown part',
      () => calendar({ days: [{ date: day(1), part: 'sera' as never }] }),
      'days.0.part',
      () => AVAILABILITY_MESSAGES.partInvalid,
    ],
    ['days that are not a list', () => calendar({ days: 'tutti' as never }), 'days', () => AVAILABILITY_MESSAGES.dayInvalid],
    ['an unknown comune', () => calendar({ comune: 'Nessunluogo' }), 'comune', () => AVAILABILITY_MESSAGES.comuneUnknown],
    ['no comune', () => calendar({ comune: '  ' }), 'comune', () => AVAILABILITY_MESSAGES.comuneRequired],
    ['a radius of 0 km', () => calendar({ radius_km: 0 }), 'radius_km', () => AVAILABILITY_MESSAGES.radius],
    ['a radius beyond 300 km', () => calendar({ radius_km: 301 }), 'radius_km', () => AVAILABILITY_MESSAGES.radius],
    ['a radius that is not whole', () => calendar({ radius_km: 2.5 }), 'radius_km', () => AVAILABILITY_MESSAGES.radius],
    [
      'a pay below the least',
      () => calendar({ min_pay: LIMITS.hourlyPayMin - 1 }),
      'min_pay',
      () => AVAILABILITY_MESSAGES.minPay,
    ],
    ['a pay above the most', () => calendar({ min_pay: LIMITS.hourlyPayMax + 1 }), 'min_pay', () => AVAILABILITY_MESSAGES.minPay],
    ['a pay with three decimals', () => calendar({ min_pay: 20.555 }), 'min_pay', () => AVAILABILITY_MESSAGES.minPay],
    ['no visibility', () => calendar({ visible: 'sì' as never }), 'visible', () => AVAILABILITY_MESSAGES.visible],
  ])('refuses %s with 400 on its field, and changes nothing', async (_name, payload, field, message) => {
    const anna = await signedIn(t.app, 'farmacista');
    await put(anna.headers, calendar({ days: [{ date: day(9), part: 'giornata' }] }));
    const before = await tableSnapshot(t.database);
    const refused = await put(anna.headers, payload());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields?.[field]).toBe(message());
    expect(await tableSnapshot(t.database)).toEqual(before);
  });

  it('counts today and the window in the Italian calendar (just after midnight in Rome, UTC is still on yesterday)', async () => {
    t.clock.now = new Date('2026-06-30T22:30:00Z');
    const anna = await signedIn(t.app, 'farmacista');
    expect((await put(anna.headers, calendar({ days: [{ date: '2026-06-30', part: 'notte' }] }))).statusCode).toBe(400);
    const lastDay = addDays('2026-07-01', LIMITS.availabilityDaysAhead);
    const saved = await put(
      anna.headers,
      calendar({
        days: [
          { date: '2026-07-01', part: 'mattina' },
          { date: lastDay, part: 'notte' },
        ],
      }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().days).toEqual([
      { date: '2026-07-01', part: 'mattina' },
      { date: lastDay, part: 'notte' },
    ]);
  });

  it('leaves out the days of an accepted shift and shows them again when the acceptance is cancelled', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    await put(anna.headers, calendar());
    const owner = await createOwner(t.app.db);
    const offer = await createOffer(t.app.db, owner.id, { dateFrom: day(3), dateTo: day(3) });
    const application = { ...(await createApplication(t.app.db, offer.id, anna.user.id)), offerId: offer.id };
    await setApplicationStatus(t.app.db, application, 'accepted');
    expect((await get(anna.headers)).json().days).toEqual([{ date: day(1), part: 'giornata' }]);
    await setApplicationStatus(t.app.db, application, 'rejected', 'Turno annullato');
    expect((await get(anna.headers)).json().days).toHaveLength(3);
  });

  it('shows no past day, and the daily availability-prune job deletes them', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    await put(anna.headers, calendar());
    t.clock.advance(2 * 24 * 60 * 60 * 1000);
    const again = bearer((await login(t.app, anna.user.email, anna.user.password)).access);
    // The day that was tomorrow is now yesterday.
    expect((await get(again)).json().days.map((d: { date: string }) => d.date)).toEqual([day(1), day(1)]);
    expect(await t.app.jobs.run('availability-prune')).toEqual({ deleted: 1 });
    expect(await t.app.db.select().from(availabilityDays)).toHaveLength(2);
    expect(await t.app.jobs.run('availability-prune')).toEqual({ deleted: 0 });
  });

  it('two saves at once: one calendar wins whole, never a mix, never a 500', async () => {
    const anna = await signedIn(t.app, 'farmacista');
    const first = calendar({ days: Array.from({ length: 40 }, (_, i) => ({ date: day(i), part: 'mattina' as const })) });
    const second = calendar({
      comune: 'Bergamo',
      days: Array.from({ length: 40 }, (_, i) => ({ date: day(i + 50), part: 'notte' as const })),
    });
    for (let round = 0; round < 5; round++) {
      const answers = await Promise.all([put(anna.headers, first), put(anna.headers, second), put(anna.headers, first)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const stored = (await get(anna.headers)).json();
      const parts = new Set(stored.days.map((d: { part: string }) => d.part));
      expect(stored.days).toHaveLength(40);
      expect([...parts]).toEqual([stored.comune === 'Milano' ? 'mattina' : 'notte']);
    }
  });
});

describe('the owners’ search of who is free', () => {
  async function annaFree(): Promise<TSignedIn> {
    const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Verdi' } });
    await put(anna.headers, calendar({ min_pay: 20 }));
    return anna;
  }

  it('finds a visible pharmacist near the pharmacy with her days, and nothing private', async () => {
    const anna = await annaFree();
    const owner = await milanoOwner();
    const response = await search(owner.headers);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      count: 1,
      next: null,
      previous: null,
      from: day(0),
      to: day(30),
      results: [
        {
          pharmacist_id: anna.user.id,
          name: 'Anna',
          surname: 'Verdi',
          titolo: 'Laurea magistrale in Farmacia',
          comune: 'Milano',
          province: 'MI',
          lat: 45.4683,
          lng: 9.19841,
          distance_km: 0,
          days: [
            { date: day(1), part: 'giornata' },
            { date: day(3), part: 'mattina' },
            { date: day(3), part: 'notte' },
          ],
          albo_verified: true,
          rating: { count: 0, average: null },
          reliability: { completed: 0, late: 0, very_late: 0, no_show: 0, percentage: null },
        },
      ],
    });
    expect(response.body).not.toMatch(/3331234567|Via Torino|@example\.it/);
  });

  it('narrows by dates, pay offered, and a point with its radius; measures from the point', async () => {
    const anna = await annaFree();
    const owner = await milanoOwner();
    const found = async (query: string) => {
      const response = await search(owner.headers, query);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    expect((await found(`?from=${day(2)}&to=${day(3)}`)).results[0].days).toHaveLength(2);
    expect((await found(`?from=${day(4)}&to=${day(9)}`)).count).toBe(0);
    expect((await found('?min_pay=19')).count).toBe(0);
    expect((await found('?min_pay=20')).count).toBe(1);
    expect((await found('?near=Bergamo&radius_km=20')).count).toBe(0);
    expect((await found('?near=Bergamo&radius_km=50')).results[0]).toMatchObject({
      pharmacist_id: anna.user.id,
      distance_km: 45,
    });
    expect((await found('?lat=45.1773&lng=9.15016')).results[0].distance_km).toBe(32.6);
    // A radius without a point counts from the pharmacy.
    expect((await found('?radius_km=5')).count).toBe(1);
  });

  it('pages twenty at a time, nearest first, with links that keep the search', async () => {
    const owner = await milanoOwner();
    const comuni = ['Milano', 'Sesto San Giovanni', 'Rho', 'Monza'];
    for (let i = 0; i < LIMITS.availablePharmacistsPageSize + 1; i++) {
      const p = await createPharmacist(t.app.db);
      await giveAvailability(t.app.db, p.id, { comune: comuni[i % 4], days: [{ date: day(2), part: 'giornata' }] }, t.clock.now);
    }
    const first = (await search(owner.headers, '?min_pay=30')).json();
    expect(first.count).toBe(LIMITS.availablePharmacistsPageSize + 1);
    expect(first.results).toHaveLength(LIMITS.availablePharmacistsPageSize);
    const distances = first.results.map((r: { distance_km: number }) => r.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(first.next).toContain('page=2');
    expect(first.next).toContain('min_pay=30');
    const second = (await search(owner.headers, first.next.replace('/api/pharmacists/available/', ''))).json();
    expect(second.results).toHaveLength(1);
    expect(second.results[0].distance_km).toBe(14);
  });

  it('lets only verified owners in: 401 logged out, 403 for other roles, 403 owner_not_verified while waiting or rejected', async () => {
    expect((await search(undefined)).statusCode).toBe(401);
    for (const role of ['farmacista', 'admin'] as const) {
      const other = await signedIn(t.app, role);
      expect((await search(other.headers)).statusCode).toBe(403);
    }
    const waiting = await signedIn(t.app, 'titolare', { verified: false, emailConfirmed: true });
    const refused = await search(waiting.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: AVAILABILITY_MESSAGES.ownerNotVerified, code: 'owner_not_verified' });
    await setVerification(t.app.db, waiting.user.id, 'rejected', { reason: 'Documento illeggibile' });
    expect((await search(waiting.headers)).json().code).toBe('owner_not_verified');
    await setVerification(t.app.db, waiting.user.id, 'verified');
    expect((await search(waiting.headers)).statusCode).toBe(200);
  });

  it.each([
    ['a start before today', () => `?from=${day(-1)}`, 'from', () => AVAILABILITY_MESSAGES.searchFromPast],
    ['an end before the start', () => `?from=${day(5)}&to=${day(4)}`, 'to', () => MESSAGES.searchDateOrder],
    [
      'a range too long',
      () => `?from=${day(0)}&to=${day(LIMITS.availablePharmacistsMaxRangeDays + 1)}`,
      'to',
      () => AVAILABILITY_MESSAGES.searchRange,
    ],
    ['an impossible date', () => '?from=2026-02-30', 'from', () => MESSAGES.searchDate],
    ['an unknown comune', () => '?near=Nessunluogo', 'near', () => MESSAGES.searchNear],
    ['a latitude without longitude', () => '?lat=45', 'lng', () => MESSAGES.searchPointIncomplete],
    ['a comune and coordinates', () => '?near=Milano&lat=45&lng=9', 'near', () => MESSAGES.searchPointTwice],
    ['a radius beyond 300 km', () => '?radius_km=301', 'radius_km', () => MESSAGES.searchRadius],
    ['a pay out of range', () => '?min_pay=1000', 'min_pay', () => AVAILABILITY_MESSAGES.searchPay],
    ['page 0', () => '?page=0', 'page', () => MESSAGES.searchPage],
  ])('refuses %s with 400 on its field', async (_name, query, field, message) => {
    const owner = await milanoOwner();
    const refused = await search(owner.headers, query());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields?.[field]).toBe(message());
  });

  it('answers 409 when the pharmacy has no position', async () => {
    const owner = await milanoOwner();
    await t.app.db.execute(
      sql`update profiles set comune_farmacia = '', lat = null, lng = null where user_id = ${owner.user.id}`,
    );
    const refused = await search(owner.headers);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('pharmacy_position_unknown');
  });
});
