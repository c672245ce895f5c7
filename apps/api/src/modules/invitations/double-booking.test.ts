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
