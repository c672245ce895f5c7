/**
 * findMatchingPharmacists, the match the owners' search and the platform's invitations share (decision 070): who is
 * found, in which order, with which days.
 */
import { daysFromNow, type TProfileValues } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helpers';
import { users } from '../../db/schema';
import {
  createApplication,
  createOffer,
  createOwner,
  createPharmacist,
  giveAvailability,
  NO_ALBO_ENTRY,
  setApplicationStatus,
} from '../../factories';
import { findMatchingPharmacists, type TMatchQuery } from '.';

const t = useTestApp();

const MILANO = { lat: 45.4683, lng: 9.19841 };
const BERGAMO = { lat: 45.69661, lng: 9.67545 };
const PAVIA = { lat: 45.1773, lng: 9.15016 };

const day = (n: number) => daysFromNow(n, t.clock.now);

function match(query: Partial<TMatchQuery> = {}) {
  return findMatchingPharmacists(
    t.app.db,
    { pharmacy: MILANO, from: day(0), to: day(30), days: 'any', order: 'distance', limit: 20, offset: 0, ...query },
    t.clock.now,
  );
}

const ids = (found: { rows: { pharmacistId: number }[] }) => found.rows.map((row) => row.pharmacistId);

/** A pharmacist with a saved calendar (from Milano, 30 km, visible, by default). */
async function pharmacist(
  name: string,
  calendar: Parameters<typeof giveAvailability>[2],
  profile: Partial<TProfileValues> = {},
): Promise<number> {
  const user = await createPharmacist(t.app.db, { profile: { name, ...profile } });
  await giveAvailability(t.app.db, user.id, calendar, t.clock.now);
  return user.id;
}

describe('findMatchingPharmacists', () => {
  it('finds those whose radius covers the pharmacy and who are free in the range, nearest first, with nothing private', async () => {
    const anna = await pharmacist('Anna', {
      days: [
        { date: day(5), part: 'mattina' },
        { date: day(3), part: 'giornata' },
        { date: day(5), part: 'notte' },
      ],
    });
    const carla = await pharmacist('Carla', { comune: 'bergamo', radius_km: 50, days: [{ date: day(4), part: 'notte' }] });
    // Monza is 14 km from Milano, beyond her 10; Rome is far beyond 300.
    await pharmacist('Bruno', { comune: 'Monza', radius_km: 10, days: [{ date: day(3), part: 'giornata' }] });
    await pharmacist('Dario', { comune: 'Roma', radius_km: 300, days: [{ date: day(3), part: 'giornata' }] });
    // Hidden, or free only after the range.
    await pharmacist('Elena', { visible: false, days: [{ date: day(3), part: 'giornata' }] });
    await pharmacist('Franco', { days: [{ date: day(40), part: 'giornata' }] });

    const found = await match();
    expect(found.count).toBe(2);
    expect(found.rows).toEqual([
      {
        pharmacistId: anna,
        name: 'Anna',
        surname: 'Bianchi',
        titolo: 'Laurea magistrale in Farmacia',
        comune: 'Milano',
        province: 'MI',
        lat: MILANO.lat,
        lng: MILANO.lng,
        distanceKm: 0,
        days: [
          { date: day(3), part: 'giornata' },
          { date: day(5), part: 'mattina' },
          { date: day(5), part: 'notte' },
        ],
        alboVerified: true,
      },
      expect.objectContaining({
        pharmacistId: carla,
        comune: 'Bergamo',
        province: 'BG',
        distanceKm: 45,
        days: [{ date: day(4), part: 'notte' }],
      }),
    ]);
    // Only the days of the range.
    expect((await match({ from: day(4), to: day(4) })).rows.map((row) => [row.pharmacistId, row.days])).toEqual([
      [carla, [{ date: day(4), part: 'notte' }]],
    ]);
  });

  it('measures from `around` and, with its radius, keeps only those within it: both radii apply', async () => {
    const anna = await pharmacist('Anna', { days: [{ date: day(2), part: 'giornata' }] });
    const carla = await pharmacist('Carla', { comune: 'Bergamo', radius_km: 50, days: [{ date: day(2), part: 'mattina' }] });
    expect(ids(await match({ around: { ...BERGAMO, radiusKm: 10 } }))).toEqual([carla]);
    const fromBergamo = await match({ around: BERGAMO });
    expect(fromBergamo.rows.map((row) => [row.pharmacistId, row.distanceKm])).toEqual([
      [carla, 0],
      [anna, 45],
    ]);
    // Pavia is 33 km from Milano: within 20 km of it nobody, within 40 km Anna.
    expect(ids(await match({ around: { ...PAVIA, radiusKm: 20 } }))).toEqual([]);
    expect(ids(await match({ around: { ...PAVIA, radiusKm: 40 } }))).toEqual([anna]);
  });

  it("'all' asks for every day of the range, 'any' for one of them", async () => {
    const anna = await pharmacist('Anna', {
      days: [
        { date: day(3), part: 'giornata' },
        { date: day(5), part: 'mattina' },
      ],
    });
    const gina = await pharmacist('Gina', {
      days: [
        { date: day(3), part: 'mattina' },
        { date: day(3), part: 'pomeriggio' },
        { date: day(4), part: 'notte' },
        { date: day(5), part: 'giornata' },
      ],
    });
    expect(ids(await match({ from: day(3), to: day(5), days: 'any' }))).toEqual([anna, gina]);
    const all = await match({ from: day(3), to: day(5), days: 'all' });
    expect(all.count).toBe(1);
    expect(all.rows[0]).toMatchObject({ pharmacistId: gina, days: expect.arrayContaining([{ date: day(4), part: 'notte' }]) });
    expect(all.rows[0]?.days).toHaveLength(4);
    // Days before today never count: a range that starts yesterday asks from today.
    expect(ids(await match({ from: day(-1), to: day(3), days: 'all' }))).toEqual([]);
  });

  it('leaves out the days of an accepted shift, and gives them back when the acceptance ends', async () => {
    const anna = await pharmacist('Anna', {
      days: [
        { date: day(3), part: 'mattina' },
        { date: day(3), part: 'notte' },
        { date: day(6), part: 'giornata' },
      ],
    });
    const owner = await createOwner(t.app.db, { profile: { comune_farmacia: 'Milano' } });
    const offer = await createOffer(t.app.db, owner.id, { dateFrom: day(2), dateTo: day(4) });
    const undated = await createOffer(t.app.db, owner.id, { dateFrom: null, dateTo: null });
    const application = { ...(await createApplication(t.app.db, offer.id, anna)), offerId: offer.id };
    await setApplicationStatus(t.app.db, application, 'accepted');
    // An accepted offer without dates covers no day.
    const undatedApplication = await createApplication(t.app.db, undated.id, anna);
    await setApplicationStatus(t.app.db, { ...undatedApplication, offerId: undated.id }, 'accepted');

    expect((await match()).rows[0]?.days).toEqual([{ date: day(6), part: 'giornata' }]);
    expect(ids(await match({ from: day(3), to: day(3) }))).toEqual([]);
    expect(ids(await match({ from: day(6), to: day(6), days: 'all' }))).toEqual([anna]);

    await setApplicationStatus(t.app.db, application, 'rejected', 'Turno annullato');
    expect((await match({ from: day(3), to: day(3) })).rows[0]?.days).toEqual([
      { date: day(3), part: 'mattina' },
      { date: day(3), part: 'notte' },
    ]);
  });

  it('leaves out those who ask more than the pay offered; no pay given leaves out nobody', async () => {
    const anna = await pharmacist('Anna', { min_pay: 25, days: [{ date: day(1), part: 'giornata' }] });
    const carla = await pharmacist('Carla', { min_pay: null, days: [{ date: day(1), part: 'giornata' }] });
    expect(ids(await match({ minPay: 20 }))).toEqual([carla]);
    expect(ids(await match({ minPay: 25 }))).toEqual([anna, carla]);
    expect(ids(await match({ minPay: null }))).toEqual([anna, carla]);
    expect(ids(await match())).toEqual([anna, carla]);
  });

  it('keeps to `onlyIds` (none when empty) and leaves out `excludeIds`', async () => {
    const anna = await pharmacist('Anna', { days: [{ date: day(1), part: 'giornata' }] });
    const carla = await pharmacist('Carla', { comune: 'Bergamo', radius_km: 50, days: [{ date: day(1), part: 'giornata' }] });
    expect(ids(await match({ onlyIds: [carla] }))).toEqual([carla]);
    expect(await match({ onlyIds: [] })).toEqual({ count: 0, rows: [] });
    expect(ids(await match({ excludeIds: [anna] }))).toEqual([carla]);
    expect(ids(await match({ onlyIds: [anna, carla], excludeIds: [carla] }))).toEqual([anna]);
  });

  it("orders the albo-verified first with 'verified_then_distance', and pages with the whole count", async () => {
    const anna = await pharmacist('Anna', { days: [{ date: day(1), part: 'giornata' }] }, NO_ALBO_ENTRY);
    const rita = await pharmacist('Rita', { comune: 'Rho', days: [{ date: day(1), part: 'giornata' }] });
    const carla = await pharmacist('Carla', { comune: 'Bergamo', radius_km: 50, days: [{ date: day(1), part: 'giornata' }] });
    expect(ids(await match())).toEqual([anna, rita, carla]);
    const verifiedFirst = await match({ order: 'verified_then_distance' });
    expect(verifiedFirst.rows.map((row) => [row.pharmacistId, row.alboVerified])).toEqual([
      [rita, true],
      [carla, true],
      [anna, false],
    ]);
    const secondPage = await match({ limit: 2, offset: 2 });
    expect(secondPage.count).toBe(3);
    expect(ids(secondPage)).toEqual([carla]);
  });

  it('never finds a suspended account or one whose e-mail is not confirmed', async () => {
    const anna = await pharmacist('Anna', { days: [{ date: day(1), part: 'giornata' }] });
    const carla = await pharmacist('Carla', { days: [{ date: day(1), part: 'giornata' }] });
    const rita = await pharmacist('Rita', { days: [{ date: day(1), part: 'giornata' }] });
    await t.app.db.update(users).set({ suspendedAt: t.clock.now, suspendedReason: 'Profilo falso' }).where(eq(users.id, anna));
    await t.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, carla));
    expect(ids(await match())).toEqual([rita]);
  });
});
