/** Offers fill and close (decision 023): positions, the status an owner sees, closing and reopening, and who may. */
import { daysFromNow, MESSAGES, type TMyOffer, type TNotificationsPage, type TSentApplication } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { offers } from '../../db/schema';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';
import { offerStatusOf, offerStatusSql, openOfferCondition } from './status';

const t = useTestApp();
const call = hiringCalls(t);

const offerBody = (positions?: unknown) => ({
  title: 'Turno festivo',
  description: 'Banco e galenica',
  date_from: daysFromNow(3),
  date_to: daysFromNow(4),
  salary: '25 €/ora',
  ...(positions === undefined ? {} : { positions }),
});

describe('positions', () => {
  it('default to 1, are kept on create and update, and are in every offer answer', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/offers/create/',
      headers: owner.headers,
      payload: offerBody(),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().positions).toBe(1);
    const id = created.json().id as number;
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/${id}/update/`,
      headers: owner.headers,
      payload: offerBody(3),
    });
    expect(updated.json()).toMatchObject({ positions: 3, message: MESSAGES.offerUpdated });
    expect((await call.myOffers(owner)).json()[0]).toMatchObject({ positions: 3, status: 'open', accepted_count: 0 });
    expect((await call.openOffers(owner)).json()[0]).toMatchObject({ id, positions: 3 });
    // A client that does not know positions (written against the original contract) leaves them as they are.
    const unaware = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/${id}/update/`,
      headers: owner.headers,
      payload: offerBody(),
    });
    expect(unaware.json().positions).toBe(3);
  });

  it('must be a whole number from 1 to 20', async () => {
    const owner = await signedIn(t.app, 'titolare');
    for (const positions of [0, 21, 2.5, 'molti', -1]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/offers/create/',
        headers: owner.headers,
        payload: offerBody(positions),
      });
      expect(response.statusCode, String(positions)).toBe(400);
      expect(response.json().fields).toEqual({ positions: MESSAGES.offerPositions });
    }
    const twenty = await t.app.inject({
      method: 'POST',
      url: '/api/offers/create/',
      headers: owner.headers,
      payload: offerBody('20'),
    });
    expect(twenty.json().positions).toBe(20);
  });
});

describe('the offer-status rule', () => {
  it('says the same in JavaScript and in SQL', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const today = daysFromNow(0);
    const published = new Date();
    const cases = [
      { dateTo: null, closedAt: null, acceptedCount: 0, positions: 1, publishedAt: published },
      { dateTo: today, closedAt: null, acceptedCount: 1, positions: 2, publishedAt: published },
      { dateTo: null, closedAt: null, acceptedCount: 2, positions: 2, publishedAt: published },
      { dateTo: null, closedAt: new Date(), acceptedCount: 2, positions: 2, publishedAt: published },
      { dateTo: daysFromNow(-1), closedAt: new Date(), acceptedCount: 0, positions: 1, publishedAt: published },
      { dateTo: null, closedAt: null, acceptedCount: 0, positions: 1, publishedAt: null },
      { dateTo: null, closedAt: new Date(), acceptedCount: 0, positions: 1, publishedAt: null },
      { dateTo: daysFromNow(-1), closedAt: null, acceptedCount: 0, positions: 1, publishedAt: null },
    ];
    const expected = new Map<number, string>();
    for (const state of cases) {
      const { id } = await createOffer(t.database.db, owner.user.id, state);
      await t.database.db.update(offers).set({ acceptedCount: state.acceptedCount }).where(eq(offers.id, id));
      expected.set(id, offerStatusOf(state, today));
    }
    expect([...expected.values()]).toEqual([
      'open',
      'open',
      'filled',
      'closed',
      'expired',
      'pending_verification',
      'closed',
      'expired',
    ]);
    const rows = await t.database.db
      .select({ id: offers.id, status: offerStatusSql(today), open: sql<boolean>`${openOfferCondition(today)}` })
      .from(offers);
    expect(new Map(rows.map((row) => [row.id, row.status]))).toEqual(expected);
    expect(rows.every((row) => row.open === (row.status === 'open'))).toBe(true);
  });
});

describe("an owner's offers carry their status", () => {
  it('open, filled, closed and expired', async () => {
    const s = await hiringScenario(t);
    const anna = await s.pharmacist('Anna');
    const db = t.database.db;
    const filled = await createOffer(db, s.owner.user.id, { title: 'Piena' });
    await setApplicationStatus(
      db,
      { id: (await createApplication(db, filled.id, anna.user.id)).id, offerId: filled.id },
      'accepted',
    );
    await createOffer(db, s.owner.user.id, { title: 'Chiusa', closedAt: new Date() });
    await createOffer(db, s.owner.user.id, { title: 'Scaduta', dateFrom: daysFromNow(-3), dateTo: daysFromNow(-1) });
    const mine = (await call.myOffers(s.owner)).json() as TMyOffer[];
    const byTitle = Object.fromEntries(mine.map((o) => [o.title, [o.status, o.is_open]]));
    expect(byTitle).toEqual({
      'Turno sabato': ['open', true],
      Piena: ['filled', false],
      Chiusa: ['closed', false],
      Scaduta: ['expired', false],
    });
    // Only the open one is listed.
    expect(((await call.openOffers(anna)).json() as { title: string }[]).map((o) => o.title)).toEqual(['Turno sabato']);
  });
});

describe('closing and reopening', () => {
  it('closing answers the applications still waiting, keeps the accepted one, and stops new ones; reopening lets them in again', async () => {
    const s = await hiringScenario(t, { positions: 3 });
    const anna = await s.pharmacist('Anna');
    const bruno = await s.pharmacist('Bruno');
    const annaId = (await call.apply(anna, s.offer.id)).json().id as number;
    await call.apply(bruno, s.offer.id);
    await call.decide(s.owner, annaId, { decision: 'accepted' });

    const closed = await call.offerAction(s.owner, s.offer.id, 'close');
    expect(closed.statusCode).toBe(200);
    expect(closed.json()).toMatchObject({
      id: s.offer.id,
      status: 'closed',
      is_open: false,
      message: MESSAGES.offerClosedByOwner,
    });
    expect(((await call.mine(bruno)).json() as TSentApplication[])[0]).toMatchObject({
      status: 'rejected',
      message: MESSAGES.autoRejectClosed,
    });
    expect(((await call.mine(anna)).json() as TSentApplication[])[0]?.status).toBe('accepted');
    const brunoNotes = (await call.notifications(bruno)).json() as TNotificationsPage;
    expect(brunoNotes.results[0]).toMatchObject({ type: 'offer_closed', link: '/mie_candidature', read: false });
    expect((await call.notifications(anna)).json().results.map((n: { type: string }) => n.type)).toEqual([
      'application_accepted',
    ]);

    const carla = await s.pharmacist('Carla');
    const refused = await call.apply(carla, s.offer.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('offer_closed');
    const twice = await call.offerAction(s.owner, s.offer.id, 'close');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'offer_already_closed', message: MESSAGES.offerAlreadyClosed });

    const reopened = await call.offerAction(s.owner, s.offer.id, 'reopen');
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({ status: 'open', message: MESSAGES.offerReopened });
    expect((await call.apply(carla, s.offer.id)).statusCode).toBe(201);
    const notClosed = await call.offerAction(s.owner, s.offer.id, 'reopen');
    expect(notClosed.statusCode).toBe(409);
    expect(notClosed.json()).toMatchObject({ code: 'offer_not_closed', message: MESSAGES.offerNotClosed });
  });

  it('reopening once its dates have passed is 409', async () => {
    // Closed on its last day, and that day has passed.
    const s = await hiringScenario(t, { dateFrom: daysFromNow(-2), dateTo: daysFromNow(-1), closedAt: new Date() });
    const late = await call.offerAction(s.owner, s.offer.id, 'reopen');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'offer_expired', message: MESSAGES.offerCannotReopenExpired });
    expect((await call.myOffers(s.owner)).json()[0].status).toBe('expired');
  });

  it('only the owner closes or reopens: another owner and an unknown offer 404, a pharmacist or admin 403, nobody 401', async () => {
    const s = await hiringScenario(t);
    const anna = await s.pharmacist('Anna');
    const admin = await signedIn(t.app, 'admin');
    for (const action of ['close', 'reopen'] as const) {
      expect((await call.offerAction(s.otherOwner, s.offer.id, action)).statusCode).toBe(404);
      expect((await call.offerAction(s.owner, s.offer.id + 1000, action)).statusCode).toBe(404);
      expect((await call.offerAction(anna, s.offer.id, action)).statusCode).toBe(403);
      expect((await call.offerAction(admin, s.offer.id, action)).statusCode).toBe(403);
      expect((await call.offerAction(undefined, s.offer.id, action)).statusCode).toBe(401);
    }
    expect((await call.myOffers(s.owner)).json()[0].status).toBe('open');
  });
});

describe('an accepted pharmacist deletes their account', () => {
  it('frees their place: the filled offer is open again', async () => {
    const s = await hiringScenario(t);
    const anna = await s.pharmacist('Anna');
    await call.decide(s.owner, (await call.apply(anna, s.offer.id)).json().id, { decision: 'accepted' });
    expect((await call.myOffers(s.owner)).json()[0]).toMatchObject({ status: 'filled', accepted_count: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers: anna.headers })).statusCode).toBe(204);
    expect((await call.myOffers(s.owner)).json()[0]).toMatchObject({ status: 'open', accepted_count: 0 });
  });
});

describe('deleting an offer', () => {
  it('tells every applicant waiting or accepted, but not one who withdrew', async () => {
    const s = await hiringScenario(t, { positions: 2 });
    const anna = await s.pharmacist('Anna');
    const bruno = await s.pharmacist('Bruno');
    const carla = await s.pharmacist('Carla');
    const annaId = (await call.apply(anna, s.offer.id)).json().id as number;
    await call.apply(bruno, s.offer.id);
    const carlaId = (await call.apply(carla, s.offer.id)).json().id as number;
    await call.decide(s.owner, annaId, { decision: 'accepted' });
    await call.withdraw(carla, carlaId);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/offers/${s.offer.id}/delete/`, headers: s.owner.headers });
    expect(deleted.statusCode).toBe(204);
    const types = async (who: typeof anna) =>
      ((await call.notifications(who)).json() as TNotificationsPage).results.map((n) => n.type);
    expect(await types(anna)).toEqual(['offer_deleted', 'application_accepted']);
    expect(await types(bruno)).toEqual(['offer_deleted']);
    expect(await types(carla)).toEqual([]);
    expect((await call.mine(anna)).json()).toEqual([]);
  });
});
