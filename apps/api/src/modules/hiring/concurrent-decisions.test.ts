/**
 * Many writes on one offer at once, as an owner in a hurry makes them: every answer is a decision (2xx) or a clear
 * refusal (404, 409), never a 500, and the data stays right afterwards. On PostgreSQL these are the writes that could
 * deadlock; the lock order that keeps them apart is in docs/architecture.md and docs/decisions/035.
 */
import { MESSAGES } from '@farmaponte/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { applicationEvents, applications, notifications, offers } from '../../db/schema';
import { createApplication, createOffer, giveCv } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);

/** Signed-in pharmacists (a CV only where a test needs one: applications are made by the factory). */
async function pharmacists(n: number): Promise<TSignedIn[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => signedIn(t.app, 'farmacista', { profile: { name: `F${i}` } })));
}

/** Each pharmacist applies to the offer (the factory: no notification), in order. */
async function applyAll(offerId: number, who: TSignedIn[]): Promise<number[]> {
  const ids: number[] = [];
  for (const p of who) ids.push((await createApplication(t.database.db, offerId, p.user.id)).id);
  return ids;
}

async function offerRow(offerId: number) {
  const [row] = await t.database.db.select().from(offers).where(eq(offers.id, offerId));
  return row;
}

async function applicationRows(offerId: number) {
  return t.database.db.select().from(applications).where(eq(applications.offerId, offerId)).orderBy(applications.id);
}

async function notificationsOf(userIds: number[]) {
  if (!userIds.length) return [];
  return t.database.db.select().from(notifications).where(inArray(notifications.userId, userIds));
}

const accept = (owner: TSignedIn, id: number) => call.decide(owner, id, { decision: 'accepted' });

describe('twelve accepts at once on an offer with two positions', () => {
  it('answer 2 × 200 and 10 × 409 offer_filled, never 500; the others are answered and told', async () => {
    const s = await hiringScenario(t, { positions: 2 });
    const people = await pharmacists(12);
    for (let round = 0; round < 4; round++) {
      const offer = round === 0 ? s.offer : await createOffer(t.database.db, s.owner.user.id, { positions: 2 });
      const ids = await applyAll(offer.id, people);
      const answers = await Promise.all(ids.map((id) => accept(s.owner, id)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((code) => code === 200)).toHaveLength(2);
      expect(answers.filter((a) => a.statusCode === 409).map((a) => a.json().code)).toEqual(Array(10).fill('offer_filled'));
      expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(MESSAGES.applicationOfferFilled);

      expect((await offerRow(offer.id))?.acceptedCount).toBe(2);
      const rows = await applicationRows(offer.id);
      expect(rows.filter((r) => r.status === 'accepted')).toHaveLength(2);
      const rejected = rows.filter((r) => r.status === 'rejected');
      expect(rejected).toHaveLength(10);
      expect(new Set(rejected.map((r) => r.message))).toEqual(new Set([MESSAGES.autoRejectFilled]));
      // One notification per change: two acceptances, ten answers that the offer is filled.
      const told = await t.database.db
        .select({ type: notifications.type })
        .from(notifications)
        .where(
          and(
            inArray(
              notifications.userId,
              people.map((p) => p.user.id),
            ),
            eq(notifications.createdAt, t.clock.now),
          ),
        );
      expect(told.filter((n) => n.type === 'application_accepted')).toHaveLength(2);
      expect(told.filter((n) => n.type === 'application_rejected')).toHaveLength(10);
      t.clock.advance(1000);
    }
  });

  it('a later accept of an application answered because the offer filled is 409 offer_filled too', async () => {
    const s = await hiringScenario(t, { positions: 1 });
    const [anna, bruno] = await pharmacists(2);
    const [annas, brunos] = await applyAll(s.offer.id, [anna as TSignedIn, bruno as TSignedIn]);
    expect((await accept(s.owner, annas as number)).statusCode).toBe(200);
    const late = await accept(s.owner, brunos as number);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'offer_filled', message: MESSAGES.applicationOfferFilled });
  });
});

describe('decisions, withdrawals, a close, a reopen and a delete of one offer at once', () => {
  it('every answer is 2xx, 404 or 409, and afterwards the counts, the answers and the notifications agree', async () => {
    const s = await hiringScenario(t, { positions: 2 });
    const people = await pharmacists(12);
    // Two more apply in the burst: their answer is 201, or 400 offer_closed once the offer is closed or filled.
    const late = await Promise.all([s.pharmacist('Gino'), s.pharmacist('Lia')]);
    const seen: number[] = [];
    for (let round = 0; round < 6; round++) {
      const roundStart = t.clock.now;
      const offer = await createOffer(t.database.db, s.owner.user.id, { positions: 2 });
      const ids = await applyAll(offer.id, people);
      // On odd rounds the first pharmacist is accepted before the burst and withdraws in it, freeing a place others take.
      if (round % 2) expect((await accept(s.owner, ids[0] as number)).statusCode).toBe(200);
      const withdrawing = [0, 5, 9];
      const requests = [
        ...ids.map((id, i) => (withdrawing.includes(i) ? call.withdraw(people[i], id) : accept(s.owner, id))),
        call.offerAction(s.owner, offer.id, 'close'),
        call.offerAction(s.owner, offer.id, 'reopen'),
        ...(round >= 3
          ? [t.app.inject({ method: 'DELETE', url: `/api/offers/${offer.id}/delete/`, headers: s.owner.headers })]
          : []),
      ];
      const applying = late.map((p) => call.apply(p, offer.id));
      const [answers, applied] = await Promise.all([Promise.all(requests), Promise.all(applying)]);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((code) => !((code >= 200 && code < 300) || code === 404 || code === 409))).toEqual([]);
      expect(applied.filter((a) => a.statusCode !== 201 && a.statusCode !== 404 && a.json().code !== 'offer_closed')).toEqual([]);
      seen.push(...statuses, ...applied.map((a) => a.statusCode));

      const withdrawn = withdrawing.filter((i) => answers[i]?.statusCode === 200).map((i) => people[i]?.user.id as number);
      const row = await offerRow(offer.id);
      const rows = await applicationRows(offer.id);
      if (row) {
        const accepted = rows.filter((r) => r.status === 'accepted');
        expect(row.acceptedCount).toBe(accepted.length);
        expect(accepted.length).toBeLessThanOrEqual(row.positions);
        // A filled or closed offer keeps nobody waiting.
        if (row.closedAt || row.acceptedCount >= row.positions)
          expect(rows.filter((r) => r.status === 'sent' || r.status === 'seen')).toEqual([]);
        // Each acceptance and each answer told its applicant once.
        const events = await t.database.db
          .select({ applicationId: applicationEvents.applicationId, status: applicationEvents.status })
          .from(applicationEvents)
          .where(inArray(applicationEvents.applicationId, ids));
        const told = (await notificationsOf(people.map((p) => p.user.id))).filter((n) => n.createdAt >= roundStart);
        for (const [i, p] of people.entries()) {
          const answered = events.filter(
            (e) => e.applicationId === ids[i] && (e.status === 'accepted' || e.status === 'rejected'),
          );
          expect(told.filter((n) => n.userId === p.user.id)).toHaveLength(answered.length);
        }
      } else {
        // Deleted: its applications went with it, and everyone not withdrawn was told one way or another.
        expect(rows).toEqual([]);
        const told = (await notificationsOf(people.map((p) => p.user.id))).filter((n) => n.createdAt >= roundStart);
        for (const p of people) if (!withdrawn.includes(p.user.id)) expect(told.some((n) => n.userId === p.user.id)).toBe(true);
      }
      // The owner hears of each withdrawal that was made.
      const ownerTold = (await notificationsOf([s.owner.user.id])).filter(
        (n) => n.createdAt >= roundStart && n.type === 'application_withdrawn',
      );
      expect(ownerTold).toHaveLength(withdrawn.length);
      t.clock.advance(1000);
    }
    expect(seen.filter((code) => code >= 500)).toEqual([]);
  });

  it('an edit lowering the positions while accepts run: 200 or 409, and a filled offer keeps nobody waiting', async () => {
    const s = await hiringScenario(t, { positions: 3 });
    const people = await pharmacists(8);
    for (let round = 0; round < 4; round++) {
      const offer = await createOffer(t.database.db, s.owner.user.id, { positions: 3 });
      const ids = await applyAll(offer.id, people);
      const edit = t.app.inject({
        method: 'PUT',
        url: `/api/offers/${offer.id}/update/`,
        headers: s.owner.headers,
        payload: {
          title: 'Turno ridotto',
          description: 'Un posto solo.',
          salary: '',
          date_from: null,
          date_to: null,
          positions: 1,
        },
      });
      const answers = await Promise.all([...ids.map((id) => accept(s.owner, id)), edit]);
      expect(answers.map((a) => a.statusCode).filter((code) => code !== 200 && code !== 409)).toEqual([]);
      const row = await offerRow(offer.id);
      const rows = await applicationRows(offer.id);
      expect(row?.positions).toBe(1);
      expect(row?.acceptedCount).toBe(rows.filter((r) => r.status === 'accepted').length);
      expect(rows.filter((r) => r.status === 'sent' || r.status === 'seen')).toEqual([]);
    }
  });

  it('an owner opening CVs while deciding on several offers those pharmacists applied to: 200 or 409, never 500', async () => {
    const s = await hiringScenario(t, { positions: 1 });
    const people = await pharmacists(6);
    await Promise.all(people.map((p) => giveCv(t.database.db, p.user.id)));
    for (let round = 0; round < 4; round++) {
      const first = await createOffer(t.database.db, s.owner.user.id, { positions: 1 });
      const second = await createOffer(t.database.db, s.owner.user.id, { positions: 1 });
      const firstIds = await applyAll(first.id, people);
      const secondIds = await applyAll(second.id, [...people].reverse());
      const cvOf = (p: TSignedIn) => {
        const link = new URL(t.app.cvLinks.linkFor(p.user.id, s.owner.user.id));
        return t.app.inject({ method: 'GET', url: link.pathname + link.search });
      };
      const answers = await Promise.all([
        ...firstIds.map((id) => accept(s.owner, id)),
        ...secondIds.map((id) => accept(s.owner, id)),
        ...people.map(cvOf),
      ]);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((code) => code !== 200 && code !== 409)).toEqual([]);
      expect(statuses.slice(0, 12).filter((code) => code === 200)).toHaveLength(2);
      for (const offer of [first, second]) {
        expect((await offerRow(offer.id))?.acceptedCount).toBe(1);
        expect((await applicationRows(offer.id)).filter((r) => r.status === 'sent' || r.status === 'seen')).toEqual([]);
      }
    }
  });
});
