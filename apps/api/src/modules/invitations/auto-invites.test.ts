/**
 * 'Invita i farmacisti disponibili' (docs/rules.md#invitations): the auto-invitations job, moved by the test clock.
 * It invites the best matches up to LIMITS.autoInvitesPerPosition per position, favourites first when asked, again as
 * places free up, never above the cap, never twice the same pharmacist, and two instances running it at once agree.
 */
import { daysFromNow, LIMITS } from '@farmaponte/shared';
import type { TAvailabilityDay } from '@farmaponte/shared/availability';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, buildOtherInstance, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { invitations, notifications } from '../../db/schema';
import { createApplication, createOffer, createPharmacist, giveAvailability, setVerification } from '../../factories';

const t = useTestApp();
const HOUR = 60 * 60 * 1000;
const others: { close(): Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(others.splice(0).map((app) => app.close()));
});

/** Two days from the day after tomorrow: the offer's days, and the days a free pharmacist has. */
const offerDays = () => [daysFromNow(3, t.clock.now), daysFromNow(4, t.clock.now)] as const;
const wholeDays = (dates: readonly string[]): TAvailabilityDay[] => dates.map((date) => ({ date, part: 'giornata' }));

/** A pharmacist free on `days` (both offer days unless said), starting from `comune`, with an albo check or not. */
async function freePharmacist(
  name: string,
  { comune = 'Milano', days = offerDays() as readonly string[], verified = true, minPay = null as number | null } = {},
) {
  const user = await createPharmacist(t.database.db, { profile: { name, surname: 'Libera' } });
  if (!verified) await setVerification(t.database.db, user.id, 'pending');
  await giveAvailability(t.database.db, user.id, { days: wholeDays(days), comune, radius_km: 100, min_pay: minPay }, t.clock.now);
  return user;
}

/** A verified owner in Milano who publishes through the API, with 'Invita i farmacisti disponibili'. */
async function publish(owner: TSignedIn, autoInvite: object, positions = 1) {
  const [from, to] = offerDays();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/offers/create/',
    headers: owner.headers,
    payload: {
      title: 'Due giorni al banco',
      description: 'Banco e dispensazione.',
      salary: '',
      date_from: from,
      date_to: to,
      hourly_pay: 18,
      positions,
      auto_invite: autoInvite,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

async function invitedTo(offerId: number) {
  const rows = await t.database.db
    .select({ id: invitations.id, pharmacistId: invitations.pharmacistId, invitedBy: invitations.invitedBy })
    .from(invitations)
    .where(eq(invitations.offerId, offerId))
    .orderBy(invitations.id);
  return rows;
}

const run = () => t.app.jobs.run('auto-invitations');

describe('the platform invites for an offer', () => {
  it('the best matches at once, verified then nearest, up to the cap; again when one declines; never twice', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const days = offerDays();
    const anna = await freePharmacist('Anna');
    const bea = await freePharmacist('Bea', { comune: 'Pavia' });
    const ciro = await freePharmacist('Ciro', { verified: false });
    const dora = await freePharmacist('Dora', { comune: 'Lodi', verified: false });
    // Not a match: free one day only, or asking more than the offer pays.
    await freePharmacist('Ezio', { days: [offerDays()[0]] });
    await freePharmacist('Fabio', { minPay: 25 });
    const offerId = await publish(owner, { mode: 'matches' });

    expect(await run()).toEqual({ offers: 1, invited: LIMITS.autoInvitesPerPosition });
    const first = await invitedTo(offerId);
    expect(first.map((row) => row.pharmacistId)).toEqual([anna.id, bea.id, ciro.id]);
    expect(new Set(first.map((row) => row.invitedBy))).toEqual(new Set(['auto']));
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, anna.id), eq(notifications.type, 'invitation_received')));
    expect(told).toHaveLength(1);

    // The cap is reached: nobody else, and nobody twice.
    expect(await run()).toEqual({ offers: 1, invited: 0 });
    expect(await invitedTo(offerId)).toHaveLength(LIMITS.autoInvitesPerPosition);

    // Anna declines: her place goes to the next match, and she is not asked again.
    const { access } = await login(t.app, anna.email, anna.password);
    const declined = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${first[0]?.id}/decline/`,
      headers: bearer(access),
      payload: {},
    });
    expect(declined.statusCode).toBe(200);
    expect(await run()).toEqual({ offers: 1, invited: 1 });
    expect((await invitedTo(offerId)).map((row) => row.pharmacistId)).toEqual([anna.id, bea.id, ciro.id, dora.id]);

    // They expire unanswered: newcomers are invited in their place, still never above the cap.
    t.clock.advance(LIMITS.invitationTtlHours * HOUR);
    const late = await Promise.all(['Gino', 'Ines', 'Lia', 'Mara'].map((name) => freePharmacist(name, { days })));
    expect(await run()).toEqual({ offers: 1, invited: LIMITS.autoInvitesPerPosition });
    const invitedLate = (await invitedTo(offerId)).slice(4).map((row) => row.pharmacistId);
    expect(invitedLate).toHaveLength(LIMITS.autoInvitesPerPosition);
    expect(invitedLate.every((id) => late.some((user) => user.id === id))).toBe(true);
  });

  it("the owner's favourites first, the others only after the delay", async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const favourite = (await freePharmacist('Anna', { comune: 'Pavia', verified: false })).id;
    const stranger = (await freePharmacist('Bea')).id;
    // Anna worked for this owner before, and is among their pharmacists.
    const earlier = await createOffer(t.database.db, owner.user.id);
    await createApplication(t.database.db, earlier.id, favourite);
    const added = await t.app.inject({ method: 'PUT', url: `/api/favourites/${favourite}/`, headers: owner.headers });
    expect(added.statusCode).toBe(200);
    const offerId = await publish(owner, { mode: 'favourites_first', delay_hours: 6 });

    expect(await run()).toEqual({ offers: 1, invited: 1 });
    expect((await invitedTo(offerId)).map((row) => row.pharmacistId)).toEqual([favourite]);
    t.clock.advance(6 * HOUR - 1000);
    expect(await run()).toEqual({ offers: 1, invited: 0 });
    t.clock.advance(1000);
    expect(await run()).toEqual({ offers: 1, invited: 1 });
    expect((await invitedTo(offerId)).map((row) => row.pharmacistId)).toEqual([favourite, stranger]);
  });

  it('an offer without dates cannot ask for it (400), nor a delay outside 1–72 hours', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const create = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/offers/create/',
        headers: owner.headers,
        payload: { title: 'Turno', description: 'Banco.', salary: '', hourly_pay: 18, ...payload },
      });
    const noDates = await create({ date_from: null, date_to: null, auto_invite: { mode: 'matches' } });
    expect(noDates.statusCode).toBe(400);
    expect(noDates.json().fields).toHaveProperty('auto_invite');
    const [from, to] = offerDays();
    for (const delay_hours of [0, 73, undefined]) {
      const refused = await create({ date_from: from, date_to: to, auto_invite: { mode: 'favourites_first', delay_hours } });
      expect(refused.statusCode).toBe(400);
    }
    expect((await create({ date_from: from, date_to: to, auto_invite: { mode: 'whoever' } })).statusCode).toBe(400);
  });
});

describe('two instances running the job at once', () => {
  it('invite each match once and never above the cap', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { comune_farmacia: 'Milano' } });
    const free = (
      await Promise.all(['Anna', 'Bea', 'Ciro', 'Dora', 'Ezio', 'Fabio', 'Gino'].map((name) => freePharmacist(name)))
    ).map((user) => user.id);
    const other = await buildOtherInstance(t);
    others.push(other);
    for (let round = 0; round < 3; round++) {
      const offerIds = [await publish(owner, { mode: 'matches' }, 1), await publish(owner, { mode: 'matches' }, 2)];
      const rounds = await Promise.all([t.app.jobs.run('auto-invitations'), other.jobs.run('auto-invitations')]);
      expect(rounds.every((result) => result !== null)).toBe(true);
      for (const [i, offerId] of offerIds.entries()) {
        const rows = await invitedTo(offerId);
        const cap = LIMITS.autoInvitesPerPosition * (i + 1);
        // Skipped by one instance, topped up by the other, or by the next run: never above the cap, never twice.
        expect(rows.length).toBeLessThanOrEqual(cap);
        expect(new Set(rows.map((row) => row.pharmacistId)).size).toBe(rows.length);
        expect(rows.every((row) => free.includes(row.pharmacistId))).toBe(true);
      }
      await t.app.jobs.run('auto-invitations');
      for (const [i, offerId] of offerIds.entries())
        expect(await invitedTo(offerId)).toHaveLength(LIMITS.autoInvitesPerPosition * (i + 1));
    }
  });
});
