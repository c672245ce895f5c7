/**
 * Offers carry pay terms (decision 094): written by the single offer, its edit, a bulk publish, a CSV and a series'
 * edit, checked against the offer as stored, with the shift's pay per form stored at every write (and filled in at
 * start-up for older offers); a client that sends none keeps working.
 */
import { addDays, daysFromNow, holidayOf, isSunday, PAY_MESSAGES, type TMyOffer } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { offers } from '../../db/schema';
import { createOffer } from '../../factories';
import { fillOfferPay } from './pay';

const t = useTestApp();

/**
 * The first Sunday at least three days ahead that is no holiday, nor is the Monday after (Bergamo's patron saint is not
 * among those the product knows): its night is paid by the night supplement alone.
 */
function plainSunday(from = daysFromNow(3, t.clock.now)): string {
  let day = from;
  while (!isSunday(day) || holidayOf(day) || holidayOf(addDays(day, 1))) day = addDays(day, 1);
  return day;
}

const owner = () =>
  signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Città Alta', comune_farmacia: 'Bergamo' } });

/** A night from Sunday 20:00 to Monday 08:30, doors open, for an employee or a freelancer. */
const nightOffer = (sunday: string, overrides: Record<string, unknown> = {}) => ({
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
    travel_mode: 'fisso',
    travel_amount: 50,
    lodging_nights: 1,
    lodging_note: 'Camera sopra la farmacia',
    negotiation_max_hourly: 50,
  },
  ...overrides,
});

const create = (who: TSignedIn, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/offers/create/', headers: who.headers, payload });
const update = (who: TSignedIn, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/offers/${id}/update/`, headers: who.headers, payload });
const mine = async (who: TSignedIn) =>
  (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: who.headers })).json() as TMyOffer[];

describe('an offer with pay terms', () => {
  it('stores them with the pay per form, and an edit keeps, replaces or clears them', async () => {
    const pharmacy = await owner();
    const sunday = plainSunday();
    const created = await create(pharmacy, nightOffer(sunday));
    expect(created.statusCode, created.body).toBe(201);
    // Employee: 12.5 hours of night at 20 € + 20% = 24 € → 300 €. Freelancer: Sunday 20–24 at the holiday fee 45 €
    // (4 h = 180 €), Monday 00–08:30 at the night fee 40 € (8.5 h = 340 €) → 520 €.
    expect(created.json()).toMatchObject({
      start_time: '20:00',
      end_time: '08:30',
      pay_terms: {
        night_service: 'battenti_aperti',
        night_from: null,
        fee_hourly: 30,
        night_fee: 40,
        holiday_fee: 45,
        extra_holidays: [],
        travel_mode: 'fisso',
        travel_amount: 50,
        travel_per_km: null,
        travel_per_day: false,
        lodging_nights: 1,
        lodging_note: 'Camera sopra la farmacia',
        negotiation_max_hourly: 50,
        negotiation_max_travel: null,
      },
      pay_totals: { dipendente: 300, libera_professione: 520 },
    });
    const { id } = created.json() as { id: number };

    // The seed's edit names no pay terms: they stay, the overnight hours with them; a higher pay: 12.5 h × 26,40 €.
    const { pay_terms: _, legal_forms: __, ...withoutTerms } = nightOffer(sunday, { hourly_pay: 22 });
    const kept = await update(pharmacy, id, withoutTerms);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({
      pay_terms: { fee_hourly: 30, night_fee: 40 },
      pay_totals: { dipendente: 330, libera_professione: 520 },
    });

    // An object replaces every term: what it leaves out is cleared (the freelancer now gets 22 € for every hour).
    const replaced = await update(pharmacy, id, { ...withoutTerms, pay_terms: { night_service: 'battenti_aperti' } });
    expect(replaced.json()).toMatchObject({
      pay_terms: { night_service: 'battenti_aperti', fee_hourly: null, night_fee: null, travel_mode: null, lodging_nights: null },
      pay_totals: { dipendente: 330, libera_professione: 275 },
    });

    // null clears them all: a day shift, 09:00–13:00 at 22 € on that Sunday (+10% within its first 8 hours): 96,80 €.
    const cleared = await update(pharmacy, id, { ...withoutTerms, start_time: '09:00', end_time: '13:00', pay_terms: null });
    expect(cleared.json()).toMatchObject({ pay_terms: null, pay_totals: { dipendente: 96.8, libera_professione: 88 } });
    expect((await mine(pharmacy))[0]).toMatchObject({ pay_terms: null, pay_totals: { dipendente: 96.8 } });
  });

  it("keeps working for a client that sends none (the seed's payload), with the pay of its hours", async () => {
    const pharmacy = await owner();
    // A Monday that is no holiday: 4 hours at the 20 € read from the salary text.
    const monday = addDays(plainSunday(), 1);
    const response = await create(pharmacy, {
      title: 'Mattina',
      description: 'Banco.',
      salary: '20 €/ora',
      date_from: monday,
      date_to: monday,
      start_time: '09:00',
      end_time: '13:00',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      hourly_pay: 20,
      pay_terms: null,
      pay_totals: { dipendente: 80, libera_professione: null },
    });
  });

  it('refuses terms that do not fit the offer, on a new one and against the stored one, and writes nothing', async () => {
    const pharmacy = await owner();
    const sunday = plainSunday();
    const refused = async (call: Promise<{ statusCode: number; json(): unknown }>, code: string, fields: object) => {
      const before = await tableSnapshot(t.database);
      const response = await call;
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code, fields });
      expect(await tableSnapshot(t.database)).toEqual(before);
    };
    await refused(create(pharmacy, nightOffer(sunday, { pay_terms: { night_service: 'sempre' } })), 'invalid_pay_terms', {
      'pay_terms.night_service': PAY_MESSAGES.nightService,
    });
    await refused(create(pharmacy, nightOffer(sunday, { pay_terms: undefined })), 'validation_error', {
      end_time: PAY_MESSAGES.overnightNeedsNight,
    });
    // No legal forms named: dipendente only, which takes no freelancer's fee.
    await refused(create(pharmacy, nightOffer(sunday, { legal_forms: undefined })), 'invalid_pay_terms', {
      'pay_terms.night_fee': PAY_MESSAGES.feesNeedFreelance,
    });
    await refused(
      create(pharmacy, nightOffer(sunday, { pay_terms: { night_service: 'battenti_aperti', negotiation_max_hourly: 20 } })),
      'invalid_pay_terms',
      { 'pay_terms.negotiation_max_hourly': PAY_MESSAGES.negotiationMaxHourly },
    );

    // The freelancer is paid hourly_pay (no fee of their own), so the bound is over hourly_pay.
    const { fee_hourly: _fee, ...terms } = nightOffer(sunday).pay_terms;
    const stored = nightOffer(sunday, { pay_terms: { ...terms, extra_holidays: [sunday] } });
    const { id } = (await create(pharmacy, stored)).json() as { id: number };
    const { pay_terms: _, ...edit } = stored;
    // Each edit names no pay terms: the stored ones no longer fit what it changes.
    await refused(update(pharmacy, id, { ...edit, legal_forms: ['dipendente'] }), 'invalid_pay_terms', {
      'pay_terms.night_fee': PAY_MESSAGES.feesNeedFreelance,
    });
    await refused(update(pharmacy, id, { ...edit, hourly_pay: 50 }), 'invalid_pay_terms', {
      'pay_terms.negotiation_max_hourly': PAY_MESSAGES.negotiationMaxHourly,
    });
    const later = addDays(sunday, 7);
    await refused(update(pharmacy, id, { ...edit, date_from: later, date_to: later }), 'invalid_pay_terms', {
      'pay_terms.extra_holidays': PAY_MESSAGES.extraHolidays,
    });
    await refused(update(pharmacy, id, { ...edit, pay_terms: { fee_hourly: 30 } }), 'validation_error', {
      end_time: PAY_MESSAGES.overnightNeedsNight,
    });
  });
});

describe('many shifts with pay terms', () => {
  it('are written by a bulk template, a CSV and a series edit, each day with its own pay', async () => {
    const pharmacy = await owner();
    const sunday = plainSunday();
    const next = plainSunday(addDays(sunday, 1));
    const { title, description, start_time, end_time, hourly_pay, legal_forms, pay_terms } = nightOffer(sunday);
    const template = { title, description, start_time, end_time, hourly_pay, legal_forms };
    const bulk = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/offers/bulk/', headers: pharmacy.headers, payload });

    const outside = await bulk({
      ...template,
      pay_terms: { ...pay_terms, extra_holidays: [addDays(sunday, 1)] },
      dates: [sunday, next],
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({
      code: 'invalid_pay_terms',
      fields: { 'pay_terms.extra_holidays': PAY_MESSAGES.extraHolidays },
    });
    // The local holiday is the first Sunday's only: its employee's hours 20–24 are paid +30% (4 h × 26 € = 104 €).
    const published = await bulk({ ...template, pay_terms: { ...pay_terms, extra_holidays: [sunday] }, dates: [sunday, next] });
    expect(published.statusCode, published.body).toBe(201);
    const seriesId = published.json().series[0].series_id as string;
    const days = async () => new Map((await mine(pharmacy)).filter((o) => o.series_id === seriesId).map((o) => [o.date_from, o]));
    const first = (await days()).get(sunday);
    expect(first).toMatchObject({ pay_terms: { extra_holidays: [sunday] }, pay_totals: { dipendente: 104 + 8.5 * 24 } });
    expect((await days()).get(next)).toMatchObject({ pay_terms: { extra_holidays: [] }, pay_totals: { dipendente: 300 } });

    // The series' edit: doors closed on call from 22:00, on every day. Employee: 20–22 Sunday +10% (2 h × 22 € = 44 €),
    // 22–06 the first 8 hours of night +16% (8 h × 23,20 € = 185,60 €), 06–08:30 beyond them +10% (2,5 h × 22 € = 55 €).
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/offers/series/${seriesId}/update/`,
      headers: pharmacy.headers,
      payload: { ...template, pay_terms: { night_service: 'battenti_chiusi', night_from: '22:00' } },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const day of [sunday, next])
      expect((await days()).get(day)).toMatchObject({
        pay_terms: { night_service: 'battenti_chiusi', night_from: '22:00', extra_holidays: [] },
        pay_totals: { dipendente: 284.6, libera_professione: 250 },
      });

    const csv = (rows: string[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/offers/bulk/csv/',
        headers: { ...pharmacy.headers, 'content-type': 'text/csv; charset=utf-8' },
        payload: [
          'data;titolo;descrizione;inizio;fine;paga_oraria;forma;notte;compenso_notte;viaggio;viaggio_km;viaggio_tetto',
          ...rows,
        ].join('\n'),
      });
    const bad = await csv([
      `${sunday};Notte;Banco;20:00;08:30;20;dipendente;sempre;;;;`,
      `${sunday};Notte;Banco;20:00;08:30;20;dipendente;aperti;40;;;`,
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().rows).toEqual([
      expect.objectContaining({ row: 2, column: 'notte' }),
      expect.objectContaining({
        row: 3,
        column: 'compenso_notte',
        message: expect.stringContaining(PAY_MESSAGES.feesNeedFreelance),
      }),
    ]);
    const good = await csv([`${sunday};Notte CSV;Banco;20:00;08:30;20;entrambe;aperti;40;km;0,30;25`]);
    expect(good.statusCode, good.body).toBe(201);
    expect((await mine(pharmacy)).find((o) => o.title === 'Notte CSV')).toMatchObject({
      pay_terms: { night_service: 'battenti_aperti', night_fee: 40, travel_mode: 'km', travel_per_km: 0.3, travel_cap: 25 },
      pay_totals: { dipendente: 300, libera_professione: 500 },
    });
  });
});

describe('the start-up fill', () => {
  it('works out the pay of offers written before it existed, in batches', async () => {
    const pharmacy = await owner();
    const sunday = plainSunday();
    const night = await createOffer(t.database.db, pharmacy.user.id, {
      dateFrom: sunday,
      dateTo: sunday,
      startTime: '20:00',
      endTime: '08:30',
      hourlyPay: 20,
    });
    await t.database.db.update(offers).set({ nightService: 'battenti_aperti' }).where(eq(offers.id, night.id));
    const day = await createOffer(t.database.db, pharmacy.user.id, {
      dateFrom: sunday,
      dateTo: sunday,
      startTime: '09:00',
      endTime: '13:00',
    });
    const done = await createOffer(t.database.db, pharmacy.user.id);
    await t.database.db.execute(
      sql`update offers set pay_total_dipendente = null, pay_computed_at = null where id in (${night.id}, ${day.id})`,
    );
    expect(await fillOfferPay(t.database.db, t.clock.now, 1)).toBe(2);
    const rows = await t.database.db
      .select({ id: offers.id, total: offers.payTotalDipendente, at: offers.payComputedAt })
      .from(offers)
      .orderBy(offers.id);
    // 4 h at 18 € + 10% on a Sunday = 79,20 €; the offer without days has no total.
    expect(rows.map((row) => [row.id, row.total, row.at !== null])).toEqual([
      [night.id, 300, true],
      [day.id, 79.2, true],
      [done.id, null, true],
    ]);
    expect(await fillOfferPay(t.database.db, t.clock.now)).toBe(0);
  });
});
