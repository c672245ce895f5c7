/**
 * Worked shifts (decision 075): a month of them with hours, pay and totals, for the pharmacist and for the owner; the
 * pharmacist's corrections and the owner's answers, with who may do what.
 */
import type { TWorkedShiftMonth } from '@farmaponte/shared';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { hiringCalls } from '../../../test/hiring-loop';
import { createApplication, createOffer, setApplicationStatus } from '../../factories';

const t = useTestApp();
const call = hiringCalls(t);

/** 20 June 2030, noon in Rome: the tests' today. */
const TODAY = new Date('2030-06-20T10:00:00Z');
/** 10 June 2030: a few days after the shifts of early June, while their hours may still be corrected. */
const SOON = new Date('2030-06-10T10:00:00Z');

type TOfferValues = Parameters<typeof createOffer>[2];

async function people() {
  const owner = await signedIn(t.app, 'titolare', {
    profile: { denominazione_farmacia: 'Farmacia Città Alta', comune_farmacia: 'Bergamo', name: 'Marco', surname: 'Rossi' },
  });
  const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
  return { owner, anna };
}

/** An offer of the owner's, the pharmacist's application to it, in a status (accepted by default). */
async function shift(
  owner: TSignedIn,
  pharmacist: TSignedIn,
  offer: TOfferValues,
  status: 'accepted' | 'withdrawn' | 'sent' = 'accepted',
) {
  const created = await createOffer(t.database.db, owner.user.id, { title: 'Turno', ...offer });
  const application = await createApplication(t.database.db, created.id, pharmacist.user.id, new Date('2030-05-01T08:00:00Z'));
  if (status !== 'sent') await setApplicationStatus(t.database.db, { id: application.id, offerId: created.id }, 'accepted');
  if (status === 'withdrawn') await setApplicationStatus(t.database.db, { id: application.id, offerId: created.id }, 'withdrawn');
  return application.id;
}

const month = async (who: TSignedIn, year: number, m: number, path = 'mine') => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/shifts/${path}/?year=${year}&month=${m}`,
    headers: who.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TWorkedShiftMonth;
};

const correct = (who: TSignedIn | undefined, applicationId: number, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: `/api/shifts/${applicationId}/hours/`, headers: who?.headers, payload: payload as object });

const review = (who: TSignedIn | undefined, applicationId: number, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/shifts/${applicationId}/hours/review/`,
    headers: who?.headers,
    payload: payload as object,
  });

describe('a month of worked shifts', () => {
  it('counts each day up to today at its hours and pay: multi-day, across months, a night, without pay, not yet come', async () => {
    t.clock.now = TODAY;
    const { owner, anna } = await people();
    const morning = await shift(owner, anna, {
      title: 'Mattine di inizio giugno',
      dateFrom: '2030-06-03',
      dateTo: '2030-06-05',
      startTime: '09:00',
      endTime: '13:00',
      hourlyPay: 20,
    });
    const crossing = await shift(owner, anna, {
      title: 'Ponte di fine maggio',
      dateFrom: '2030-05-30',
      dateTo: '2030-06-02',
      startTime: '15:30',
      endTime: '20:00',
      hourlyPay: 18.5,
    });
    // A night from 20:00 to 02:00 (written before the offer form refused it): six hours, counted across midnight.
    const night = await shift(owner, anna, {
      title: 'Notte',
      dateFrom: '2030-06-10',
      dateTo: null,
      startTime: '20:00',
      endTime: '02:00',
      hourlyPay: 24,
    });
    const unpaid = await shift(owner, anna, {
      title: 'Senza paga oraria',
      dateFrom: '2030-06-15',
      dateTo: '2030-06-15',
      startTime: '09:00',
      endTime: '17:00',
      hourlyPay: null,
    });
    const noHours = await shift(owner, anna, {
      title: 'Senza orario',
      dateFrom: '2030-06-12',
      dateTo: '2030-06-12',
      hourlyPay: 20,
    });
    // Four days, from yesterday to the day after tomorrow: yesterday and today have come.
    const ongoing = await shift(owner, anna, {
      title: 'In corso',
      dateFrom: '2030-06-19',
      dateTo: '2030-06-22',
      startTime: '08:00',
      endTime: '12:30',
      hourlyPay: 20,
    });
    // Not worked: withdrawn, only sent, without dates, someone else's.
    await shift(owner, anna, { dateFrom: '2030-06-06', dateTo: '2030-06-06', startTime: '09:00', endTime: '13:00' }, 'withdrawn');
    await shift(owner, anna, { dateFrom: '2030-06-07', dateTo: '2030-06-07', startTime: '09:00', endTime: '13:00' }, 'sent');
    await shift(owner, anna, { dateFrom: null, dateTo: null, startTime: '09:00', endTime: '13:00' });
    const bruno = await signedIn(t.app, 'farmacista', { profile: { name: 'Bruno', surname: 'Galli' } });
    const brunos = await shift(owner, bruno, {
      dateFrom: '2030-06-08',
      dateTo: '2030-06-08',
      startTime: '09:00',
      endTime: '11:00',
    });

    const june = await month(anna, 2030, 6);
    expect(june.shifts.map((s) => s.application_id)).toEqual([crossing, morning, night, noHours, unpaid, ongoing]);
    const byId = new Map(june.shifts.map((s) => [s.application_id, s]));
    expect(byId.get(morning)).toMatchObject({
      offer: { title: 'Mattine di inizio giugno', hourly_pay: 20, start_time: '09:00', end_time: '13:00' },
      pharmacy: { name: 'Farmacia Città Alta', comune: 'Bergamo' },
      pharmacist: { name: 'Anna', surname: 'Neri' },
      minutes: 720,
      gross: 240,
      review: null,
      correctable_until: '2030-06-19',
      can_correct: false,
    });
    expect(byId.get(morning)?.days.map((d) => [d.date, d.minutes, d.gross])).toEqual([
      ['2030-06-03', 240, 80],
      ['2030-06-04', 240, 80],
      ['2030-06-05', 240, 80],
    ]);
    // June keeps June's days of the shift that began in May: 2 × 4.5 h at 18.50 €.
    expect(byId.get(crossing)?.days.map((d) => d.date)).toEqual(['2030-06-01', '2030-06-02']);
    expect(byId.get(crossing)).toMatchObject({ minutes: 540, gross: 166.5 });
    expect(byId.get(night)).toMatchObject({ minutes: 360, gross: 144 });
    expect(byId.get(unpaid)).toMatchObject({ minutes: 480, gross: null });
    expect(byId.get(unpaid)?.days[0]?.gross).toBeNull();
    expect(byId.get(noHours)).toMatchObject({ minutes: 0, gross: 0, days_without_hours: 1, can_correct: true });
    expect(byId.get(noHours)?.days).toEqual([
      { date: '2030-06-12', start_time: null, end_time: null, corrected: false, minutes: 0, gross: 0, amount: null },
    ]);
    expect(byId.get(ongoing)?.days.map((d) => d.date)).toEqual(['2030-06-19', '2030-06-20']);
    expect(byId.get(ongoing)).toMatchObject({ minutes: 540, gross: 180, correctable_until: '2030-07-06', can_correct: true });
    // The pay as agreed, hour by hour (decision 094), is the statement tests' (engagement-pay.test.ts).
    expect(june.totals).toMatchObject({
      shifts: 6,
      minutes: 720 + 540 + 360 + 480 + 0 + 540,
      gross: 240 + 166.5 + 144 + 0 + 180,
      days_without_hours: 1,
    });

    const may = await month(anna, 2030, 5);
    expect(may.shifts.map((s) => [s.application_id, s.days.map((d) => d.date)])).toEqual([
      [crossing, ['2030-05-30', '2030-05-31']],
    ]);
    expect(may.totals).toMatchObject({ shifts: 1, minutes: 540, gross: 166.5, days_without_hours: 0 });
    // A month to come has nothing worked yet.
    expect((await month(anna, 2030, 7)).shifts).toEqual([]);
    expect((await month(bruno, 2030, 6)).shifts.map((s) => s.application_id)).toEqual([brunos]);
  });

  it('a night the clocks go forward lasts seven hours from 22:00 to 06:00; one they go back, nine', async () => {
    t.clock.now = new Date('2030-11-20T10:00:00Z');
    const { owner, anna } = await people();
    // Sunday 31 March 2030 at 02:00 Italy moves to summer time; Sunday 27 October 2030 at 03:00 back to winter time.
    await shift(owner, anna, {
      dateFrom: '2030-03-30',
      dateTo: '2030-03-30',
      startTime: '22:00',
      endTime: '06:00',
      hourlyPay: 30,
    });
    await shift(owner, anna, {
      dateFrom: '2030-10-26',
      dateTo: '2030-10-26',
      startTime: '22:00',
      endTime: '06:00',
      hourlyPay: 30,
    });
    expect((await month(anna, 2030, 3)).shifts[0]).toMatchObject({ minutes: 420, gross: 210 });
    expect((await month(anna, 2030, 10)).shifts[0]).toMatchObject({ minutes: 540, gross: 270 });
  });

  it("the owner sees who worked each shift of their offers and what it cost; another owner's are not there", async () => {
    t.clock.now = TODAY;
    const { owner, anna } = await people();
    const bruno = await signedIn(t.app, 'farmacista', { profile: { name: 'Bruno', surname: 'Galli' } });
    const offer = { dateFrom: '2030-06-03', dateTo: '2030-06-04', startTime: '09:00', endTime: '13:00', hourlyPay: 20 };
    const annas = await shift(owner, anna, offer);
    const brunos = await shift(owner, bruno, offer);
    const other = await signedIn(t.app, 'titolare');
    await shift(other, anna, offer);

    const june = await month(owner, 2030, 6, 'owner');
    expect(june.shifts.map((s) => [s.application_id, s.pharmacist.name, s.minutes, s.gross])).toEqual([
      [annas, 'Anna', 480, 160],
      [brunos, 'Bruno', 480, 160],
    ]);
    expect(june.totals).toMatchObject({ shifts: 2, minutes: 960, gross: 320 });
  });

  it('who may ask: 401 logged out, 403 the other role, 400 a month that is not one', async () => {
    const { owner, anna } = await people();
    expect((await t.app.inject({ method: 'GET', url: '/api/shifts/mine/?year=2030&month=6' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shifts/mine/?year=2030&month=6', headers: owner.headers })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/shifts/owner/?year=2030&month=6', headers: anna.headers })).statusCode,
    ).toBe(403);
    for (const query of ['year=2030&month=13', 'year=2030&month=0', 'year=1999&month=1', 'month=13', 'year=abc&month=2']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/shifts/mine/?${query}`, headers: anna.headers });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toMatch(/anno|mese/);
    }
  });
});

describe('without a month', () => {
  it('the lists, the statement and the CSV take the current month in Italy; the CSV with a year alone, the whole year', async () => {
    // 31 May 2030, 23:30 in Rome: already June there.
    t.clock.now = new Date('2030-05-31T22:30:00Z');
    const { owner, anna } = await people();
    const get = (who: TSignedIn, url: string) => t.app.inject({ method: 'GET', url, headers: who.headers });
    const mine = await get(anna, '/api/shifts/mine/');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ year: 2030, month: 6 });
    expect((await get(owner, '/api/shifts/owner/')).json()).toMatchObject({ year: 2030, month: 6 });
    expect((await get(anna, '/api/shifts/mine/?month=2')).json()).toMatchObject({ year: 2030, month: 2 });
    const csv = await get(anna, '/api/shifts/mine/export.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('2030-06.csv');
    expect((await get(anna, '/api/shifts/mine/export.csv?year=2030')).headers['content-disposition']).toContain('2030.csv');
    const pdf = await get(anna, '/api/shifts/mine/statement.pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toContain('2030-06');
  });
});

describe("the pharmacist's hours and the owner's answer", () => {
  const offer = { dateFrom: '2030-06-03', dateTo: '2030-06-05', startTime: '09:00', endTime: '13:00', hourlyPay: 20 };

  it("a corrected day counts at its new hours, waits for the owner, who is told once; the offer's hours again undo it", async () => {
    t.clock.now = SOON;
    const { owner, anna } = await people();
    const id = await shift(owner, anna, offer);
    const saved = await correct(anna, id, { days: [{ date: '2030-06-04', start_time: '8:30', end_time: '14:00' }] });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().message).toBe('Ore salvate: il titolare può confermarle.');
    const day = saved.json().shift.days.find((d: { date: string }) => d.date === '2030-06-04');
    expect(day).toEqual({
      date: '2030-06-04',
      start_time: '08:30',
      end_time: '14:00',
      corrected: true,
      minutes: 330,
      gross: 110,
      amount: 110,
    });
    expect(saved.json().shift).toMatchObject({ minutes: 810, gross: 270, review: { status: 'pending', note: null } });

    // A night on the 5th, until 01:15: counted to the next morning.
    expect((await correct(anna, id, { days: [{ date: '2030-06-05', start_time: '17:00', end_time: '01:15' }] })).statusCode).toBe(
      200,
    );
    const june = await month(owner, 2030, 6, 'owner');
    expect(june.shifts[0]?.days.map((d) => [d.start_time, d.end_time, d.minutes, d.corrected])).toEqual([
      ['09:00', '13:00', 240, false],
      ['08:30', '14:00', 330, true],
      ['17:00', '01:15', 495, true],
    ]);
    // The owner was told once, not for each day.
    const told = (await call.notifications(owner)).json().results.filter((n: { type: string }) => n.type === 'hours_submitted');
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Ore lavorate da confermare',
      body: 'Anna Neri ha indicato le ore lavorate per «Turno»: confermale o contestale.',
      link: '/miei_turni?mese=2030-06',
    });

    // Back to the offer's hours on both days: nothing left for the owner to answer.
    const undone = await correct(anna, id, {
      days: [
        { date: '2030-06-04', start_time: '09:00', end_time: '13:00' },
        { date: '2030-06-05', start_time: '09:00', end_time: '13:00' },
      ],
    });
    expect(undone.json().message).toBe("Ore salvate: sono quelle dell'offerta.");
    expect(undone.json().shift).toMatchObject({ minutes: 720, gross: 240, review: null });
  });

  it('a day without hours on the offer is entered by the pharmacist and then counts', async () => {
    t.clock.now = TODAY;
    const { owner, anna } = await people();
    const id = await shift(owner, anna, { dateFrom: '2030-06-12', dateTo: '2030-06-13', hourlyPay: 22 });
    expect((await month(anna, 2030, 6)).totals).toMatchObject({ minutes: 0, gross: 0, days_without_hours: 2 });
    expect((await correct(anna, id, { days: [{ date: '2030-06-13', start_time: '14:00', end_time: '19:30' }] })).statusCode).toBe(
      200,
    );
    expect((await month(anna, 2030, 6)).totals).toMatchObject({ minutes: 330, gross: 121, days_without_hours: 1 });
  });

  it('within 14 days of the last day, on days of the offer that have come; each bad field is named, nothing changes', async () => {
    t.clock.now = new Date('2030-06-19T21:59:00Z'); // 23:59 of the 19th in Rome: the last day of the window
    const { owner, anna } = await people();
    const id = await shift(owner, anna, offer);
    const ongoing = await shift(owner, anna, { ...offer, dateFrom: '2030-06-18', dateTo: '2030-06-25' });
    const day = (over: object) => ({ days: [{ date: '2030-06-04', start_time: '09:00', end_time: '12:00', ...over }] });
    const bad: [object, string, string][] = [
      [day({ date: '2030-06-31' }), 'days.0.date', 'Inserisci una data valida nel formato AAAA-MM-GG.'],
      [day({ date: '04/06/2030' }), 'days.0.date', 'Inserisci una data valida nel formato AAAA-MM-GG.'],
      [day({ start_time: '25:00' }), 'days.0.start_time', 'Inserisci un orario valido nel formato HH:MM.'],
      [day({ end_time: '9' }), 'days.0.end_time', 'Inserisci un orario valido nel formato HH:MM.'],
      [day({ end_time: '09:00' }), 'days.0.end_time', "L'ora di fine deve essere diversa da quella di inizio."],
      [day({ date: '2030-06-02' }), 'days.0.date', "Il giorno non fa parte del periodo dell'offerta."],
      [{ days: [] }, 'days', 'Indica almeno un giorno.'],
      [{}, 'days', 'Indica almeno un giorno.'],
      [
        {
          days: Array.from({ length: 32 }, (_, i) => ({
            date: `2030-07-${String(i + 1).padStart(2, '0')}`,
            start_time: '09:00',
            end_time: '10:00',
          })),
        },
        'days',
        'Puoi indicare al massimo 31 giorni alla volta.',
      ],
      [{ days: [day({}).days[0], day({ start_time: '10:00' }).days[0]] }, 'days.1.date', 'Questo giorno è indicato due volte.'],
    ];
    for (const [payload, field, message] of bad) {
      const response = await correct(anna, id, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().fields[field], field).toBe(message);
    }
    const tomorrow = await correct(anna, ongoing, { days: [{ date: '2030-06-20', start_time: '09:00', end_time: '12:00' }] });
    expect(tomorrow.statusCode).toBe(400);
    expect(tomorrow.json().fields).toEqual({ 'days.0.date': 'Non puoi indicare le ore di un giorno che deve ancora arrivare.' });
    expect((await month(anna, 2030, 6)).shifts.every((s) => s.review === null && s.days.every((d) => !d.corrected))).toBe(true);

    expect((await correct(anna, id, day({}))).statusCode).toBe(200);
    t.clock.now = new Date('2030-06-19T22:00:00Z'); // the 20th in Rome: 15 days after the 5th
    const late = await correct(anna, id, day({ start_time: '10:00' }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'hours_window_closed' });
    expect((await month(anna, 2030, 6)).shifts.find((s) => s.application_id === id)?.can_correct).toBe(false);
  });

  it("someone else's shift is 404, the owner may not correct (403), logged out 401, a withdrawn one 409", async () => {
    t.clock.now = TODAY;
    const { owner, anna } = await people();
    const id = await shift(owner, anna, { ...offer, dateFrom: '2030-06-15', dateTo: '2030-06-16' });
    const withdrawn = await shift(owner, anna, { ...offer, dateFrom: '2030-06-15', dateTo: '2030-06-16' }, 'withdrawn');
    const bruno = await signedIn(t.app, 'farmacista');
    const payload = { days: [{ date: '2030-06-15', start_time: '09:00', end_time: '12:00' }] };
    expect((await correct(bruno, id, payload)).statusCode).toBe(404);
    expect((await correct(anna, 987654, payload)).statusCode).toBe(404);
    expect((await correct(owner, id, payload)).statusCode).toBe(403);
    expect((await correct(undefined, id, payload)).statusCode).toBe(401);
    const answer = await correct(anna, withdrawn, payload);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('shift_not_accepted');
  });

  it('the owner confirms or disputes with a note; the pharmacist is told; once per correction, the one the owner saw', async () => {
    t.clock.now = SOON;
    const { owner, anna } = await people();
    const id = await shift(owner, anna, offer);
    // Hours never corrected may be confirmed (closing.test.ts), not disputed: there is nothing to dispute.
    const nothing = await review(owner, id, { status: 'disputed', note: 'Non torna.' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json().code).toBe('hours_not_submitted');

    const saved = await correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00' }] });
    const seen = saved.json().shift.review.corrected_at as string;
    const noNote = await review(owner, id, { status: 'disputed', note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().fields).toEqual({ note: 'Scrivi una nota per spiegare che cosa non torna.' });
    expect((await review(owner, id, { status: 'maybe' })).statusCode).toBe(400);
    expect((await review(owner, id, { status: 'disputed', note: 'x'.repeat(501) })).statusCode).toBe(400);

    // A newer correction than the one the owner looked at: the answer waits for a second look.
    t.clock.advance(60_000);
    await correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:30' }] });
    const stale = await review(owner, id, { status: 'confirmed', corrected_at: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('hours_changed');

    const disputed = await review(owner, id, { status: 'disputed', note: 'Alle 14 eri già uscita.' });
    expect(disputed.statusCode, disputed.body).toBe(200);
    expect(disputed.json()).toMatchObject({
      message: 'Ore contestate: il farmacista riceve la tua nota.',
      shift: { review: { status: 'disputed', note: 'Alle 14 eri già uscita.' } },
    });
    // Disputed once: not disputed again (a confirmation of it is closing.test.ts's).
    expect((await review(owner, id, { status: 'disputed', note: 'Ancora.' })).json().code).toBe('hours_already_answered');
    const told = (await call.notifications(anna)).json().results[0];
    expect(told).toMatchObject({
      type: 'hours_answered',
      title: 'Ore lavorate contestate',
      body: 'Farmacia Città Alta ha contestato le ore lavorate per «Turno».',
    });
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(anna.user.email)?.text).toContain('Alle 14 eri già uscita.');

    // Corrected again: pending again, told again, and confirmed.
    await correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00' }] });
    expect((await month(anna, 2030, 6)).shifts[0]?.review).toMatchObject({ status: 'pending', note: null, decided_at: null });
    const confirmed = await review(owner, id, { status: 'confirmed' });
    expect(confirmed.json().shift.review).toMatchObject({ status: 'confirmed', note: null });
    expect((await call.notifications(anna)).json().results[0]).toMatchObject({ title: 'Ore lavorate confermate' });
  });

  it("another owner's shift is 404, a pharmacist may not answer (403), logged out 401", async () => {
    t.clock.now = SOON;
    const { owner, anna } = await people();
    const id = await shift(owner, anna, offer);
    await correct(anna, id, { days: [{ date: '2030-06-04', start_time: '09:00', end_time: '14:00' }] });
    const other = await signedIn(t.app, 'titolare');
    expect((await review(other, id, { status: 'confirmed' })).statusCode).toBe(404);
    expect((await review(anna, id, { status: 'confirmed' })).statusCode).toBe(403);
    expect((await review(undefined, id, { status: 'confirmed' })).statusCode).toBe(401);
    expect((await month(anna, 2030, 6)).shifts[0]?.review?.status).toBe('pending');
  });
});

describe('races (PostgreSQL runs them at once)', () => {
  const offer = { dateFrom: '2030-06-03', dateTo: '2030-06-05', startTime: '09:00', endTime: '13:00', hourlyPay: 20 };

  it('a correction and the owner answering at once: both answered, never 500, and the state is one of the two orders', async () => {
    t.clock.now = SOON;
    const { owner, anna } = await people();
    for (let round = 0; round < 6; round++) {
      const id = await shift(owner, anna, offer);
      await correct(anna, id, { days: [{ date: '2030-06-03', start_time: '09:00', end_time: '14:00' }] });
      t.clock.advance(1000);
      const [corrected, answered] = await Promise.all([
        correct(anna, id, { days: [{ date: '2030-06-04', start_time: '08:00', end_time: '13:00' }] }),
        review(owner, id, { status: 'confirmed' }),
      ]);
      expect(corrected.statusCode, corrected.body).toBe(200);
      expect(answered.statusCode, answered.body).toBe(200);
      // Answered first, then corrected: pending again. Corrected first: the owner confirmed the newer hours.
      const state = (await month(anna, 2030, 6)).shifts.find((s) => s.application_id === id);
      expect(state?.days.filter((d) => d.corrected)).toHaveLength(2);
      expect(['pending', 'confirmed']).toContain(state?.review?.status);
    }
  });

  it('two corrections at once: both kept, one notification to the owner', async () => {
    t.clock.now = SOON;
    const { owner, anna } = await people();
    for (let round = 0; round < 6; round++) {
      const id = await shift(owner, anna, offer);
      const answers = await Promise.all([
        correct(anna, id, { days: [{ date: '2030-06-03', start_time: '09:00', end_time: '14:00' }] }),
        correct(anna, id, { days: [{ date: '2030-06-04', start_time: '08:00', end_time: '13:00' }] }),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const state = (await month(anna, 2030, 6)).shifts.find((s) => s.application_id === id);
      expect(state?.days.filter((d) => d.corrected).map((d) => d.date)).toEqual(['2030-06-03', '2030-06-04']);
    }
    const told = (await call.notifications(owner, '?page_size=50'))
      .json()
      .results.filter((n: { type: string }) => n.type === 'hours_submitted');
    expect(told).toHaveLength(6);
  });
});
