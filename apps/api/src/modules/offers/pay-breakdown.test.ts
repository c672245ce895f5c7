/**
 * GET /api/offers/{id}/pay/ (decision 094): the shift's pay hour by hour for one form, the trip from a comune or from
 * the pharmacist's profile, lodging, the negotiation's bounds and the like-with-like minimum; who may read it. And an
 * overnight shift downstream: it double books any shift of its day.
 */
import { addDays, daysFromNow, holidayOf, INVITATION_MESSAGES, isSunday, MESSAGES, type TOfferPay } from '@farmaponte/shared';
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { createApplication, createOffer, giveCv } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);

/** The first Sunday at least three days ahead that is no holiday, nor is the Monday after. */
function plainSunday(): string {
  let day = daysFromNow(3, t.clock.now);
  while (!isSunday(day) || holidayOf(day) || holidayOf(addDays(day, 1))) day = addDays(day, 1);
  return day;
}

/** Farmacia Città Alta in Bergamo publishes a night, Sunday 20:00 to Monday 08:30, doors open, for both forms. */
async function nightShift(overrides: Record<string, unknown> = {}) {
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Città Alta', comune_farmacia: 'Bergamo' },
  });
  const sunday = plainSunday();
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/offers/create/',
    headers: owner.headers,
    payload: {
      title: 'Notte festiva',
      description: 'Servizio notturno a battenti aperti.',
      date_from: sunday,
      date_to: sunday,
      start_time: '20:00',
      end_time: '08:30',
      hourly_pay: 20,
      legal_forms: ['dipendente', 'libera_professione'],
      pay_terms: {
        night_service: 'battenti_aperti',
        fee_hourly: 30,
        night_fee: 40,
        holiday_fee: 45,
        travel_mode: 'km',
        travel_per_km: 0.3,
        travel_cap: 25,
        lodging_nights: 1,
        lodging_note: 'Camera sopra la farmacia',
        negotiation_max_hourly: 50,
        negotiation_max_travel: 60,
      },
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { owner, sunday, id: (response.json() as { id: number }).id };
}

const pay = (id: number, query = '', who?: TSignedIn | { headers: Record<string, string> }) =>
  t.app.inject({ method: 'GET', url: `/api/offers/${id}/pay/${query}`, headers: who?.headers });

describe('the pay of an offer', () => {
  it('answers anyone the hour-by-hour pay of a form, with the trip from the comune given or her profile', async () => {
    const { id, sunday } = await nightShift();
    const monday = addDays(sunday, 1);
    const anonymous = await pay(id);
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    // The offer's first form, dipendente: 20 € + 20% all night long; no trip without a place to start from.
    expect(anonymous.json()).toEqual({
      legal_form: 'dipendente',
      hourly: 20,
      ccnl_minimum: 11.39,
      lines: [
        expect.objectContaining({ day: sunday, from: '20:00', to: '24:00', kind: 'notte', rate: 24, minimum: 13.67, amount: 96 }),
        expect.objectContaining({ day: monday, from: '00:00', to: '04:00', kind: 'notte', rate: 24, amount: 96 }),
        expect.objectContaining({ day: monday, from: '04:00', to: '08:30', kind: 'notte_oltre', rate: 24, amount: 108 }),
      ],
      total: 300,
      minutes: 750,
      travel: { mode: 'km', km: null, amount: null, per_day: false, from_comune: null },
      lodging: { nights: 1, note: 'Camera sopra la farmacia' },
      grand_total: 300,
      below_minimum: null,
      negotiation: { max_hourly: 50, max_travel: 60 },
    } satisfies TOfferPay);

    // From Milano, about 110 km there and back at 0,30 €: over the 25 € cap. The freelancer's own fees: 520 €.
    const fromMilano = (await pay(id, '?legal_form=libera_professione&comune=Milano&provincia=MI')).json() as TOfferPay;
    expect(fromMilano).toMatchObject({ legal_form: 'libera_professione', hourly: 30, total: 520, grand_total: 545 });
    expect(fromMilano.travel).toMatchObject({ mode: 'km', amount: 25, from_comune: 'Milano' });
    expect(fromMilano.travel?.km).toBeGreaterThan(80);
    expect(fromMilano.travel?.km).toBeLessThan(140);
    // A pharmacist living in Milano (her profile) gets the same trip without naming it.
    const giulia = await signedIn(t.app, 'farmacista', { profile: { comune: 'Milano', provincia_residenza: 'MI' } });
    expect((await pay(id, '', giulia)).json()).toMatchObject({
      travel: { km: fromMilano.travel?.km, amount: 25, from_comune: 'Milano' },
    });

    const badForm = await pay(id, '?legal_form=stage');
    expect(badForm.statusCode).toBe(400);
    expect(badForm.json()).toMatchObject({ code: 'legal_form_invalid' });
    const unknown = await pay(id, '?comune=Atlantide');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ fields: { comune: MESSAGES.invalidComune } });
  });

  it('warns like with like: a flat freelance fee under the night minimum, an employee at the same pay not', async () => {
    const { id, sunday } = await nightShift({
      hourly_pay: 12,
      pay_terms: { night_service: 'battenti_aperti' },
      legal_forms: ['dipendente', 'libera_professione'],
    });
    // 12 € + 20% = 14,40 € at night for the employee, over the night minimum 13,67 €; 12 € flat for the freelancer.
    expect((await pay(id)).json()).toMatchObject({ total: 180, below_minimum: null });
    expect((await pay(id, '?legal_form=libera_professione')).json()).toMatchObject({
      total: 150,
      below_minimum: { day: sunday, from: '20:00', to: '24:00', rate: 12, minimum: 13.67 },
    });
    const employeeOnly = await nightShift({ legal_forms: ['dipendente'], pay_terms: { night_service: 'battenti_aperti' } });
    const notOffered = await pay(employeeOnly.id, '?legal_form=libera_professione');
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json()).toMatchObject({ code: 'legal_form_not_offered', message: ENGAGEMENT_MESSAGES.legalFormNotOffered });
  });

  it("of an offer no longer open is its owner's only: 404 for anyone else, 401 for a bad session", async () => {
    const { owner, id } = await nightShift();
    const closed = await t.app.inject({ method: 'POST', url: `/api/offers/${id}/close/`, headers: owner.headers });
    expect(closed.statusCode).toBe(200);
    expect((await pay(id, '', owner)).json()).toMatchObject({ total: 300 });
    const otherOwner = await signedIn(t.app, 'titolare');
    const pharmacist = await signedIn(t.app, 'farmacista');
    for (const who of [undefined, otherOwner, pharmacist]) {
      const response = await pay(id, '', who);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'offer_not_found' });
    }
    expect((await pay(id + 1000)).statusCode).toBe(404);
    expect((await pay(id, '', { headers: { authorization: 'Bearer nonsense' } })).statusCode).toBe(401);
  });
});

describe('an overnight shift', () => {
  it("double books any shift of its day and of the next morning's, whatever the hours", async () => {
    const { owner, id, sunday } = await nightShift();
    const sara = await signedIn(t.app, 'farmacista', { profile: { name: 'Sara', surname: 'Gallo' } });
    await giveCv(t.database.db, sara.user.id);
    const night = await createApplication(t.database.db, id, sara.user.id);
    expect((await call.decide(owner, night.id, { decision: 'accepted' })).statusCode).toBe(200);
    // The same Sunday's morning, elsewhere: 09:00–12:00 compares as "before 08:30" by the clock, yet it is one day.
    const second = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia del Lago' } });
    const morning = await createOffer(t.database.db, second.user.id, {
      dateFrom: sunday,
      dateTo: sunday,
      startTime: '09:00',
      endTime: '12:00',
    });
    const application = await createApplication(t.database.db, morning.id, sara.user.id);
    const answer = await call.decide(second, application.id, { decision: 'accepted' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({
      code: 'double_booked',
      message: INVITATION_MESSAGES.doubleBookedOwner({
        title: 'Notte festiva',
        pharmacy: 'Farmacia Città Alta',
        date_from: sunday,
        date_to: sunday,
      }),
    });
    // The Monday's early morning, still the night's: 07:00–11:00 the day after its last day.
    const monday = await createOffer(t.database.db, second.user.id, {
      dateFrom: addDays(sunday, 1),
      dateTo: addDays(sunday, 1),
      startTime: '07:00',
      endTime: '11:00',
    });
    const early = await createApplication(t.database.db, monday.id, sara.user.id);
    expect((await call.decide(second, early.id, { decision: 'accepted' })).statusCode).toBe(409);
    // The Tuesday is free.
    const tuesday = await createOffer(t.database.db, second.user.id, {
      dateFrom: addDays(sunday, 2),
      dateTo: addDays(sunday, 2),
      startTime: '07:00',
      endTime: '11:00',
    });
    const later = await createApplication(t.database.db, tuesday.id, sara.user.id);
    expect((await call.decide(second, later.id, { decision: 'accepted' })).statusCode).toBe(200);
  });
});
