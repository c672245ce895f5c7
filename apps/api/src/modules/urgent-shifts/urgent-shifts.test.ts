/**
 * Urgent shifts (decision 096, docs/rules.md#urgent-shifts): who may mark one, the 72 hours, who is told, the count the
 * owner sees, marking again, two marks at once, and the search listing it first.
 */
import { daysFromNow, romeInstant, type TMyOffer, type TOfferSearchResult } from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, signedIn, signedInAgain, useTestApp } from '../../../test/helpers';
import { actingFor, organisationOf, signedInMember } from '../../../test/organisation-members';
import {
  externalBusyTimes,
  externalCalendars,
  mailOutbox,
  notifications,
  professionalFiles,
  urgentAlerts,
  users,
} from '../../db/schema';
import { createApplication, createOffer, createPharmacist, giveAvailability, setApplicationStatus } from '../../factories';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);

/** The owner's pharmacy is in Roma (the factory's); tomorrow from 08:00 to 14:00 starts within 72 hours. */
async function soonShift(ownerId: number, overrides: Parameters<typeof createOffer>[2] = {}) {
  return createOffer(t.app.db, ownerId, {
    title: 'Turno urgente di domani',
    dateFrom: day(1),
    dateTo: day(1),
    startTime: '08:00',
    endTime: '14:00',
    ...overrides,
  });
}

/** A pharmacist free on these days (whole days unless told) within her radius of Roma, by default. */
async function freePharmacist(
  days: { date: string; part?: 'giornata' | 'mattina' | 'pomeriggio' | 'notte' }[],
  calendar: { comune?: string; radius_km?: number; min_pay?: number | null } = {},
  user?: { emailConfirmed?: boolean },
) {
  const pharmacist = await createPharmacist(t.app.db, user);
  await giveAvailability(
    t.app.db,
    pharmacist.id,
    { comune: 'Roma', radius_km: 30, ...calendar, days: days.map((d) => ({ date: d.date, part: d.part ?? 'giornata' })) },
    t.clock.now,
  );
  return pharmacist.id;
}

const mark = (offerId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/api/offers/${offerId}/urgent/`, headers });

async function told(offerId: number) {
  const alerts = await t.app.db
    .select({ id: urgentAlerts.pharmacistId })
    .from(urgentAlerts)
    .where(eq(urgentAlerts.offerId, offerId));
  return alerts.map((row) => row.id).sort((a, b) => a - b);
}

const urgentNotifications = (userId?: number) =>
  t.app.db
    .select({ userId: notifications.userId, title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.type, 'urgent_shift'), userId === undefined ? undefined : eq(notifications.userId, userId)));

describe('POST /api/offers/{id}/urgent/: who may', () => {
  it('answers 401 without a session, 403 to a pharmacist and to a read-only member, 404 to another pharmacy; changes nothing', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id);
    await freePharmacist([{ date: day(1) }]);
    const pharmacist = await signedIn(t.app, 'farmacista');
    const other = await signedIn(t.app, 'titolare');
    const reader = await signedInMember(t.app, await organisationOf(t.app.db, owner.user.id), 'consultazione', [owner.user.id]);

    expect((await mark(id, {})).statusCode).toBe(401);
    expect((await mark(id, pharmacist.headers)).statusCode).toBe(403);
    expect((await mark(id, actingFor(reader, owner.user.id))).statusCode).toBe(403);
    const foreign = await mark(id, other.headers);
    expect(foreign.statusCode).toBe(404);
    expect(await told(id)).toEqual([]);
    expect(await urgentNotifications()).toEqual([]);
    const mine = await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers });
    expect(mine.json<TMyOffer[]>()[0]).toMatchObject({ id, urgent: false, urgent_reached: 0 });
  });

  it('lets a manager of the pharmacy (X-Farmacia) mark it, as any write of its offers', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id);
    const anna = await freePharmacist([{ date: day(1) }]);
    const manager = await signedInMember(t.app, await organisationOf(t.app.db, owner.user.id), 'responsabile', [owner.user.id]);

    const answer = await mark(id, actingFor(manager, owner.user.id));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id,
      urgent: true,
      urgent_reached: 1,
      message: 'Turno segnato come urgente: avvisato 1 farmacista.',
    });
    expect(await told(id)).toEqual([anna]);
  });
});

describe('POST /api/offers/{id}/urgent/: the 72 hours and the open offer', () => {
  it('refuses with 409 a shift too far ahead, one without a date, a closed one, one waiting for approval, changing nothing', async () => {
    const owner = await signedIn(t.app, 'titolare');
    await freePharmacist([{ date: day(1) }, { date: day(4) }]);
    // Four days ahead from 08:00 is more than 72 hours away, whatever the time now.
    const far = await soonShift(owner.user.id, { dateFrom: day(4), dateTo: day(4) });
    const undated = await createOffer(t.app.db, owner.user.id, { dateFrom: null, dateTo: null });
    const closed = await soonShift(owner.user.id, { closedAt: t.clock.now });
    const pending = await soonShift(owner.user.id, { publishedAt: null });

    const tooFar = await mark(far.id, owner.headers);
    expect(tooFar.statusCode).toBe(409);
    expect(tooFar.json()).toMatchObject({
      code: 'urgent_too_early',
      message: 'Un turno può essere segnato come urgente solo nelle 72 ore prima del suo inizio.',
    });
    expect((await mark(undated.id, owner.headers)).json()).toMatchObject({ code: 'offer_without_date' });
    for (const offer of [closed, pending]) {
      const answer = await mark(offer.id, owner.headers);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ code: 'offer_not_open' });
    }
    for (const offer of [far, undated, closed, pending]) expect(await told(offer.id)).toEqual([]);
    expect(await urgentNotifications()).toEqual([]);
  });

  it('refuses (409) once the first day has started, even while the offer stays open for its other days', async () => {
    let owner = await signedIn(t.app, 'titolare');
    await freePharmacist([{ date: day(1) }]);
    const { id } = await soonShift(owner.user.id, { dateTo: day(3) });
    t.clock.now = new Date(romeInstant(day(1), '08:01'));
    owner = await signedInAgain(t.app, owner);
    const answer = await mark(id, owner.headers);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({ code: 'shift_started' });
  });

  it('accepts it just inside the 72 hours', async () => {
    let owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id, { dateFrom: day(5), dateTo: day(5) });
    t.clock.now = new Date(romeInstant(day(5), '08:00') - 72 * 3_600_000 + 60_000);
    owner = await signedInAgain(t.app, owner);
    expect((await mark(id, owner.headers)).statusCode).toBe(200);
  });
});

describe('POST /api/offers/{id}/urgent/: who is told', () => {
  it('tells those free that day within their radius, in a part the hours fit, and no one else', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id, { hourlyPay: 20 });
    const anna = await freePharmacist([{ date: day(1) }]);
    const bea = await freePharmacist([{ date: day(1), part: 'mattina' }], { comune: 'Tivoli', radius_km: 40 });
    // Milano is far beyond her 30 km; she is free another day; she is free only in the afternoon (the shift ends at 14:00).
    await freePharmacist([{ date: day(1) }], { comune: 'Milano' });
    await freePharmacist([{ date: day(2) }]);
    await freePharmacist([{ date: day(1), part: 'pomeriggio' }]);
    // She asks more than the 20 €/h offered; her address is not confirmed.
    await freePharmacist([{ date: day(1) }], { min_pay: 25 });
    await freePharmacist([{ date: day(1) }], {}, { emailConfirmed: false });
    // Suspended.
    const suspended = await freePharmacist([{ date: day(1) }]);
    await t.app.db.update(users).set({ suspendedAt: t.clock.now }).where(eq(users.id, suspended));
    // Booked that day: an accepted application for another shift covering it.
    const booked = await freePharmacist([{ date: day(1) }]);
    const other = await createOffer(t.app.db, owner.user.id, { dateFrom: day(0), dateTo: day(2) });
    const application = await createApplication(t.app.db, other.id, booked);
    await setApplicationStatus(t.app.db, { id: application.id, offerId: other.id }, 'accepted');
    // Busy in her external calendar from 10:00 to 11:00 that day.
    const busy = await freePharmacist([{ date: day(1) }]);
    await t.app.db.insert(externalCalendars).values({ userId: busy, urlSealed: 'x', host: 'calendar.example.com' });
    await t.app.db.insert(externalBusyTimes).values({
      userId: busy,
      startsAt: new Date(romeInstant(day(1), '10:00')),
      endsAt: new Date(romeInstant(day(1), '11:00')),
    });

    const answer = await mark(id, owner.headers);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      urgent: true,
      urgent_reached: 2,
      message: 'Turno segnato come urgente: avvisati 2 farmacisti.',
    });
    expect(await told(id)).toEqual([anna, bea].sort((a, b) => a - b));

    const bell = await urgentNotifications(anna);
    expect(bell).toEqual([
      {
        userId: anna,
        title: 'Turno urgente vicino a te',
        body: expect.stringContaining('«Turno urgente di domani»'),
        link: `/offerte/${id}`,
      },
    ]);
    expect(bell[0]?.body).toContain('(08:00–14:00)');
    expect((await urgentNotifications()).map((n) => n.userId).sort((a, b) => a - b)).toEqual([anna, bea].sort((a, b) => a - b));
    // The mail follows through the outbox, as for every notification.
    const [annaUser] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, anna));
    const mails = await t.app.db.select({ to: mailOutbox.to, subject: mailOutbox.subject }).from(mailOutbox);
    expect(mails.filter((mail) => mail.to === annaUser?.email)).toHaveLength(1);
  });

  it('an offer worked only freelance tells only those with a partita IVA and an insurance to its last day', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id, { legalForms: ['libera_professione'], ccnlLevel: null });
    await freePharmacist([{ date: day(1) }]);
    const ready = await freePharmacist([{ date: day(1) }]);
    await t.app.db
      .insert(professionalFiles)
      .values({ userId: ready, partitaIva: '12345678903', insuranceCompany: 'Assicura', insuranceExpiresOn: day(30) });

    expect((await mark(id, owner.headers)).json()).toMatchObject({ urgent_reached: 1 });
    expect(await told(id)).toEqual([ready]);
  });

  it('with nobody free: 200, no one told, "nessun farmacista"', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id);
    const answer = await mark(id, owner.headers);
    expect(answer.json()).toMatchObject({
      urgent: true,
      urgent_reached: 0,
      message: 'Turno segnato come urgente. Nessun farmacista libero nel raggio per ora.',
    });
  });

  it('marking again tells nobody again and answers the same count', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const { id } = await soonShift(owner.user.id);
    await freePharmacist([{ date: day(1) }]);
    expect((await mark(id, owner.headers)).json()).toMatchObject({ urgent_reached: 1 });
    // Someone free after the mark is not told by a second one.
    await freePharmacist([{ date: day(1) }]);
    const again = await mark(id, owner.headers);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      urgent: true,
      urgent_reached: 1,
      message: 'Il turno era già segnato come urgente (1 farmacista avvisato).',
    });
    expect(await urgentNotifications()).toHaveLength(1);
  });

  it('two marks at once: both 200 with the same count, one set of alerts and notifications', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const free = await Promise.all(Array.from({ length: 5 }, () => freePharmacist([{ date: day(1) }])));
    for (let round = 0; round < 4; round++) {
      const { id } = await soonShift(owner.user.id);
      const answers = await Promise.all([mark(id, owner.headers), mark(id, owner.headers)]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      expect(answers.map((a) => a.json().urgent_reached)).toEqual([5, 5]);
      expect(await told(id)).toEqual([...free].sort((a, b) => a - b));
      const bell = (await urgentNotifications()).filter((n) => n.link === `/offerte/${id}`);
      expect(bell).toHaveLength(5);
    }
  });
});

describe('urgent shifts in the lists', () => {
  it("the owner's list says urgent and how many were told; the search lists it first whatever the sort, without the count", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const pharmacist = await signedIn(t.app, 'farmacista');
    // The cheaper, later shift is the urgent one: by date or by pay it would come last.
    const first = await createOffer(t.app.db, owner.user.id, { title: 'Primo', dateFrom: day(1), dateTo: day(3), hourlyPay: 30 });
    const urgent = await soonShift(owner.user.id, { title: 'Urgente', dateFrom: day(2), dateTo: day(2), hourlyPay: 15 });
    await freePharmacist([{ date: day(2) }]);
    expect((await mark(urgent.id, owner.headers)).statusCode).toBe(200);

    const mineAnswer = await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: owner.headers });
    expect(mineAnswer.statusCode, mineAnswer.body).toBe(200);
    const mine = mineAnswer.json<TMyOffer[]>();
    expect(mine.find((o) => o.id === urgent.id)).toMatchObject({ urgent: true, urgent_reached: 1 });
    expect(mine.find((o) => o.id === first.id)).toMatchObject({ urgent: false, urgent_reached: 0 });

    for (const sort of ['date', 'pay', 'total', 'distance']) {
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/offers/?page=1&sort=${sort}&near=Roma`,
        headers: bearer(pharmacist.access),
      });
      expect(page.statusCode).toBe(200);
      const results = page.json<{ results: TOfferSearchResult[] }>().results;
      expect(results.map((o) => [o.title, o.urgent])).toEqual([
        ['Urgente', true],
        ['Primo', false],
      ]);
      expect(results[0]).not.toHaveProperty('urgent_reached');
    }

    // Once its start has passed it is no longer urgent, nor first.
    t.clock.now = new Date(romeInstant(day(2), '08:01'));
    const later = await signedInAgain(t.app, pharmacist);
    const after = await t.app.inject({ method: 'GET', url: '/api/offers/?page=1&sort=pay', headers: later.headers });
    expect(after.json<{ results: TOfferSearchResult[] }>().results.map((o) => [o.title, o.urgent])).toEqual([
      ['Primo', false],
      ['Urgente', false],
    ]);
  });
});
