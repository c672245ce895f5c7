/**
 * The contract's fee and retention (decision 093), against a hand calculation: the hourly fee × each day's hours × the
 * days, both dates included, a night measured on Rome's clock; ten years after the last day.
 */
import { describe, expect, it } from 'vitest';
import { keepUntilOf, shiftAndFee } from './terms';

describe('the fee', () => {
  it('three nights across the autumn clock change: 8 h + 9 h + 8 h at 25 €/h = 625 €', () => {
    // 26 October 2030 22:00 to 27 October 06:00: the clocks go back at 03:00, so that night lasts 9 hours.
    const { shift, fee } = shiftAndFee(
      { dateFrom: '2030-10-25', dateTo: '2030-10-27', startTime: '22:00', endTime: '06:00', hourly: 25, expenses: 0 },
      'Notti',
    );
    expect(shift).toMatchObject({ days: 3, minutes_per_day: 480, total_minutes: 480 + 540 + 480 });
    // 8 × 25 = 200; 9 × 25 = 225; 8 × 25 = 200.
    expect(fee).toEqual({ hourly: 25, expenses: 0, total: 625 });
  });

  it('rounds each day to the cent: 7 h 20 min at 18.35 €/h is 134.57 € a day, 269.14 € for two', () => {
    // 440 min × 1835 cents / 60 = 13456.67 → 13457 cents a day.
    const { fee } = shiftAndFee(
      { dateFrom: '2030-07-01', dateTo: '2030-07-02', startTime: '08:00', endTime: '15:20', hourly: 18.35, expenses: 10 },
      'Turno',
    );
    expect(fee).toEqual({ hourly: 18.35, expenses: 10, total: 269.14 });
  });

  it('one date only is one day; no hours or no pay, no total', () => {
    expect(
      shiftAndFee({ dateFrom: '2030-07-01', dateTo: null, startTime: '09:00', endTime: '13:00', hourly: 20, expenses: 0 }, 'T')
        .fee.total,
    ).toBe(80);
    expect(
      shiftAndFee({ dateFrom: '2030-07-01', dateTo: '2030-07-05', startTime: null, endTime: null, hourly: 20, expenses: 0 }, 'T')
        .fee.total,
    ).toBeNull();
    expect(
      shiftAndFee(
        { dateFrom: '2030-07-01', dateTo: '2030-07-05', startTime: '09:00', endTime: '13:00', hourly: null, expenses: 0 },
        'T',
      ).fee.total,
    ).toBeNull();
  });
});

describe('keep_until', () => {
  it('is the last day ten years on; 29 February becomes 28 February', () => {
    expect(keepUntilOf('2030-07-03', '2030-06-20')).toBe('2040-07-03');
    expect(keepUntilOf(null, '2030-06-20')).toBe('2040-06-20');
    expect(keepUntilOf('2032-02-29', '2032-01-10')).toBe('2042-02-28');
  });
});
