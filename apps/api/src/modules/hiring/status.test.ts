/** An application's status (decision 023): sent → seen → accepted / rejected, withdrawn, re-applied, and who may move it. */
import { daysFromNow, LIMITS, MESSAGES, type TReceivedApplication, type TSentApplication } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls, hiringScenario } from '../../../test/hiring-loop';
import { createApplication, createOffer } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);
/** The path and query of a signed CV link (the app is called in-process). */
const pathOf = (link: string | null | undefined) => {
  const url = new URL(link as string);
  return url.pathname + url.search;
};
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

async function applied(offer: Parameters<typeof hiringScenario>[1] = {}) {
  const s = await hiringScenario(t, offer);
  const anna = await s.pharmacist('Anna');
  const response = await call.apply(anna, s.offer.id);
  expect(response.statusCode).toBe(201);
  return { ...s, anna, applicationId: response.json().id as number };
}

const mineOf = async (who: Parameters<typeof call.mine>[0]) => (await call.mine(who)).json() as TSentApplication[];
const receivedOf = async (who: Parameters<typeof call.received>[0], query = '') =>
  (await call.received(who, query)).json() as TReceivedApplication[];

describe('an application moves sent → seen → accepted', () => {
  it('starts as sent, becomes seen when the owner opens the CV, and accepted with the message both sides read', async () => {
    const s = await applied();
    const [sent] = await mineOf(s.anna);
    expect(sent).toMatchObject({ status: 'sent', message: null, history: [{ status: 'sent', message: null }] });
    expect(sent?.status_changed_at).toMatch(ISO);

    const [received] = await receivedOf(s.owner);
    expect(received?.status).toBe('sent');
    t.clock.advance(60_000);
    const cv = await t.app.inject({
      method: 'GET',
      url: pathOf(received?.farmacista.pdf_file),
    });
    expect(cv.statusCode).toBe(200);
    const [seen] = await mineOf(s.anna);
    expect(seen?.status).toBe('seen');
    expect(seen?.status_changed_at).toBe(t.clock.now.toISOString());

    // Opening it again changes nothing.
    t.clock.advance(60_000);
    await t.app.inject({
      method: 'GET',
      url: pathOf(received?.farmacista.pdf_file),
    });
    expect((await mineOf(s.anna))[0]?.history.map((h) => h.status)).toEqual(['sent', 'seen']);

    const accepted = await call.decide(s.owner, s.applicationId, {
      decision: 'accepted',
      message: 'Ti aspettiamo sabato alle 9.',
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ id: s.applicationId, status: 'accepted', message: 'Ti aspettiamo sabato alle 9.' });
    const [mine] = await mineOf(s.anna);
    expect(mine).toMatchObject({ status: 'accepted', message: 'Ti aspettiamo sabato alle 9.' });
    expect(mine?.history).toEqual([
      { status: 'sent', at: expect.stringMatching(ISO), message: null },
      { status: 'seen', at: expect.stringMatching(ISO), message: null },
      // The person of the pharmacy who decided is named (decision 089); the pharmacist's and the platform's steps are not.
      { status: 'accepted', at: t.clock.now.toISOString(), message: 'Ti aspettiamo sabato alle 9.', by: 'Marco Rossi' },
    ]);
  });

  it('rejects with an optional message, and the message may be at most 1,000 characters', async () => {
    const s = await applied();
    const tooLong = await call.decide(s.owner, s.applicationId, {
      decision: 'rejected',
      message: 'x'.repeat(LIMITS.decisionMessageMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields).toEqual({ message: MESSAGES.decisionMessageTooLong });
    const unknownDecision = await call.decide(s.owner, s.applicationId, { decision: 'forse' });
    expect(unknownDecision.statusCode).toBe(400);
    expect(unknownDecision.json().fields).toEqual({ decision: MESSAGES.decisionInvalid });
    const rejected = await call.decide(s.owner, s.applicationId, { decision: 'rejected' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', message: null });
  });
});

describe('decisions refused', () => {
  it('deciding twice is 409, except cancelling an acceptance, which needs a message', async () => {
    const s = await applied({ positions: 2 });
    expect((await call.decide(s.owner, s.applicationId, { decision: 'accepted' })).statusCode).toBe(200);
    const again = await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'already_decided', message: MESSAGES.applicationAlreadyAccepted });
    const silentCancel = await call.decide(s.owner, s.applicationId, { decision: 'rejected', message: '  ' });
    expect(silentCancel.statusCode).toBe(400);
    expect(silentCancel.json()).toMatchObject({ code: 'message_required', message: MESSAGES.applicationCancelNeedsMessage });
    const cancelled = await call.decide(s.owner, s.applicationId, { decision: 'rejected', message: 'Il turno è saltato.' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'rejected', message: 'Il turno è saltato.' });
    for (const decision of ['accepted', 'rejected'] as const) {
      const afterRejection = await call.decide(s.owner, s.applicationId, { decision, message: 'ancora' });
      expect(afterRejection.statusCode).toBe(409);
      expect(afterRejection.json()).toMatchObject({ code: 'already_decided', message: MESSAGES.applicationAlreadyDecided });
    }
    // The cancelled place is free again.
    const [offer] = (await call.myOffers(s.owner)).json();
    expect(offer).toMatchObject({ accepted_count: 0, status: 'open' });
  });

  it('accepting on an offer whose period has ended is 409 offer_expired; answering with a rejection still works', async () => {
    const s = await hiringScenario(t, { dateFrom: daysFromNow(-3), dateTo: daysFromNow(-1) });
    const anna = await s.pharmacist('Anna');
    const bruno = await s.pharmacist('Bruno');
    const annas = await createApplication(t.database.db, s.offer.id, anna.user.id);
    const brunos = await createApplication(t.database.db, s.offer.id, bruno.user.id);
    const late = await call.decide(s.owner, annas.id, { decision: 'accepted' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'offer_expired', message: MESSAGES.applicationOfferExpired });
    expect((await receivedOf(s.owner)).find((a) => a.id === annas.id)?.status).toBe('sent');
    expect((await mineOf(anna))[0]?.status).toBe('sent');
    const answered = await call.decide(s.owner, brunos.id, { decision: 'rejected' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'rejected' });
    // The last day itself is still part of the period.
    const today = await hiringScenario(t, { dateFrom: daysFromNow(-1), dateTo: daysFromNow(0) });
    const carla = await today.pharmacist('Carla');
    const carlas = (await call.apply(carla, today.offer.id)).json().id as number;
    expect((await call.decide(today.owner, carlas, { decision: 'accepted' })).statusCode).toBe(200);
  });

  it('deciding on a withdrawn application is 409 with its own message', async () => {
    const s = await applied();
    expect((await call.withdraw(s.anna, s.applicationId)).statusCode).toBe(200);
    for (const decision of ['accepted', 'rejected'] as const) {
      const response = await call.decide(s.owner, s.applicationId, { decision });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'application_withdrawn',
        message: MESSAGES.applicationWithdrawnCannotDecide,
      });
    }
  });

  it("only the offer's owner decides: another owner and an unknown id 404, a pharmacist or an admin 403, nobody 401", async () => {
    const s = await applied();
    const other = await call.decide(s.otherOwner, s.applicationId, { decision: 'accepted' });
    expect(other.statusCode).toBe(404);
    expect((await call.decide(s.owner, s.applicationId + 1000, { decision: 'accepted' })).statusCode).toBe(404);
    expect((await call.decide(s.owner, 99_999_999_999, { decision: 'accepted' })).statusCode).toBe(404);
    expect((await call.decide(s.anna, s.applicationId, { decision: 'accepted' })).statusCode).toBe(403);
    expect((await call.decide(await signedIn(t.app, 'admin'), s.applicationId, { decision: 'accepted' })).statusCode).toBe(403);
    expect((await call.decide(undefined, s.applicationId, { decision: 'accepted' })).statusCode).toBe(401);
    expect((await mineOf(s.anna))[0]?.status).toBe('sent');
  });
});

describe('withdrawing and applying again', () => {
  it('the applicant withdraws (200), twice is 409; applying again reopens the same application as sent (201)', async () => {
    const s = await applied();
    const withdrawn = await call.withdraw(s.anna, s.applicationId);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ id: s.applicationId, status: 'withdrawn', offer: { id: s.offer.id } });
    const twice = await call.withdraw(s.anna, s.applicationId);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'already_withdrawn', message: MESSAGES.applicationAlreadyWithdrawn });

    const again = await call.apply(s.anna, s.offer.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(s.applicationId);
    const [mine] = await mineOf(s.anna);
    expect(mine?.status).toBe('sent');
    expect(mine?.history.map((h) => h.status)).toEqual(['sent', 'withdrawn', 'sent']);
    expect((await call.apply(s.anna, s.offer.id)).statusCode).toBe(409);
  });

  it('an accepted application may be withdrawn, freeing its place; a rejected one may not (409)', async () => {
    const s = await applied();
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect((await call.myOffers(s.owner)).json()[0]).toMatchObject({ status: 'filled', accepted_count: 1 });
    expect((await call.withdraw(s.anna, s.applicationId)).statusCode).toBe(200);
    expect((await call.myOffers(s.owner)).json()[0]).toMatchObject({ status: 'open', accepted_count: 0 });

    const bruno = await s.pharmacist('Bruno');
    const brunoApplication = (await call.apply(bruno, s.offer.id)).json().id as number;
    await call.decide(s.owner, brunoApplication, { decision: 'rejected' });
    const refused = await call.withdraw(bruno, brunoApplication);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'application_rejected', message: MESSAGES.applicationRejectedCannotWithdraw });
  });

  it('only the applicant withdraws: another pharmacist and an unknown id 404, the owner 403, nobody 401', async () => {
    const s = await applied();
    const bruno = await s.pharmacist('Bruno');
    expect((await call.withdraw(bruno, s.applicationId)).statusCode).toBe(404);
    expect((await call.withdraw(s.anna, s.applicationId + 1000)).statusCode).toBe(404);
    expect((await call.withdraw(s.owner, s.applicationId)).statusCode).toBe(403);
    expect((await call.withdraw(undefined, s.applicationId)).statusCode).toBe(401);
    expect((await mineOf(s.anna))[0]?.status).toBe('sent');
  });
});

describe("the owner's list", () => {
  it('filters by offer and by status, and keeps the total in X-Total-Count', async () => {
    const s = await applied();
    const bruno = await s.pharmacist('Bruno');
    const second = (await call.apply(bruno, s.offer.id)).json().id as number;
    const otherOffer = await createOffer(t.database.db, s.owner.user.id, { title: 'Turno domenica' });
    await call.apply(bruno, otherOffer.id);
    await call.decide(s.owner, second, { decision: 'rejected' });

    const all = await call.received(s.owner);
    expect(all.headers['x-total-count']).toBe('3');
    const ofOffer = await call.received(s.owner, `?offer_id=${s.offer.id}`);
    expect(ofOffer.headers['x-total-count']).toBe('2');
    expect((ofOffer.json() as TReceivedApplication[]).every((a) => a.offer.id === s.offer.id)).toBe(true);
    const rejected = await call.received(s.owner, `?offer_id=${s.offer.id}&status=rejected`);
    expect(rejected.headers['x-total-count']).toBe('1');
    expect((rejected.json() as TReceivedApplication[]).map((a) => a.id)).toEqual([second]);
    // Another owner's offer filters to nothing; a status that does not exist is bad input.
    expect((await call.received(s.otherOwner, `?offer_id=${s.offer.id}`)).headers['x-total-count']).toBe('0');
    expect((await call.received(s.owner, '?status=maybe')).statusCode).toBe(400);
  });

  it('counts every status in one request, for all offers or one, as the filtered lists count them', async () => {
    const s = await applied();
    const bruno = await s.pharmacist('Bruno');
    const carla = await s.pharmacist('Carla');
    const second = (await call.apply(bruno, s.offer.id)).json().id as number;
    await call.apply(carla, s.offer.id);
    await call.withdraw(carla, (await mineOf(carla))[0]?.id as number);
    const otherOffer = await createOffer(t.database.db, s.owner.user.id, { title: 'Turno domenica' });
    await call.apply(bruno, otherOffer.id);
    await call.decide(s.owner, second, { decision: 'rejected' });

    const counts = (query = '', who = s.owner) =>
      t.app.inject({ method: 'GET', url: `/api/titolare/candidatures/counts/${query}`, headers: who.headers });
    const all = await counts();
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ total: 4, by_status: { sent: 2, seen: 0, accepted: 0, rejected: 1, withdrawn: 1 } });
    expect((await counts(`?offer_id=${s.offer.id}`)).json()).toEqual({
      total: 3,
      by_status: { sent: 1, seen: 0, accepted: 0, rejected: 1, withdrawn: 1 },
    });
    // The same numbers as the list's X-Total-Count with ?status=.
    for (const [status, n] of Object.entries(all.json().by_status))
      expect((await call.received(s.owner, `?status=${status}`)).headers['x-total-count']).toBe(String(n));
    // Another owner's offer counts nothing; a bad offer id is bad input; pharmacists and strangers are refused.
    expect((await counts(`?offer_id=${s.offer.id}`, s.otherOwner)).json().total).toBe(0);
    expect((await counts('?offer_id=abc')).statusCode).toBe(400);
    expect((await counts('', s.anna)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/counts/' })).statusCode).toBe(401);
  });
});

describe('an offer fills', () => {
  it('accepting as many as its positions fills it: the others waiting are answered, and it leaves the search', async () => {
    const s = await applied({ positions: 2 });
    const bruno = await s.pharmacist('Bruno');
    const carla = await s.pharmacist('Carla');
    const brunoId = (await call.apply(bruno, s.offer.id)).json().id as number;
    const carlaId = (await call.apply(carla, s.offer.id)).json().id as number;
    await call.decide(s.owner, s.applicationId, { decision: 'accepted' });
    expect((await call.myOffers(s.owner)).json()[0]).toMatchObject({ status: 'open', accepted_count: 1, positions: 2 });
    await call.decide(s.owner, brunoId, { decision: 'accepted' });
    expect((await call.myOffers(s.owner)).json()[0]).toMatchObject({ status: 'filled', is_open: false, accepted_count: 2 });
    expect((await mineOf(carla))[0]).toMatchObject({ status: 'rejected', message: MESSAGES.autoRejectFilled });
    const tooMany = await call.decide(s.owner, carlaId, { decision: 'accepted' });
    expect(tooMany.statusCode).toBe(409);
    expect(((await call.openOffers(carla)).json() as { id: number }[]).map((o) => o.id)).not.toContain(s.offer.id);
    const dora = await s.pharmacist('Dora');
    const late = await call.apply(dora, s.offer.id);
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'offer_closed', message: MESSAGES.offerClosed });
  });
});
