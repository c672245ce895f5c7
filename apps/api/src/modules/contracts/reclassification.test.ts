/**
 * The reclassification warning (decision 093): golden tests of its arithmetic against a hand count, then the route
 * and the acceptance's answer.
 */
import { RECLASSIFICATION } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, RECLASSIFICATION_TEXT, type TReclassification } from '@farmaponte/shared/contracts';
import { describe, expect, it } from 'vitest';
import { contractCalls, contractScenario, freelanceApplication } from '../../../test/contracts';
import { signedIn, useTestApp } from '../../../test/helpers';
import { createOffer, setApplicationStatus } from '../../factories';
import { reclassificationOf, type TEngagement, windowEndingOn } from './reclassification';

const engagement = (id: number, values: Partial<TEngagement>): TEngagement => ({
  id,
  freelance: true,
  ours: true,
  dateFrom: null,
  dateTo: null,
  startTime: null,
  endTime: null,
  acceptedOn: '2030-01-01',
  ...values,
});
const day = (id: number, date: string, values: Partial<TEngagement> = {}) =>
  engagement(id, { dateFrom: date, dateTo: date, ...values });
const valuesOf = (warning: TReclassification) => Object.fromEntries(warning.indicators.map((i) => [i.key, [i.value, i.over]]));

describe('the window', () => {
  it('is the 12 months up to the day, both included', () => {
    expect(windowEndingOn('2031-03-31')).toEqual({ from: '2030-04-01', to: '2031-03-31' });
    // 29 February a year back is the 28th's next day.
    expect(windowEndingOn('2032-02-29')).toEqual({ from: '2031-03-01', to: '2032-02-29' });
  });
});

describe('the indicators, counted by hand', () => {
  it('nine Mondays and a month of mornings: the weekday and the month warn, the days do not, the share does', () => {
    const window = windowEndingOn('2031-03-31'); // 2030-04-01 – 2031-03-31
    const mondays = [
      '2030-10-07',
      '2030-10-14',
      '2030-10-21',
      '2030-10-28',
      '2030-11-04',
      '2030-11-11',
      '2030-11-18',
      '2030-11-25',
      '2030-12-02',
    ];
    const engagements = [
      // E1–E9: nine Mondays, 08:00–14:00 (6 h each).
      ...mondays.map((date, i) => day(i + 1, date, { startTime: '08:00', endTime: '14:00' })),
      // E10: 8–31 October, 24 days, 09:00–14:00 (5 h each); its Mondays 14, 21, 28 are already counted as days.
      engagement(10, { dateFrom: '2030-10-08', dateTo: '2030-10-31', startTime: '09:00', endTime: '14:00' }),
      // E11: March 2030, before the window: not counted at all.
      engagement(11, { dateFrom: '2030-03-01', dateTo: '2030-03-31', startTime: '09:00', endTime: '14:00' }),
      // E12: 25 March – 2 April 2030, no hours: only 1 and 2 April are in the window.
      engagement(12, { dateFrom: '2030-03-25', dateTo: '2030-04-02' }),
      // E13: another organisation's (employee): in the share's total only.
      day(13, '2030-05-10', { ours: false, freelance: false }),
      // E14: ours, as an employee: in the share, not in the days or hours.
      engagement(14, { dateFrom: '2030-06-01', dateTo: '2030-06-05', freelance: false, startTime: '08:00', endTime: '16:00' }),
    ];
    const warning = reclassificationOf(engagements, window);
    // Days: E10's 24 + the Mondays outside it (7 Oct, 4, 11, 18, 25 Nov, 2 Dec) 6 + E12's 2 = 32 (< 96).
    // Same weekday: Mondays 10 (E1–E9, and 1 April of E12; E10 adds none); Tuesdays 2 April, 8, 15, 22, 29 October = 5.
    // Most: 10 (≥ 8).
    // Hours: October = Mondays 7, 14, 21, 28 × 6 h = 24 + E10 24 × 5 h = 120 → 144 h; November 4 × 6 = 24; December 6.
    // Share: in the window E1–E10, E12, E13, E14 = 13 engagements, 12 ours: 12 / 13 = 0.923 (≥ 0.8, read from 5).
    expect(valuesOf(warning)).toEqual({
      shifts: [32, false],
      sameWeekdayWeeks: [10, true],
      hoursPerMonth: [144, true],
      share: [0.923, true],
    });
    expect(warning.at_risk).toBe(true);
    expect(warning).toMatchObject({ title: RECLASSIFICATION_TEXT.title, source: RECLASSIFICATION.source, ...window });
    expect(warning.indicators.map((i) => i.threshold)).toEqual([96, 8, 120, 0.8]);
  });

  it('96 days in a row reach the days threshold; the share is not read on four engagements', () => {
    // 1 June (a Saturday) to 4 September 2030: 30 + 31 + 31 + 4 = 96 days; 13 weeks and 5 days, so Saturday to
    // Wednesday occur 14 times. No hours: 0 in every month.
    const warning = reclassificationOf(
      [
        engagement(1, { dateFrom: '2030-06-01', dateTo: '2030-09-04' }),
        day(2, '2030-10-01', { ours: false }),
        day(3, '2030-10-02', { ours: false }),
        day(4, '2030-10-03', { ours: false }),
      ],
      windowEndingOn('2030-12-31'),
    );
    expect(valuesOf(warning)).toEqual({
      shifts: [96, true],
      sameWeekdayWeeks: [14, true],
      hoursPerMonth: [0, false],
      share: [null, false],
    });
  });

  it('a few scattered days: no warning', () => {
    // Two days for us (a Monday and a Thursday, 4 h each) out of six engagements: share 2/6 = 0.333.
    const warning = reclassificationOf(
      [
        day(1, '2030-05-06', { startTime: '15:00', endTime: '19:00' }),
        day(2, '2030-08-22', { startTime: '15:00', endTime: '19:00' }),
        ...[3, 4, 5, 6].map((id) => day(id, `2030-09-0${id}`, { ours: false })),
      ],
      windowEndingOn('2030-12-31'),
    );
    expect(valuesOf(warning)).toEqual({
      shifts: [2, false],
      sameWeekdayWeeks: [1, false],
      hoursPerMonth: [4, false],
      share: [0.333, false],
    });
    expect(warning.at_risk).toBe(false);
  });
});

const t = useTestApp();
const calls = contractCalls(t);

describe('GET /api/applications/{id}/reclassification/', () => {
  it('counts the application asked about as if accepted, with her accepted shifts for the organisation', async () => {
    const { owner, pharmacist, application } = await contractScenario(t);
    // An accepted freelance engagement of hers for the same pharmacy: 1–20 June 2030, 09:00–16:00 (7 h) = 20 days.
    const earlier = await createOffer(t.database.db, owner.user.id, {
      dateFrom: '2030-06-01',
      dateTo: '2030-06-20',
      startTime: '09:00',
      endTime: '16:00',
    });
    const done = await freelanceApplication(t, earlier.id, pharmacist);
    await setApplicationStatus(t.database.db, { id: done.id, offerId: earlier.id }, 'accepted');
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/applications/${application.id}/reclassification/`,
      headers: owner.headers,
    });
    expect(answer.statusCode).toBe(200);
    // Window: the 12 months up to 3 July 2030. Days: 20 in June + 3 in July (this one) = 23. June's hours: 20 × 7 = 140.
    // Two engagements, both ours: fewer than 5, the share is not read.
    const warning = answer.json() as TReclassification;
    expect(warning).toMatchObject({ from: '2029-07-04', to: '2030-07-03', at_risk: true });
    expect(valuesOf(warning)).toMatchObject({ shifts: [23, false], hoursPerMonth: [140, true], share: [null, false] });
    // The acceptance answers the same warning, and still accepts.
    const accepted = await calls.accept(owner, application.id);
    expect(accepted.json()).toMatchObject({ status: 'accepted', reclassification: { at_risk: true, to: '2030-07-03' } });
    expect(valuesOf(accepted.json().reclassification)).toEqual(valuesOf(warning));
  });

  it('an employee application, another pharmacy or a pharmacist: 404 or 403; anonymous 401', async () => {
    const { owner, offer, pharmacist, application } = await contractScenario(t);
    const employee = await freelanceApplication(t, offer.id, await signedIn(t.app, 'farmacista'), 'dipendente');
    const url = (id: number) => `/api/applications/${id}/reclassification/`;
    const asOwner = await t.app.inject({ method: 'GET', url: url(employee.id), headers: owner.headers });
    expect(asOwner.statusCode).toBe(404);
    expect(asOwner.json()).toMatchObject({
      code: 'reclassification_not_found',
      message: CONTRACT_MESSAGES.reclassificationNotFound,
    });
    const other = await signedIn(t.app, 'titolare');
    expect((await t.app.inject({ method: 'GET', url: url(application.id), headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(application.id), headers: pharmacist.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: url(application.id) })).statusCode).toBe(401);
  });
});
