import { describe, expect, it } from 'vitest';
import {
  easterSunday,
  isItalianWorkingDay,
  italianPublicHolidays,
  previousWorkingDay,
  waitsMoreThanOneWorkingDay,
} from './working-days';

describe('Italian working days', () => {
  it('skips weekends and national holidays, Easter Monday included', () => {
    expect(isItalianWorkingDay('2026-11-25')).toBe(true); // a Wednesday
    expect(isItalianWorkingDay('2026-11-28')).toBe(false); // Saturday
    expect(isItalianWorkingDay('2026-12-08')).toBe(false); // Immacolata, a Tuesday
    expect(isItalianWorkingDay('2026-04-06')).toBe(false); // Easter Monday 2026
    expect(isItalianWorkingDay('2027-03-29')).toBe(false); // Easter Monday 2027
    expect(isItalianWorkingDay('2027-10-04')).toBe(false); // San Francesco, a national holiday from 2026 (l. 151/2025)
    expect(isItalianWorkingDay('2021-10-04')).toBe(true); // a Monday, before it was one
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

  it("lists a year's public holidays in order, Easter and its Monday where that year has them", () => {
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
    expect(easterSunday(2038)).toBe('2038-04-25');
    expect(italianPublicHolidays(2026)).toEqual([
      { date: '2026-01-01', holiday: 'capodanno' },
      { date: '2026-01-06', holiday: 'epifania' },
      { date: '2026-04-05', holiday: 'pasqua' },
      { date: '2026-04-06', holiday: 'pasquetta' },
      { date: '2026-04-25', holiday: 'liberazione' },
      { date: '2026-05-01', holiday: 'lavoro' },
      { date: '2026-06-02', holiday: 'repubblica' },
      { date: '2026-08-15', holiday: 'ferragosto' },
      { date: '2026-11-01', holiday: 'ognissanti' },
      { date: '2026-12-08', holiday: 'immacolata' },
      { date: '2026-12-25', holiday: 'natale' },
      { date: '2026-12-26', holiday: 'santo_stefano' },
    ]);
    // Every weekday among them is a day off.
    for (const { date } of italianPublicHolidays(2027)) expect(isItalianWorkingDay(date), date).toBe(false);
  });
});
