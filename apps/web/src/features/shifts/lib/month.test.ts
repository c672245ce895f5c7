import { describe, expect, it } from 'vitest';
import { isAfter, monthFromParam, monthParam, shiftMonth } from './month';

describe('the month of /miei_turni', () => {
  it('reads ?mese=YYYY-MM, and anything else as this month in Italy', () => {
    const newYearsEveInRome = new Date('2030-12-31T23:30:00Z'); // already 1 January 2031 in Italy
    expect(monthFromParam('2030-06', newYearsEveInRome)).toEqual({ year: 2030, month: 6 });
    for (const param of [null, '', '2030-13', '2030-6', '1999-01', 'giugno'])
      expect(monthFromParam(param, newYearsEveInRome), String(param)).toEqual({ year: 2031, month: 1 });
  });

  it('moves across years and writes the parameter back', () => {
    expect(shiftMonth({ year: 2030, month: 1 }, -1)).toEqual({ year: 2029, month: 12 });
    expect(shiftMonth({ year: 2030, month: 12 }, 1)).toEqual({ year: 2031, month: 1 });
    expect(monthParam({ year: 2030, month: 3 })).toBe('2030-03');
    expect(isAfter({ year: 2031, month: 1 }, { year: 2030, month: 12 })).toBe(true);
    expect(isAfter({ year: 2030, month: 12 }, { year: 2030, month: 12 })).toBe(false);
  });
});
