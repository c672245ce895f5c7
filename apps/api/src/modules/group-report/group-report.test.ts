/**
 * The group report (decision 091): a small organisation's shifts, hours and spend against a hand calculation, who
 * sees which pharmacies, the same figures as the worked shifts' month on the night of a clock change, and bad input.
 */
import type { TWorkedShiftMonth } from '@farmaponte/shared';
import type { TGroupReport } from '@farmaponte/shared/group-report';
import { describe, expect, it } from 'vitest';
import { shiftOf, smallGroup, TODAY } from '../../../test/group';
import { signedIn, type TSignedIn, useTestApp } from '../../../test/helpers';
import { actingFor, staffMember } from '../../../test/organisation';
import { clockChangeDays } from '../shifts';

const t = useTestApp();

const get = (headers: Record<string, string> | undefined, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/organisation/report/${query}`, headers });

async function report(who: TSignedIn, query = '?from=2030-06-01&to=2030-06-30'): Promise<TGroupReport> {
  const response = await get(who.headers, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as TGroupReport;
}

/** The figures of a pharmacy, a pharmacist or the group with the shares as percentages, for shorter expectations. */
const counts = (c: { shifts: number; open: number; filled: number; unfilled: number; fill_rate: number | null }) => [
  c.shifts,
  c.open,
  c.filled,
  c.unfilled,
  c.fill_rate,
];

describe('the group report', () => {
  it("counts each pharmacy's places by week and what was worked and spent, as worked out by hand", async () => {
    const { titolare, centrale, borgo, anna, bruno } = await smallGroup(t);
    const june = await report(titolare);
    expect(june).toMatchObject({
      organisation: { name: 'Società Farmacie Orobiche S.r.l.' },
      from: '2030-06-01',
      to: '2030-06-30',
      today: '2030-06-20',
    });
    expect(june.pharmacies.map((p) => [p.id, p.name])).toEqual([
      [centrale, 'Farmacia Centrale'],
      [borgo, 'Farmacia del Borgo'],
    ]);
    const [c, b] = june.pharmacies as [TGroupReport['pharmacies'][0], TGroupReport['pharmacies'][0]];

    // Farmacia Centrale, [places, open, filled, unfilled, fill rate] a week:
    // W22 (27 May): the night's 1st and 2nd of June, taken by Anna (30 and 31 May are outside): 2, 0, 2, 0, 1.
    // W23 (3 June): the three mornings, Anna's: 3, 0, 3, 0, 1.
    // W24: the afternoon of the 10th wants two, Bruno is one; the day has gone: 2, 0, 1, 1, 0.5.
    // W26: the 25th still to come and free (open); the 27th of an offer closed (unfilled): 2, 1, 0, 1, 0.
    // The job without dates is no shift. Total: 9 places, 1 open, 6 filled, 2 unfilled, 6/9 = 0.667.
    expect(c.weeks.map((w) => [w.week, w.week_start, ...counts(w)])).toEqual([
      ['2030-W22', '2030-05-27', 2, 0, 2, 0, 1],
      ['2030-W23', '2030-06-03', 3, 0, 3, 0, 1],
      ['2030-W24', '2030-06-10', 2, 0, 1, 1, 0.5],
      ['2030-W26', '2030-06-24', 2, 1, 0, 1, 0],
    ]);
    expect(counts(c.shifts)).toEqual([9, 1, 6, 2, 0.667]);
    // Farmacia del Borgo: W24 the weekend, Bruno's: 2, 0, 2, 0, 1. W25: today's free shift is still open (1), the
    // 18th and 19th are Anna's (2), the 21st and 22nd too, though not worked yet (2): 5, 1, 4, 0, 0.8.
    expect(b.weeks.map((w) => [w.week, ...counts(w)])).toEqual([
      ['2030-W24', 2, 0, 2, 0, 1],
      ['2030-W25', 5, 1, 4, 0, 0.8],
    ]);
    expect(counts(b.shifts)).toEqual([7, 1, 6, 0, 0.857]);
    // The group: 16 places, 2 open, 12 filled, 2 unfilled, 12/16 = 0.75; its weeks add the two pharmacies'.
    expect(counts(june.totals.shifts)).toEqual([16, 2, 12, 2, 0.75]);
    expect(june.weeks.map((w) => [w.week, ...counts(w)])).toEqual([
      ['2030-W22', 2, 0, 2, 0, 1],
      ['2030-W23', 3, 0, 3, 0, 1],
      ['2030-W24', 4, 0, 3, 1, 0.75],
      ['2030-W25', 5, 1, 4, 0, 0.8],
      ['2030-W26', 2, 1, 0, 1, 0],
    ]);

    // Worked up to today at Farmacia Centrale:
    // Anna's mornings 3rd–4th 09:00–13:00 (4 h, 80,00 € each) and the 5th corrected to 09:00–14:30 (5,5 h, 110,00 €);
    // her nights of the 1st and 2nd, 20:00–02:00 (6 h at 24 € = 144,00 € each); Bruno's afternoon, 4,5 h at 18,50 € =
    // 83,25 €. 6 days, 13,5 + 12 + 4,5 = 30 h (1800 min), 270 + 288 + 83,25 = 641,25 €, all paid: 21,375 → 21,38 €/h.
    expect(c.worked).toEqual({
      days: 6,
      minutes: 1800,
      gross: 641.25,
      paid_minutes: 1800,
      average_hourly_pay: 21.38,
      days_without_hours: 0,
    });
    // At Farmacia del Borgo: Bruno's weekend, 2 × 8 h without an hourly pay (no amount); Anna's 18th and 19th without
    // hours (nothing counted yet); the 21st and 22nd have not come. 4 days, 960 min, 0 €, no average.
    expect(b.worked).toEqual({
      days: 4,
      minutes: 960,
      gross: 0,
      paid_minutes: 0,
      average_hourly_pay: null,
      days_without_hours: 2,
    });
    // The group: 10 days, 46 h, 641,25 € over the 30 paid hours.
    expect(june.totals.worked).toEqual({
      days: 10,
      minutes: 2760,
      gross: 641.25,
      paid_minutes: 1800,
      average_hourly_pay: 21.38,
      days_without_hours: 2,
    });
    // By pharmacist, by surname: Bruno Galli 4,5 h paid (83,25 €) + 16 h unpaid at two pharmacies: 18,50 €/h;
    // Anna Neri 13,5 + 12 = 25,5 h for 558,00 € and two days without hours: 55800 × 60 / 1530 = 21,88 €/h.
    expect(june.pharmacists).toEqual([
      {
        id: bruno.user.id,
        name: 'Bruno',
        surname: 'Galli',
        pharmacies: 2,
        worked: { days: 3, minutes: 1230, gross: 83.25, paid_minutes: 270, average_hourly_pay: 18.5, days_without_hours: 0 },
      },
      {
        id: anna.user.id,
        name: 'Anna',
        surname: 'Neri',
        pharmacies: 2,
        worked: { days: 7, minutes: 1530, gross: 558, paid_minutes: 1530, average_hourly_pay: 21.88, days_without_hours: 2 },
      },
    ]);

    // Without dates: the current month in Italy, the same answer.
    expect(await report(titolare, '')).toEqual(june);
  });

  it('a period of a year counts each day once in its week; a period to come has nothing worked', async () => {
    const { titolare } = await smallGroup(t);
    const year = await report(titolare, '?from=2030-01-01&to=2031-01-01');
    // May's two nights (30th and 31st, W22) join June's; nothing else is outside June.
    expect(counts(year.totals.shifts)).toEqual([18, 2, 14, 2, 0.778]);
    expect(year.totals.worked).toMatchObject({ days: 12, minutes: 3480, gross: 929.25 });
    const later = await report(titolare, '?from=2030-06-21&to=2030-06-30');
    expect(counts(later.totals.shifts)).toEqual([4, 1, 2, 1, 0.5]);
    expect(later.totals.worked).toEqual({
      days: 0,
      minutes: 0,
      gross: 0,
      paid_minutes: 0,
      average_hourly_pay: null,
      days_without_hours: 0,
    });
    expect(later.pharmacists).toEqual([]);
  });

  it('measures a night of a clock change as the worked shifts do: 9 hours the night the clocks go back', async () => {
    t.clock.now = new Date('2030-11-05T10:00:00Z');
    const owner = await signedIn(t.app, 'titolare');
    const anna = await signedIn(t.app, 'farmacista', { profile: { name: 'Anna', surname: 'Neri' } });
    // Nights 22:00–06:00 from Friday 25 to Monday 28 October 2030; the clocks go back on Sunday the 27th at 03:00, so
    // the night from Saturday to Sunday is 9 hours: 8 + 9 + 8 + 8 = 33 h at 20 € = 660,00 €.
    await shiftOf(
      t,
      owner.user.id,
      { dateFrom: '2030-10-25', dateTo: '2030-10-28', startTime: '22:00', endTime: '06:00', hourlyPay: 20 },
      anna,
    );
    // Sunday the 27th 01:00–04:00, across the change: 4 hours (80,00 €); the same hours on the 20th: 3 (60,00 €).
    await shiftOf(t, owner.user.id, { dateFrom: '2030-10-20', startTime: '01:00', endTime: '04:00', hourlyPay: 20 }, anna);
    await shiftOf(t, owner.user.id, { dateFrom: '2030-10-27', startTime: '01:00', endTime: '04:00', hourlyPay: 20 }, anna);
    const october = await report(owner, '?from=2030-10-01&to=2030-10-31');
    expect(october.totals.worked).toMatchObject({ days: 6, minutes: 40 * 60, gross: 800 });
    const month = (
      await t.app.inject({ method: 'GET', url: '/api/shifts/owner/?year=2030&month=10', headers: owner.headers })
    ).json() as TWorkedShiftMonth;
    expect([month.totals.minutes, month.totals.gross]).toEqual([october.totals.worked.minutes, october.totals.worked.gross]);
    // The days a clock change may lengthen: the Saturday and the Sunday of each change.
    expect(clockChangeDays('2030-03-01', '2030-12-31')).toEqual(['2030-03-30', '2030-03-31', '2030-10-26', '2030-10-27']);
  });
});

describe('who sees what', () => {
  it('a responsabile of one pharmacy sees it alone; consultazione reads the pharmacies given; X-Farmacia only picks the group', async () => {
    const { titolare, centrale, borgo } = await smallGroup(t);
    const responsabile = await staffMember(t, titolare, 'responsabile', [borgo], 'Paola', 'Ferri');
    const viewer = await staffMember(t, titolare, 'consultazione', [centrale, borgo], 'Luca', 'Sala');

    const own = await report(responsabile);
    expect(own.pharmacies.map((p) => p.name)).toEqual(['Farmacia del Borgo']);
    // Only the Borgo's: 7 places, Bruno's weekend and Anna's two days.
    expect(counts(own.totals.shifts)).toEqual([7, 1, 6, 0, 0.857]);
    expect(own.pharmacists.map((p) => [p.surname, p.worked.days])).toEqual([
      ['Galli', 2],
      ['Neri', 2],
    ]);
    // A pharmacy outside their reach named in X-Farmacia: 404, as if it did not exist.
    const outside = await get(actingFor(responsabile, centrale), '?from=2030-06-01&to=2030-06-30');
    expect([outside.statusCode, outside.json().code]).toEqual([404, 'pharmacy_not_found']);

    const everything = await report(titolare);
    expect(await report(viewer)).toEqual(everything);
    const asGroup = await get(actingFor(viewer, 'tutte'), '?from=2030-06-01&to=2030-06-30');
    expect(asGroup.json()).toEqual(everything);
    const acting = await get(actingFor(titolare, borgo), '?from=2030-06-01&to=2030-06-30');
    expect(acting.json()).toEqual(everything);
  });

  it('no session: 401; a pharmacist: 403; another organisation sees only its own', async () => {
    const { anna } = await smallGroup(t);
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(anna.headers)).statusCode).toBe(403);
    const stranger = await signedIn(t.app, 'titolare', { profile: { denominazione_farmacia: 'Farmacia Lontana' } });
    const theirs = await report(stranger);
    expect(theirs.pharmacies.map((p) => p.name)).toEqual(['Farmacia Lontana']);
    expect(counts(theirs.totals.shifts)).toEqual([0, 0, 0, 0, null]);
    expect(theirs.pharmacists).toEqual([]);
  });
});

describe('a period that is not one', () => {
  it.each([
    ['?from=2030-06-01', 'to', 'Indica sia la data di inizio sia quella di fine del periodo.'],
    ['?to=2030-06-01', 'from', 'Indica sia la data di inizio sia quella di fine del periodo.'],
    ['?from=2030-06-30&to=2030-06-01', 'to', 'La data di fine non può precedere quella di inizio.'],
    ['?from=2030-01-01&to=2031-01-02', 'to', 'Il periodo può durare al massimo 366 giorni.'],
    ['?from=2030-02-30&to=2030-03-01', 'from', 'Indica una data valida nel formato AAAA-MM-GG, tra il 2000 e il 2100.'],
    ['?from=0001-01-01&to=0001-01-02', 'from', 'Indica una data valida nel formato AAAA-MM-GG, tra il 2000 e il 2100.'],
    ['?from=giugno&to=2030-06-30', 'from', 'Indica una data valida nel formato AAAA-MM-GG, tra il 2000 e il 2100.'],
  ])('%s is 400 with an Italian message on %s', async (query, field, message) => {
    t.clock.now = TODAY;
    const owner = await signedIn(t.app, 'titolare');
    const response = await get(owner.headers, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message, fields: { [field]: message } });
  });
});
