import { describe, expect, it } from 'vitest';
import {
  ccnlHourly,
  holidayOf,
  lineBelowMinimum,
  payLines,
  shiftDaysOf,
  sumAmounts,
  type TPayTerms,
  travelPay,
  tripKm,
} from './pay';
import { easterSunday } from './working-days';

const MILANO = '015146';
const BERGAMO = '016024';

const employee = (overrides: Partial<TPayTerms> = {}): TPayTerms => ({
  legal_form: 'dipendente',
  ccnl_level: '1',
  hourly: null,
  night_service: null,
  night_from: null,
  night_fee: null,
  holiday_fee: null,
  extra_holidays: [],
  ...overrides,
});

const brief = (lines: ReturnType<typeof payLines>) =>
  lines.map((l) => `${l.day} ${l.from}-${l.to} ${l.kind} ${l.rate.toFixed(2)} × ${l.minutes / 60} h = ${l.amount.toFixed(2)}`);

describe('the CCNL pay table (golden, by hand)', () => {
  it('turns each level’s monthly pay into an hourly minimum over 173 hours', () => {
    // Level 1: 1.429,19 + 530,45 + 10,33 = 1.969,97 ÷ 173 = 11,387… → 11,39 (the fair-pay figure since 2021).
    expect(ccnlHourly('1', '2026-12-06')).toBe(11.39);
    // Q1: 1.668,97 + 536,07 + 10,33 + 130 = 2.345,37 ÷ 173 = 13,557… → 13,56.
    expect(ccnlHourly('Q1', '2026-12-06')).toBe(13.56);
    // Q2: 1.499,19 + 530,45 + 10,33 + 100 = 2.139,97 ÷ 173 = 12,369… → 12,37.
    expect(ccnlHourly('Q2', '2026-12-06')).toBe(12.37);
    // Q3: 1.429,19 + 530,45 + 10,33 + 100 = 2.069,97 ÷ 173 = 11,965… → 11,97.
    expect(ccnlHourly('Q3', '2026-12-06')).toBe(11.97);
  });

  it('has no table before the one in force from November 2021', () => {
    expect(ccnlHourly('1', '2021-10-31')).toBeNull();
  });
});

describe('holidays', () => {
  it('finds Easter Monday by the computus', () => {
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(holidayOf('2026-04-06')).toBe('Lunedì dell’Angelo');
    expect(holidayOf('2026-04-07')).toBeNull();
  });

  it('knows 4 October from 2026 only, and the patron saint of the comuni it lists', () => {
    expect(holidayOf('2025-10-04')).toBeNull();
    expect(holidayOf('2026-10-04')).toBe("San Francesco d'Assisi");
    expect(holidayOf('2026-12-07', MILANO)).toBe("Festa patronale (Sant'Ambrogio)");
    expect(holidayOf('2026-12-07', BERGAMO)).toBeNull();
    expect(holidayOf('2026-08-26', BERGAMO, ['2026-08-26'])).toBe('Festività locale indicata dalla farmacia');
  });
});

describe('a level-1 employee’s night shift on a Sunday in Milan, into Sant’Ambrogio (golden, by hand)', () => {
  const days = [{ day: '2026-12-06', start: '20:00', end: '08:30' }];

  it('doors open: +20% on Sunday night, +30% on the patron saint’s day (the higher supplement, never both)', () => {
    const lines = payLines(employee({ night_service: 'battenti_aperti' }), days, MILANO);
    // Sunday 20–24: night 20% beats Sunday 10%: 11,39 × 1,20 = 13,668 → 13,67; 4 h → 54,68.
    // Monday 7 December 00:00–08:30: Sant'Ambrogio 30% beats night 20%: 11,39 × 1,30 = 14,807 → 14,81; 8,5 h → 125,885 → 125,89.
    expect(brief(lines)).toEqual([
      '2026-12-06 20:00-24:00 notte 13.67 × 4 h = 54.68',
      '2026-12-07 00:00-08:30 festivo 14.81 × 8.5 h = 125.89',
    ]);
    expect(lines[1]?.label).toBe("Festa patronale (Sant'Ambrogio)");
    expect(sumAmounts(lines)).toBe(180.57);
  });

  it('doors closed on call: +16% on Sunday night, +30% on the holiday', () => {
    const lines = payLines(employee({ night_service: 'battenti_chiusi' }), days, MILANO);
    // 11,39 × 1,16 = 13,2124 → 13,21; 4 h → 52,84. Then 125,89 as above.
    expect(brief(lines)).toEqual([
      '2026-12-06 20:00-24:00 notte 13.21 × 4 h = 52.84',
      '2026-12-07 00:00-08:30 festivo 14.81 × 8.5 h = 125.89',
    ]);
    expect(sumAmounts(lines)).toBe(178.73);
  });

  it('in a comune without a known patron saint: the ninth hour of the night changes the closed-doors supplement', () => {
    const lines = payLines(employee({ night_service: 'battenti_chiusi' }), days, BERGAMO);
    // Sunday 20–24 16% (13,21 × 4 = 52,84); Monday 00–04 still the first 8 hours, 16% (52,84);
    // 04:00–08:30 beyond 8 hours, 10%: 11,39 × 1,10 = 12,529 → 12,53; 4,5 h → 56,385 → 56,39.
    expect(brief(lines)).toEqual([
      '2026-12-06 20:00-24:00 notte 13.21 × 4 h = 52.84',
      '2026-12-07 00:00-04:00 notte 13.21 × 4 h = 52.84',
      '2026-12-07 04:00-08:30 notte_oltre 12.53 × 4.5 h = 56.39',
    ]);
    expect(sumAmounts(lines)).toBe(162.07);
  });

  it('pays the supplements on the hourly pay the offer gives, when above the minimum', () => {
    const lines = payLines(employee({ night_service: 'battenti_aperti', hourly: 15 }), days, MILANO);
    // 15 × 1,20 = 18,00 × 4 = 72,00; 15 × 1,30 = 19,50 × 8,5 = 165,75.
    expect(lines.map((l) => [l.rate, l.amount])).toEqual([
      [18, 72],
      [19.5, 165.75],
    ]);
    expect(lineBelowMinimum(lines)).toBeUndefined();
  });
});

describe('Sundays by day', () => {
  it('adds 10% for the first 8 hours of a Sunday only', () => {
    const lines = payLines(employee(), [{ day: '2026-12-13', start: '08:00', end: '20:00' }], BERGAMO);
    // 8 h at 11,39 × 1,10 = 12,53 → 100,24; 4 h at 11,39 → 45,56.
    expect(brief(lines)).toEqual([
      '2026-12-13 08:00-16:00 domenica 12.53 × 8 h = 100.24',
      '2026-12-13 16:00-20:00 ordinaria 11.39 × 4 h = 45.56',
    ]);
  });

  it('pays a weekday with the ordinary rate and no night without night service', () => {
    const lines = payLines(employee(), [{ day: '2026-12-09', start: '09:00', end: '13:00' }], MILANO);
    expect(brief(lines)).toEqual(['2026-12-09 09:00-13:00 ordinaria 11.39 × 4 h = 45.56']);
  });
});

describe('a freelancer’s own rates', () => {
  it('takes the holiday fee on Sundays and holidays, the night fee at night, the higher where both apply', () => {
    const terms: TPayTerms = {
      ...employee({ legal_form: 'libera_professione', hourly: 30, night_service: 'battenti_aperti' }),
      night_fee: 40,
      holiday_fee: 45,
    };
    const lines = payLines(terms, [{ day: '2026-12-06', start: '20:00', end: '08:30' }], MILANO);
    // Sunday 20–24 at 45 = 180; Monday 00:00–08:30 (Sant'Ambrogio) at 45 × 8,5 = 382,50.
    expect(brief(lines)).toEqual([
      '2026-12-06 20:00-24:00 domenica 45.00 × 4 h = 180.00',
      '2026-12-07 00:00-08:30 festivo 45.00 × 8.5 h = 382.50',
    ]);
    const weekdayNight = payLines({ ...terms, holiday_fee: null }, [{ day: '2026-12-09', start: '20:00', end: '23:00' }], MILANO);
    expect(brief(weekdayNight)).toEqual(['2026-12-09 20:00-23:00 notte 40.00 × 3 h = 120.00']);
  });

  it('compares like with like: a fee under the employee’s minimum for the same night hour is named', () => {
    const terms = employee({ legal_form: 'libera_professione', hourly: 12, night_service: 'battenti_aperti' });
    const below = lineBelowMinimum(payLines(terms, [{ day: '2026-12-09', start: '20:00', end: '22:00' }], MILANO));
    // 12 €/h is above the ordinary 11,39 but under the night's 13,67.
    expect(below?.minimum).toBe(13.67);
  });
});

describe('night from an hour of the shift', () => {
  it('counts as night only the hours from night_from', () => {
    const lines = payLines(employee({ night_service: 'battenti_aperti', night_from: '20:00' }), [
      { day: '2026-12-09', start: '16:00', end: '22:00' },
    ]);
    expect(brief(lines)).toEqual([
      '2026-12-09 16:00-20:00 ordinaria 11.39 × 4 h = 45.56',
      '2026-12-09 20:00-22:00 notte 13.67 × 2 h = 27.34',
    ]);
  });
});

describe('travel', () => {
  it('estimates a trip there and back from the great circle × 1,3', () => {
    // One degree of latitude: 6371 × π / 180 = 111,19 km; × 1,3 × 2 = 289,1 → 289.
    expect(tripKm({ lat: 45, lng: 9 }, { lat: 46, lng: 9 })).toBe(289);
  });

  it('pays a fixed sum, or km × €/km with the cap, once or each working day', () => {
    expect(travelPay({ mode: 'fisso', amount: 25, per_km: null, cap: null, per_day: false }, null, 3)).toBe(25);
    expect(travelPay({ mode: 'fisso', amount: 25, per_km: null, cap: null, per_day: true }, null, 3)).toBe(75);
    // 289 km × 0,25 = 72,25, under the cap of 80.
    expect(travelPay({ mode: 'km', amount: null, per_km: 0.25, cap: 80, per_day: false }, 289, 1)).toBe(72.25);
    // 289 × 0,35 = 101,15, capped at 80, for 2 days = 160.
    expect(travelPay({ mode: 'km', amount: null, per_km: 0.35, cap: 80, per_day: true }, 289, 2)).toBe(160);
    expect(travelPay({ mode: 'km', amount: null, per_km: 0.35, cap: 80, per_day: false }, null, 1)).toBeNull();
    expect(travelPay({ mode: null, amount: null, per_km: null, cap: null, per_day: false }, 289, 1)).toBeNull();
  });

  it('lists the working days of an offer', () => {
    expect(shiftDaysOf('2026-12-06', '2026-12-08', '20:00', '08:30').map((d) => d.day)).toEqual([
      '2026-12-06',
      '2026-12-07',
      '2026-12-08',
    ]);
    expect(shiftDaysOf(null, '2026-12-08', null, null)).toEqual([]);
  });
});
