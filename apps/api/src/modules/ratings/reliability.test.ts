/**
 * Reliability (decision 074): a late cancellation of an accepted shift asks for a reason and is remembered, by either
 * side; the owner reports a no-show from the first day on; the record (completed, late, very late, no-shows,
 * percentage) is on the owner's cards. On PostgreSQL the races really run at once; on PGlite one after the other.
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { applications, reliabilityEvents } from '../../db/schema';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

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
