/**
 * Never double booked (docs/rules.md#applications): a pharmacist holds no two accepted shifts on the same day with
 * overlapping hours (or any hours, when either has none), whoever accepts: the owner, or the pharmacist an invitation.
 */
import { daysFromNow, INVITATION_MESSAGES } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { createApplication, createInvitation, createOffer, giveCv } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);

type TOfferValues = Parameters<typeof createOffer>[2];

async function owner(pharmacy: string) {
  return signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: pharmacy } });
}

/** Sara, accepted at the Farmacia Centrale for Thursday 08:00–14:00, five days from now. */
async function booked() {
  const first = await owner('Farmacia Centrale');
  const thursday = daysFromNow(5, t.clock.now);
  const shift = await createOffer(t.database.db, first.user.id, {
    title: 'Turno del mattino',
    dateFrom: thursday,
    dateTo: thursday,
    startTime: '08:00',
    endTime: '14:00',
  });
  const sara = await signedIn(t.app, 'farmacista', { profile: { name: 'Sara', surname: 'Gallo' } });
  await giveCv(t.database.db, sara.user.id);
  const application = await createApplication(t.database.db, shift.id, sara.user.id);
  expect((await call.decide(first, application.id, { decision: 'accepted' })).statusCode).toBe(200);
  return { sara, thursday, applicationId: application.id, second: await owner('Farmacia del Lago') };
}

/** The second owner's offer, Sara's application to it and the owner's answer when accepting her. */
async function acceptElsewhere(second: TSignedIn, sara: TSignedIn, values: TOfferValues) {
  const offer = await createOffer(t.database.db, second.user.id, { title: 'Altro turno', ...values });
  const { id } = await createApplication(t.database.db, offer.id, sara.user.id);
  return { id, answer: await call.decide(second, id, { decision: 'accepted' }) };
}

describe("the owner's acceptance", () => {
  it('is 409 double_booked, naming the other shift, for overlapping hours or a day without hours', async () => {
    const { sara, thursday, second } = await booked();
    const expected = {
      code: 'double_booked',
      message: INVITATION_MESSAGES.doubleBookedOwner({
        title: 'Turno del mattino',
        pharmacy: 'Farmacia Centrale',
        date_from: thursday,
        date_to: thursday,
      }),
    };
    const overlapping = await acceptElsewhere(second, sara, {
      dateFrom: thursday,
      dateTo: thursday,
      startTime: '12:00',
      endTime: '18:00',
    });
    expect(overlapping.answer.statusCode).toBe(409);
    expect(overlapping.answer.json()).toEqual(expected);
    expect(expected.message).toContain('Farmacia Centrale');
    const wholeDay = await acceptElsewhere(second, sara, { dateFrom: thursday, dateTo: thursday });
    expect(wholeDay.answer.json()).toEqual(expected);
    const week = await acceptElsewhere(second, sara, {
      dateFrom: daysFromNow(3, t.clock.now),
      dateTo: daysFromNow(9, t.clock.now),
      startTime: '13:00',
      endTime: '15:00',
    });
    expect(week.answer.json()).toEqual(expected);
  });

  it('accepts the same day at other hours, another day, and an open-ended job', async () => {
    const { sara, thursday, second } = await booked();
    const afternoon = await acceptElsewhere(second, sara, {
      dateFrom: thursday,
      dateTo: thursday,
      startTime: '14:00',
      endTime: '20:00',
    });
    expect(afternoon.answer.statusCode).toBe(200);
    const friday = daysFromNow(6, t.clock.now);
    expect((await acceptElsewhere(second, sara, { dateFrom: friday, dateTo: friday })).answer.statusCode).toBe(200);
    expect((await acceptElsewhere(second, sara, { dateFrom: null, dateTo: null })).answer.statusCode).toBe(200);
  });

  it('is told on the card before trying: the waiting application names the other shift until it is withdrawn', async () => {
    const { sara, thursday, applicationId, second } = await booked();
    const offer = await createOffer(t.database.db, second.user.id, { dateFrom: thursday, dateTo: thursday });
    const waiting = await createApplication(t.database.db, offer.id, sara.user.id);
    const card = async () => (await call.received(second)).json().find((a: { id: number }) => a.id === waiting.id);
    expect((await card()).double_booked).toEqual({
      title: 'Turno del mattino',
      pharmacy: 'Farmacia Centrale',
      date_from: thursday,
      date_to: thursday,
    });
    // Thursday is within a week: a late cancellation, with its reason (decision 074).
    expect((await call.withdraw(sara, applicationId, { reason: 'Un imprevisto in famiglia.' })).statusCode).toBe(200);
    expect((await card()).double_booked).toBeNull();
    expect((await call.decide(second, waiting.id, { decision: 'accepted' })).statusCode).toBe(200);
    // An accepted application needs no warning.
    expect((await card()).double_booked).toBeNull();
  });
});

describe("the pharmacist's acceptance of an invitation", () => {
  it('is 409 double_booked, naming the shift they already hold', async () => {
    const { sara, thursday, second } = await booked();
    const offer = await createOffer(t.database.db, second.user.id, {
      dateFrom: thursday,
      dateTo: thursday,
      startTime: '13:00',
      endTime: '19:00',
    });
    const invitation = await createInvitation(t.database.db, offer, sara.user.id);
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${invitation.id}/accept/`,
      headers: sara.headers,
    });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      code: 'double_booked',
      message: INVITATION_MESSAGES.doubleBookedPharmacist({
        title: 'Turno del mattino',
        pharmacy: 'Farmacia Centrale',
        date_from: thursday,
        date_to: thursday,
      }),
    });
    expect((await call.mine(sara)).json()).toHaveLength(1);
  });
});

describe('an acceptance withdraws her waiting applications for the same hours', () => {
  /** Sara's applications, all waiting, to three offers of two other owners on Thursday and one on Friday. */
  async function waitingEverywhere() {
    const first = await owner('Farmacia Centrale');
    const lake = await owner('Farmacia del Lago');
    const hill = await owner('Farmacia della Collina');
    const thursday = daysFromNow(5, t.clock.now);
    const friday = daysFromNow(6, t.clock.now);
    const sara = await signedIn(t.app, 'farmacista', { profile: { name: 'Sara', surname: 'Gallo' } });
    await giveCv(t.database.db, sara.user.id);
    const offers = {
      morning: await createOffer(t.database.db, first.user.id, {
        title: 'Turno del mattino',
        dateFrom: thursday,
        dateTo: thursday,
        startTime: '08:00',
        endTime: '14:00',
      }),
      overlap: await createOffer(t.database.db, lake.user.id, {
        title: 'Turno di metà giornata',
        dateFrom: thursday,
        dateTo: thursday,
        startTime: '12:00',
        endTime: '18:00',
      }),
      evening: await createOffer(t.database.db, hill.user.id, {
        title: 'Turno serale',
        dateFrom: thursday,
        dateTo: thursday,
        startTime: '15:00',
        endTime: '21:00',
      }),
      friday: await createOffer(t.database.db, lake.user.id, { title: 'Venerdì', dateFrom: friday, dateTo: friday }),
    };
    const ids: Record<keyof typeof offers, number> = { morning: 0, overlap: 0, evening: 0, friday: 0 };
    for (const [name, offer] of Object.entries(offers)) {
      const applied = await call.apply(sara, offer.id);
      expect(applied.statusCode).toBe(201);
      ids[name as keyof typeof offers] = applied.json().id;
    }
    return { first, lake, hill, sara, thursday, offers, ids };
  }

  const statusOf = async (who: TSignedIn, id: number) =>
    ((await call.mine(who)).json() as { id: number; status: string }[]).find((a) => a.id === id)?.status;

  it("the owner's acceptance: the overlapping one is withdrawn, its owner told why, Sara told which; the rest wait", async () => {
    const s = await waitingEverywhere();
    expect((await call.decide(s.first, s.ids.morning, { decision: 'accepted' })).statusCode).toBe(200);
    expect(await statusOf(s.sara, s.ids.overlap)).toBe('withdrawn');
    expect(await statusOf(s.sara, s.ids.evening)).toBe('sent');
    expect(await statusOf(s.sara, s.ids.friday)).toBe('sent');

    // The owner of the withdrawn one reads why in the history and the notification, not where she goes.
    const card = (
      (await call.received(s.lake)).json() as { id: number; status: string; history: { message: string | null }[] }[]
    ).find((a) => a.id === s.ids.overlap);
    expect(card?.status).toBe('withdrawn');
    expect(card?.history.at(-1)?.message).toBe(INVITATION_MESSAGES.withdrawnBookedElsewhere);
    const told = (await call.notifications(s.lake)).json().results as { type: string; body: string }[];
    expect(told).toContainEqual(
      expect.objectContaining({
        type: 'application_withdrawn',
        body: 'La candidatura di Sara Gallo alla tua offerta «Turno di metà giornata» è stata ritirata in automatico: è stato/a confermato/a per un altro turno negli stessi orari.',
      }),
    );
    expect(JSON.stringify(told)).not.toContain('Farmacia Centrale');

    // Sara is told which one went, and for which shift.
    const hers = (await call.notifications(s.sara)).json().results as { type: string; body: string }[];
    const withdrawn = hers.find((n) => n.type === 'applications_withdrawn_booked');
    expect(withdrawn?.body).toContain('«Turno di metà giornata» presso Farmacia del Lago');
    expect(withdrawn?.body).toContain('«Turno del mattino» presso Farmacia Centrale');
    expect(withdrawn?.body).not.toContain('Turno serale');
  });

  it("an invitation's acceptance withdraws them too", async () => {
    const s = await waitingEverywhere();
    const other = await owner('Farmacia del Porto');
    const invitedTo = await createOffer(t.database.db, other.user.id, {
      title: 'Turno del pomeriggio',
      dateFrom: s.thursday,
      dateTo: s.thursday,
      startTime: '13:00',
      endTime: '16:00',
    });
    const invitation = await createInvitation(t.database.db, invitedTo, s.sara.user.id);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/invitations/${invitation.id}/accept/`,
      headers: s.sara.headers,
    });
    expect(accepted.statusCode).toBe(200);
    for (const name of ['morning', 'overlap', 'evening'] as const) expect(await statusOf(s.sara, s.ids[name])).toBe('withdrawn');
    expect(await statusOf(s.sara, s.ids.friday)).toBe('sent');
  });

  it('applying for hours she is booked for is refused with the other shift named; other hours are fine', async () => {
    const { sara, thursday, second } = await booked();
    const overlapping = await createOffer(t.database.db, second.user.id, {
      title: 'Turno di mezzogiorno',
      dateFrom: thursday,
      dateTo: thursday,
      startTime: '11:00',
      endTime: '15:00',
    });
    const refused = await call.apply(sara, overlapping.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'double_booked',
      message: INVITATION_MESSAGES.doubleBookedApplying({
        title: 'Turno del mattino',
        pharmacy: 'Farmacia Centrale',
        date_from: thursday,
        date_to: thursday,
      }),
    });
    expect((await call.mine(sara)).json()).toHaveLength(1);
    const later = await createOffer(t.database.db, second.user.id, {
      dateFrom: thursday,
      dateTo: thursday,
      startTime: '14:00',
      endTime: '20:00',
    });
    expect((await call.apply(sara, later.id)).statusCode).toBe(201);
  });

  it('an acceptance and an application for the same hours at once: the application is refused or withdrawn, never left waiting', async () => {
    for (let round = 0; round < 5; round++) {
      const first = await owner('Farmacia Centrale');
      const lake = await owner('Farmacia del Lago');
      const day = daysFromNow(5 + round, t.clock.now);
      const sara = await signedIn(t.app, 'farmacista');
      await giveCv(t.database.db, sara.user.id);
      const morning = await createOffer(t.database.db, first.user.id, {
        dateFrom: day,
        dateTo: day,
        startTime: '08:00',
        endTime: '14:00',
      });
      const noon = await createOffer(t.database.db, lake.user.id, {
        dateFrom: day,
        dateTo: day,
        startTime: '12:00',
        endTime: '16:00',
      });
      const application = await createApplication(t.database.db, morning.id, sara.user.id);
      const [decided, applied] = await Promise.all([
        call.decide(first, application.id, { decision: 'accepted' }),
        call.apply(sara, noon.id),
      ]);
      expect(decided.statusCode).toBe(200);
      expect([201, 409]).toContain(applied.statusCode);
      const statuses = ((await call.mine(sara)).json() as { status: string }[]).map((a) => a.status).sort();
      expect(statuses).toEqual(applied.statusCode === 201 ? ['accepted', 'withdrawn'] : ['accepted']);
    }
  });
});
