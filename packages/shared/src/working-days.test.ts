import { describe, expect, it } from 'vitest';
import { isItalianWorkingDay, previousWorkingDay, waitsMoreThanOneWorkingDay } from './working-days';

describe('Italian working days', () => {
  it('skips weekends and national holidays, Easter Monday included', () => {
    expect(isItalianWorkingDay('2026-11-25')).toBe(true); // a Wednesday
    expect(isItalianWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isItalianWorkingDay('2026-12-08')).toBe(false); // Immacolata, a Tuesday
    expect(isItalianWorkingDay('2026-04-06')).toBe(false); // Easter Monday 2026
    expect(isItalianWorkingDay('2027-03-29')).toBe(false); // Easter Monday 2027
    expect(previousWorkingDay('2026-11-30')).toBe('2026-11-27'); // Monday → Friday
    expect(previousWorkingDay('2026-12-09')).toBe('2026-12-07');
  });

  it('a request is late once a whole working day has passed since the day it arrived', () => {
    const at = (iso: string) => new Date(`${iso}T10:00:00+01:00`);
    // Sent on Monday: not late on Tuesday, late on Wednesday.
    expect(waitsMoreThanOneWorkingDay(at('2026-11-23'), at('2026-11-24'))).toBe(false);
    expect(waitsMoreThanOneWorkingDay(at('2026-11-23'), at('2026-11-25'))).toBe(true);
    // Sent on Friday: not late on Monday, late on Tuesday.
    expect(waitsMoreThanOneWorkingDay(at('2026-11-27'), at('2026-11-30'))).toBe(false);
    expect(waitsMoreThanOneWorkingDay(at('2026-11-27'), at('2026-12-01'))).toBe(true);
  });
});
