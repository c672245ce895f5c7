/**
 * Many shifts at once (decision 090): a template on days picked or by a weekly rule, one series; a check that writes
 * nothing; every problem named; who may do it.
 */
import { daysFromNow, formatDate, PAY_MESSAGES, type TMyOffer } from '@farmaponte/shared';
import { BULK_MESSAGES, weekdayOf } from '@farmaponte/shared/bulk-offers';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/organisation';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { actingFor, addPharmacy, organisationOf, signedInMember } from '../../../test/organisation-members';
import { offers, pharmacySettings } from '../../db/schema';

const t = useTestApp();

const day = (n: number) => daysFromNow(n, t.clock.now);
const template = (overrides: Record<string, unknown> = {}) => ({
  title: 'Turno del sabato',
  description: 'Banco e dispensazione.',
  hourly_pay: 20,
  start_time: '09:00',
  end_time: '13:00',
  ...overrides,
});
const bulk = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/offers/bulk/', headers, payload });
const mine = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers })).json() as TMyOffer[];

describe('POST /api/offers/bulk/ with the days picked', () => {
  it('publishes one offer a day, one series, written by the person acting', async () => {
    const owner = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Brera' } });
    const days = [day(9), day(2), day(5)];
    const response = await bulk(owner.headers, { ...template(), dates: days });
    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ message: BULK_MESSAGES.published(3), check_only: false, count: 3 });
    expect(answer.series).toHaveLength(1);
    expect(answer.series[0]).toMatchObject({ pharmacy: 'Farmacia Brera', days: [day(2), day(5), day(9)] });

    const listed = await mine(owner.headers);
    expect(listed.map((o) => [o.date_from, o.date_to]).sort()).toEqual([...days].sort().map((d) => [d, d]));
    expect(new Set(listed.map((o) => o.series_id))).toEqual(new Set([answer.series[0].series_id]));
    expect(listed.every((o) => o.status === 'open' && o.hourly_pay === 20 && o.start_time === '09:00')).toBe(true);
    const rows = await t.app.db.select({ createdBy: offers.createdBy }).from(offers);
    expect(rows.map((r) => r.createdBy)).toEqual([owner.user.id, owner.user.id, owner.user.id]);
    // Pharmacists find them at once.
    const pharmacist = await signedIn(t.app, 'farmacista');
    const open = await t.app.inject({ method: 'GET', url: '/api/offers/', headers: pharmacist.headers });
    expect(open.json()).toHaveLength(3);
  });

  it("fills what the template leaves out from the pharmacy's settings, its note as the description", async () => {
    const owner = await signedIn(t.app, 'titolare');
    await t.app.db.insert(pharmacySettings).values({
      pharmacyId: owner.user.id,
      startTime: '15:00',
      endTime: '19:30',
      hourlyPay: 22.5,
      positions: 2,
      note: 'Camice proprio; parcheggio interno.',
    });
    const response = await bulk(owner.headers, { title: 'Pomeriggio', dates: [day(3)] });
    expect(response.statusCode).toBe(201);
    const [offer] = await mine(owner.headers);
    expect(offer).toMatchObject({
      description: 'Camice proprio; parcheggio interno.',
      start_time: '15:00',
      end_time: '19:30',
      hourly_pay: 22.5,
      positions: 2,
    });
    // What the template says wins; a description written is kept as it is.
    await bulk(owner.headers, { ...template({ positions: 1 }), dates: [day(4)] });
    const written = (await mine(owner.headers)).find((o) => o.date_from === day(4));
    expect(written).toMatchObject({ description: 'Banco e dispensazione.', start_time: '09:00', positions: 1, hourly_pay: 20 });
  });

  it("keeps an owner's shifts waiting while the pharmacy is not verified yet", async () => {
    const owner = await signedIn(t.app, 'titolare', { verified: false, emailConfirmed: true });
    const response = await bulk(owner.headers, { ...template(), dates: [day(3), day(4)] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ message: BULK_MESSAGES.publishedPending(2) });
    expect(response.json().series[0].pending_verification).toBe(true);
    expect((await mine(owner.headers)).map((o) => o.status)).toEqual(['pending_verification', 'pending_verification']);
    const pharmacist = await signedIn(t.app, 'farmacista');
    expect((await t.app.inject({ method: 'GET', url: '/api/offers/', headers: pharmacist.headers })).json()).toEqual([]);
  });
});

describe('POST /api/offers/bulk/ with a weekly rule', () => {
  it('publishes every Saturday from one day to another, and only those', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await bulk(owner.headers, { ...template(), every: { weekdays: [6], from: day(1), to: day(28) } });
    expect(response.statusCode).toBe(201);
    const listed = await mine(owner.headers);
    // Four weeks hold four Saturdays.
    expect(listed).toHaveLength(4);
    expect(listed.every((o) => o.date_from && weekdayOf(o.date_from) === 6)).toBe(true);
    expect(new Set(listed.map((o) => o.series_id)).size).toBe(1);
  });

  it('answers what would be published with check_only, and writes nothing', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const before = await tableSnapshot(t.database);
    const response = await bulk(owner.headers, {
      ...template(),
      every: { weekdays: [0, 6], from: day(1), to: day(14) },
      check_only: true,
    });
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ check_only: true, count: 4, message: BULK_MESSAGES.checked(4) });
    expect(answer.series[0].series_id).toBeNull();
    expect(answer.series[0].days.map(weekdayOf).sort()).toEqual([0, 0, 6, 6]);
    expect(await tableSnapshot(t.database)).toEqual(before);
  });
});

describe('POST /api/offers/bulk/ refuses bad days with every problem named', () => {
  it.each([
    ['a past day', () => ({ dates: [day(2), day(-1)] }), () => ({ 'dates.1': BULK_MESSAGES.dayInPast(formatDate(day(-1))) })],
    ['a day that is not one', () => ({ dates: ['2027-02-30'] }), () => ({ 'dates.0': BULK_MESSAGES.notADate('2027-02-30') })],
    ['a repeated day', () => ({ dates: [day(3), day(3)] }), () => ({ 'dates.1': BULK_MESSAGES.dayRepeated(formatDate(day(3))) })],
    ['no day', () => ({ dates: [] }), () => ({ dates: BULK_MESSAGES.daysRequired })],
    [
      'too many days',
      () => ({ dates: Array.from({ length: 367 }, (_, i) => day(i + 1)) }),
      () => ({ dates: BULK_MESSAGES.tooManyDays(367) }),
    ],
    [
      'a rule starting in the past',
      () => ({ every: { weekdays: [6], from: day(-7), to: day(7) } }),
      () => ({ 'every.from': BULK_MESSAGES.fromInPast(formatDate(day(-7))) }),
    ],
    [
      'a rule the wrong way round',
      () => ({ every: { weekdays: [6], from: day(9), to: day(2) } }),
      () => ({ 'every.to': BULK_MESSAGES.ruleOrder }),
    ],
    [
      'a rule with no such day',
      () => ({ every: { weekdays: [weekdayOf(day(1))], from: day(2), to: day(4) } }),
      () => ({ every: BULK_MESSAGES.ruleHasNoDay(formatDate(day(2)), formatDate(day(4))) }),
    ],
    [
      'a rule of over a year',
      () => ({ every: { weekdays: [1], from: day(1), to: day(400) } }),
      () => ({ 'every.to': BULK_MESSAGES.ruleTooLong }),
    ],
  ])('%s: 400 in Italian, nothing written', async (_, days, problems) => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await bulk(owner.headers, { ...template(), ...days() });
    expect(response.statusCode).toBe(400);
    const fields: Record<string, string> = problems();
    expect(response.json().fields).toEqual(fields);
    expect(response.json().message).toBe(Object.values(fields)[0]);
    expect(await mine(owner.headers)).toEqual([]);
  });

  it('names each bad day of a list at once', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const response = await bulk(owner.headers, { ...template(), dates: [day(-2), day(4), 'sabato', day(4)] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      'dates.0': BULK_MESSAGES.dayInPast(formatDate(day(-2))),
      'dates.2': BULK_MESSAGES.notADate('sabato'),
      'dates.3': BULK_MESSAGES.dayRepeated(formatDate(day(4))),
    });
  });

  it("checks the template by the single offer's rules, after the pharmacy's settings", async () => {
    const owner = await signedIn(t.app, 'titolare');
    const noPay = await bulk(owner.headers, { ...template({ hourly_pay: undefined }), dates: [day(2)] });
    expect(noPay.statusCode).toBe(400);
    expect(noPay.json().fields).toEqual({ hourly_pay: BULK_MESSAGES.hourlyPayRequired });
    await t.app.db.insert(pharmacySettings).values({ pharmacyId: owner.user.id, endTime: '08:00' });
    const hours = await bulk(owner.headers, { ...template({ end_time: undefined }), dates: [day(2)] });
    expect(hours.statusCode).toBe(400);
    expect(hours.json().fields).toEqual({ end_time: PAY_MESSAGES.overnightNeedsNight });
    const both = await bulk(owner.headers, {
      ...template(),
      dates: [day(2)],
      every: { weekdays: [6], from: day(1), to: day(9) },
    });
    expect(both.statusCode).toBe(400);
    expect(both.json().fields).toEqual({ dates: BULK_MESSAGES.daysOrRule });
    expect(await mine(owner.headers)).toEqual([]);
  });
});

describe('who may publish many shifts', () => {
  it('no session: 401; a pharmacist: 403; consultazione: 403 read_only_member; nothing written', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const organisation = await organisationOf(t.app.db, owner.user.id);
    const reader = await signedInMember(t.app, organisation, 'consultazione', [owner.user.id]);
    const pharmacist = await signedIn(t.app, 'farmacista');
    const payload = { ...template(), dates: [day(2)] };
    expect((await bulk({}, payload)).statusCode).toBe(401);
    expect((await bulk(pharmacist.headers, payload)).statusCode).toBe(403);
    const readOnly = await bulk(actingFor(reader, owner.user.id), payload);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json()).toMatchObject({ code: 'read_only_member', message: ORGANISATION_MESSAGES.readOnly });
    expect(await t.app.db.select().from(offers)).toEqual([]);
  });

  it('a responsabile publishes for a pharmacy of theirs, written as theirs; another pharmacy of the organisation is 404', async () => {
    const owner = await signedIn(t.app, 'titolare');
    const organisation = await organisationOf(t.app.db, owner.user.id);
    const branch = await addPharmacy(t.app.db, organisation, { name: 'Farmacia del Porto' });
    const manager = await signedInMember(t.app, organisation, 'responsabile', [branch]);
    const published = await bulk(actingFor(manager, branch), { ...template(), dates: [day(2), day(3)] });
    expect(published.statusCode).toBe(201);
    const rows = await t.app.db.select({ ownerId: offers.ownerId, createdBy: offers.createdBy }).from(offers);
    expect(rows).toEqual([
      { ownerId: branch, createdBy: manager.user.id },
      { ownerId: branch, createdBy: manager.user.id },
    ]);
    const elsewhere = await bulk(actingFor(manager, owner.user.id), { ...template(), dates: [day(2)] });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().code).toBe('pharmacy_not_found');
    expect(await t.app.db.select().from(offers).where(eq(offers.ownerId, owner.user.id))).toEqual([]);
  });
});
