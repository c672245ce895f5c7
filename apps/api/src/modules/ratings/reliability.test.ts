/**
 * Reliability (decision 074): a late cancellation of an accepted shift asks for a reason and is remembered, by either
 * side; the owner reports a no-show from the first day on; the record (completed, late, very late, no-shows,
 * percentage) is on the owner's cards. On PostgreSQL the races really run at once; on PGlite one after the other.
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { applications, reliabilityEvents, reviews } from '../../db/schema';
import { createApplication, createOffer, createOwner, createPharmacist, setApplicationStatus } from '../../factories';
import { NO_RECORD, ratingsAndRecords } from '.';

const t = useTestApp();

/** 1 June 2030, 10:00 in Rome. */
const NOW = new Date('2030-06-01T08:00:00Z');

async function people() {
  t.clock.now = NOW;
  const owner = await signedIn(t.app, 'titolare');
  const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  return { owner, anna };
}

/** An accepted shift of `owner`'s for `pharmacist` on `day`, 09:00–13:00 in Rome. */
async function accepted(owner: TSignedIn, pharmacist: TSignedIn, day: string, title = 'Turno') {
  const offer = await createOffer(t.database.db, owner.user.id, {
    title,
    dateFrom: day,
    dateTo: day,
    startTime: '09:00',
    endTime: '13:00',
  });
  const application = await createApplication(t.database.db, offer.id, pharmacist.user.id, NOW);
  await setApplicationStatus(t.database.db, { id: application.id, offerId: offer.id }, 'accepted', null, NOW);
  return application.id;
}

const withdraw = (who: TSignedIn, id: number, payload?: object) =>
  t.app.inject({ method: 'POST', url: `/api/candidature/${id}/withdraw/`, headers: who.headers, payload });
const cancel = (who: TSignedIn, id: number, message: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/titolare/candidatures/${id}/decision/`,
    headers: who.headers,
    payload: { decision: 'rejected', message },
  });
const noShow = (who: TSignedIn | undefined, id: number, payload: object = {}) =>
  t.app.inject({ method: 'POST', url: `/api/applications/${id}/no-show/`, headers: who?.headers, payload });

const events = () => t.database.db.select().from(reliabilityEvents).orderBy(reliabilityEvents.id);
const statusOf = async (id: number) =>
  (await t.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0]?.status;

describe('a late cancellation', () => {
  it("the pharmacist's: 7 days or more before, no reason and nothing kept; under 7 days a reason (400 without) and a late event; under 48 hours very late", async () => {
    const { owner, anna } = await people();
    // 8 June 09:00 in Rome is 7 days less an hour away: late. 9 June is more than 7 days.
    const early = await accepted(owner, anna, '2030-06-09');
    const late = await accepted(owner, anna, '2030-06-08', 'Sabato');
    const veryLate = await accepted(owner, anna, '2030-06-03', 'Lunedì');
    expect((await withdraw(anna, early)).statusCode).toBe(200);
    expect(await events()).toEqual([]);

    const refused = await withdraw(anna, late);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'reason_required', message: expect.stringContaining('meno di 7 giorni') });
    expect(await statusOf(late)).toBe('accepted');
    expect((await withdraw(anna, late, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await withdraw(anna, late, { reason: 'Febbre alta.' })).statusCode).toBe(200);
    expect((await withdraw(anna, veryLate, { reason: 'Lutto in famiglia.' })).statusCode).toBe(200);
    expect(await events()).toEqual([
      expect.objectContaining({
        userId: anna.user.id,
        kind: 'late_cancellation',
        applicationId: late,
        offerTitle: 'Sabato',
        firstDay: '2030-06-08',
        reason: 'Febbre alta.',
      }),
      expect.objectContaining({ userId: anna.user.id, kind: 'very_late_cancellation', reason: 'Lutto in famiglia.' }),
    ]);
  });

  it("the owner's cancellation of an accepted pharmacist under 7 days is kept in the owner's record, with their message", async () => {
    const { owner, anna } = await people();
    const id = await accepted(owner, anna, '2030-06-05');
    expect((await cancel(owner, id, 'La farmacia resta chiusa per lavori.')).statusCode).toBe(200);
    expect(await events()).toEqual([
      expect.objectContaining({
        userId: owner.user.id,
        kind: 'late_cancellation',
        reason: 'La farmacia resta chiusa per lavori.',
      }),
    ]);
  });

  it('a shift whose last day has passed can be neither withdrawn nor cancelled (409 shift_over), and stays accepted; its last day still can', async () => {
    const { owner, anna } = await people();
    const worked = await accepted(owner, anna, '2030-05-31', 'Ieri');
    const today = await accepted(owner, anna, '2030-06-01', 'Oggi');
    const withdrawn = await withdraw(anna, worked, { reason: 'Ci ho ripensato.' });
    expect(withdrawn.statusCode).toBe(409);
    expect(withdrawn.json()).toMatchObject({
      code: 'shift_over',
      message: 'Il turno è già terminato: non si può più ritirare la candidatura.',
    });
    const cancelled = await cancel(owner, worked, 'Non è venuta.');
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({ code: 'shift_over', message: expect.stringContaining('Non si è presentato') });
    expect(await statusOf(worked)).toBe('accepted');
    expect(await events()).toEqual([]);
    // On its last day the shift is still under way: a very late cancellation, with its reason.
    expect((await withdraw(anna, today, { reason: 'Malore.' })).statusCode).toBe(200);
    expect(await statusOf(today)).toBe('withdrawn');
  });

  it('both sides cancelling the same shift at once: one 200, one 409, one event, never a 500', async () => {
    const { owner, anna } = await people();
    for (let round = 0; round < 5; round++) {
      const id = await accepted(owner, anna, '2030-06-02');
      const answers = await Promise.all([withdraw(anna, id, { reason: 'Imprevisto.' }), cancel(owner, id, 'Imprevisto.')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const kept = (await events()).filter((event) => event.applicationId === id);
      expect(kept).toHaveLength(1);
    }
  });
});

describe('a no-show', () => {
  it('the owner reports it from the first day, once; others cannot; then the record shows it beside the rating', async () => {
    const { owner, anna } = await people();
    const id = await accepted(owner, anna, '2030-06-03');
    const done = await accepted(owner, anna, '2030-05-20', 'Maggio');
    const other = await signedIn(t.app, 'titolare');

    const early = await noShow(owner, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('no_show_too_early');
    t.clock.now = new Date('2030-06-03T08:00:00Z');
    // Tokens of two days ago have expired: log in again at the new time.
    Object.assign(owner, await refreshed(owner));
    Object.assign(anna, await refreshed(anna));
    Object.assign(other, await refreshed(other));
    expect((await noShow(undefined, id)).statusCode).toBe(401);
    expect((await noShow(anna, id)).statusCode).toBe(403);
    expect((await noShow(other, id)).statusCode).toBe(404);
    expect((await noShow(owner, id, { reason: 'x'.repeat(501) })).statusCode).toBe(400);
    expect((await noShow(owner, id, { reason: 'Non si è presentata.' })).statusCode).toBe(200);
    const twice = await noShow(owner, id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('no_show_reported');

    const received = (
      await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })
    ).json() as TReceivedApplication[];
    const card = received.find((application) => application.id === done);
    // 20 May's shift is completed; 3 June's is a no-show: one kept of two.
    expect(card?.farmacista.reliability).toEqual({ completed: 1, late: 0, very_late: 0, no_show: 1, percentage: 50 });
  });

  it("the owner's cards say when 'Non si è presentato' may be used, by the same rule as the report", async () => {
    const { owner, anna } = await people();
    const id = await accepted(owner, anna, '2030-06-03');
    const waiting = (
      await createApplication(t.database.db, (await createOffer(t.database.db, owner.user.id)).id, anna.user.id, NOW)
    ).id;
    const undated = await createOffer(t.database.db, owner.user.id, { title: 'Part-time', dateFrom: null, dateTo: null });
    const job = await createApplication(t.database.db, undated.id, anna.user.id, NOW);
    await setApplicationStatus(t.database.db, { id: job.id, offerId: undated.id }, 'accepted', null, NOW);
    const allowed = async () => {
      const cards = (
        await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })
      ).json() as TReceivedApplication[];
      return Object.fromEntries(cards.map((card) => [card.id, card.no_show_allowed]));
    };
    const at = async (instant: string) => {
      t.clock.now = new Date(instant);
      Object.assign(owner, await refreshed(owner));
    };

    // Two days before the shift: refused, and so not offered.
    expect(await allowed()).toEqual({ [id]: false, [waiting]: false, [job.id]: false });
    expect((await noShow(owner, id)).json().code).toBe('no_show_too_early');
    // From its first day (3 June, Rome) until 14 days after its last: offered, only for the dated accepted shift.
    await at('2030-06-03T05:00:00Z');
    expect(await allowed()).toEqual({ [id]: true, [waiting]: false, [job.id]: false });
    await at('2030-06-17T21:00:00Z');
    expect(await allowed()).toEqual({ [id]: true, [waiting]: false, [job.id]: false });
    // Reported once: no longer offered.
    expect((await noShow(owner, id)).statusCode).toBe(200);
    expect(await allowed()).toEqual({ [id]: false, [waiting]: false, [job.id]: false });
  });

  it('past the review window the no-show is neither offered nor taken', async () => {
    const { owner, anna } = await people();
    const id = await accepted(owner, anna, '2030-05-01');
    const cards = (
      await t.app.inject({ method: 'GET', url: '/api/titolare/candidatures/', headers: owner.headers })
    ).json() as TReceivedApplication[];
    expect(cards.find((card) => card.id === id)?.no_show_allowed).toBe(false);
    expect((await noShow(owner, id)).json().code).toBe('no_show_too_late');
  });

  it('two reports at once: one 200, one 409', async () => {
    const { owner, anna } = await people();
    const id = await accepted(owner, anna, '2030-06-01');
    const answers = await Promise.all([noShow(owner, id), noShow(owner, id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await events()).toHaveLength(1);
  });
});

async function refreshed(who: TSignedIn) {
  const tokens = await login(t.app, who.user.email, who.user.password);
  return { ...tokens, headers: bearer(tokens.access) };
}

describe('ratings and records for a list, in one statement', () => {
  it("counts each side's completed shifts, cancellations and no-shows within 12 months, and only shown reviews", async () => {
    const db = t.database.db;
    const owner = await createOwner(db);
    const anna = await createPharmacist(db);
    const bruno = await createPharmacist(db);
    const nobody = await createPharmacist(db);
    /** An application of `who` to a one-day offer of the owner's on `day`, with `status`. */
    const shift = async (who: number, day: string, status: 'accepted' | 'rejected' = 'accepted') => {
      const offer = await createOffer(db, owner.id, { dateFrom: day, dateTo: day, startTime: '09:00', endTime: '13:00' });
      const application = await createApplication(db, offer.id, who, NOW);
      await setApplicationStatus(db, { id: application.id, offerId: offer.id }, status, null, NOW);
      return application.id;
    };
    // Anna: three shifts ended in the last 12 months, one of them a no-show; one ended 13 months ago; one tomorrow;
    // one rejected.
    await shift(anna.id, '2030-05-20');
    await shift(anna.id, '2029-12-01');
    const missed = await shift(anna.id, '2030-04-10');
    await shift(anna.id, '2029-05-01');
    await shift(anna.id, '2030-06-02');
    await shift(bruno.id, '2030-05-21', 'rejected');
    const event = (
      userId: number,
      kind: 'late_cancellation' | 'very_late_cancellation' | 'no_show',
      at: string,
      applicationId: number | null = null,
    ) => ({ userId, kind, at: new Date(at), applicationId, offerTitle: 'Turno' });
    await db.insert(reliabilityEvents).values([
      event(anna.id, 'no_show', '2030-04-10T12:00:00Z', missed),
      event(anna.id, 'late_cancellation', '2030-03-01T12:00:00Z'),
      event(anna.id, 'very_late_cancellation', '2030-02-01T12:00:00Z'),
      // Older than the window: not counted.
      event(anna.id, 'late_cancellation', '2029-04-01T12:00:00Z'),
      event(owner.id, 'late_cancellation', '2030-05-01T12:00:00Z'),
    ]);
    const review = (subjectId: number, authorId: number, rating: number, shown: 'published' | 'hidden' | 'draft') => ({
      applicationId: missed,
      authorId,
      subjectId,
      authorRole: 'titolare' as const,
      rating,
      publishedAt: shown === 'draft' ? null : NOW,
      hiddenAt: shown === 'hidden' ? NOW : null,
    });
    const other = await createOwner(db);
    const third = await createOwner(db);
    const fourth = await createOwner(db);
    await db
      .insert(reviews)
      .values([
        review(anna.id, owner.id, 4, 'published'),
        review(anna.id, other.id, 5, 'published'),
        review(anna.id, third.id, 1, 'hidden'),
        review(bruno.id, fourth.id, 2, 'draft'),
      ]);

    const { ratings, records } = await ratingsAndRecords(db, [anna.id, owner.id, bruno.id, nobody.id, anna.id], NOW);
    expect(ratings.get(anna.id)).toEqual({ count: 2, average: 4.5 });
    expect(ratings.has(bruno.id)).toBe(false);
    // Completed: 20 May and 1 December (10 April was a no-show); 1 May 2029 is older than 12 months.
    expect(records.get(anna.id)).toEqual({ completed: 2, late: 1, very_late: 1, no_show: 1, percentage: 40 });
    // The owner's side: the same two shifts completed as owner, and their own late cancellation.
    expect(records.get(owner.id)).toEqual({ completed: 2, late: 1, very_late: 0, no_show: 0, percentage: 67 });
    expect(records.get(bruno.id) ?? NO_RECORD).toEqual(NO_RECORD);
    expect(records.has(nobody.id)).toBe(false);
    expect(await ratingsAndRecords(db, [], NOW)).toEqual({ ratings: new Map(), records: new Map() });
  });
});
