import { describe, expect, it } from 'vitest';
import {
  addDays,
  ageInYears,
  daysBetween,
  daysFromNow,
  endOfItalianDay,
  formatDate,
  formatDateTime,
  isIsoDate,
  msUntilEndOfItalianDay,
  romeHour,
  romeInstant,
  romeMinuteOfDay,
  romeOffsetMinutes,
  todayInItaly,
} from './dates';

describe('dates', () => {
  it('accepts only real calendar dates in YYYY-MM-DD', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('01/02/2025')).toBe(false);
  });

  it('steps over month, year and leap-day ends, and counts the days between two days', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(daysBetween('2026-12-30', '2027-01-02')).toBe(3);
    expect(daysBetween('2026-03-30', '2026-03-28')).toBe(-2);
  });

  it('shows dates as dd/mm/yyyy', () => {
    expect(formatDate('2025-03-28')).toBe('28/03/2025');
    expect(formatDate(null)).toBe('');
  });

  it('shows timestamps as dd/mm/yyyy hh:mm in Italian time', () => {
    expect(formatDateTime('2026-07-01T08:05:00Z')).toBe('01/07/2026 10:05');
  });

  it('counts whole years of age, birthday included', () => {
    expect(ageInYears('2000-11-21', '2018-11-21')).toBe(18);
    expect(ageInYears('2000-11-22', '2018-11-21')).toBe(17);
  });

  it("uses Italy's calendar day, not UTC's", () => {
    expect(todayInItaly(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });

  it("counts days from Italy's today: just after midnight in Rome, UTC is still on the day before", () => {
    const justAfterMidnightInRome = new Date('2026-06-30T22:30:00Z');
    expect(daysFromNow(0, justAfterMidnightInRome)).toBe('2026-07-01');
    expect(daysFromNow(1, justAfterMidnightInRome)).toBe('2026-07-02');
    expect(daysFromNow(-1, justAfterMidnightInRome)).toBe('2026-06-30');
    const justBeforeMidnightInRome = new Date('2026-06-30T21:30:00Z');
    expect(daysFromNow(0, justBeforeMidnightInRome)).toBe('2026-06-30');
    expect(daysFromNow(1, justBeforeMidnightInRome)).toBe('2026-07-01');
  });

  it('counts calendar days across the clock change, where adding 24 hours would stay on the same day', () => {
    // 00:30 in Rome on Sunday 25 October 2026, the night summer time ends: 24 hours later it is 23:30 the same Sunday.
    const clockChangeNight = new Date('2026-10-24T22:30:00Z');
    expect(daysFromNow(0, clockChangeNight)).toBe('2026-10-25');
    expect(daysFromNow(1, clockChangeNight)).toBe('2026-10-26');
    // 00:30 in Rome on 30 March 2026, the day after summer time began: 24 hours earlier it was 23:30 on the 28th.
    expect(daysFromNow(-1, new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-29');
  });

  it('crosses months and years', () => {
    expect(daysFromNow(1, new Date('2026-12-31T12:00:00Z'))).toBe('2027-01-01');
    expect(daysFromNow(-1, new Date('2024-03-01T12:00:00Z'))).toBe('2024-02-29');
  });
});

describe('msUntilEndOfItalianDay', () => {
  // 11:00 UTC in March is 12:00 in Rome (UTC+1).
  const noonInRome = new Date('2026-03-10T11:00:00Z');
  it('counts to midnight in Rome after the given day', () => {
    expect(msUntilEndOfItalianDay('2026-03-10', noonInRome)).toBe(12 * 3_600_000);
    expect(msUntilEndOfItalianDay('2026-03-11', noonInRome)).toBe(36 * 3_600_000);
  });
  it('is zero for a day already over', () => {
    expect(msUntilEndOfItalianDay('2026-03-09', noonInRome)).toBe(0);
  });
});

describe('endOfItalianDay', () => {
  it("ends the day at 23:59:59 on Rome's clock, summer and winter time alike", () => {
    expect(endOfItalianDay('2026-07-31')).toBe('2026-07-31T23:59:59+02:00');
    expect(endOfItalianDay('2026-12-31')).toBe('2026-12-31T23:59:59+01:00');
    // The nights the clock changes: the day ends on the new time.
    expect(endOfItalianDay('2026-03-29')).toBe('2026-03-29T23:59:59+02:00');
    expect(endOfItalianDay('2026-10-25')).toBe('2026-10-25T23:59:59+01:00');
    expect(new Date(endOfItalianDay('2026-03-10')).getTime() + 1000).toBe(new Date('2026-03-10T23:00:00Z').getTime());
  });
});

describe("Rome's clock worked out by hand", () => {
  // What the zone data says: Rome's wall clock as 'YYYY-MM-DD HH:mm' and its offset.
  const zone = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Rome',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  const fromZone = (at: Date) => {
    const parts = Object.fromEntries(zone.formatToParts(at).map((part) => [part.type, part.value]));
    return {
      offset: parts.timeZoneName === 'GMT+02:00' ? 120 : parts.timeZoneName === 'GMT+01:00' ? 60 : Number.NaN,
      day: `${parts.year}-${parts.month}-${parts.day}`,
      dateTime: `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`,
      minuteOfDay: Number(parts.hour) * 60 + Number(parts.minute),
      hour: Number(parts.hour),
    };
  };
  /** Every half hour of the last eight days of March and October, and noon of every day, 1996 to 2037. */
  const instants = function* () {
    for (let year = 1996; year <= 2037; year++) {
      for (const month of [2, 9])
        for (let at = Date.UTC(year, month, 24); at < Date.UTC(year, month + 1, 1, 2); at += 30 * 60_000) yield new Date(at);
      for (let at = Date.UTC(year, 0, 1, 11); at < Date.UTC(year + 1, 0, 1); at += 86_400_000) yield new Date(at);
    }
  };

  it("agrees with the zone data on Rome's offset, its calendar day and its clock, summer time's edges included", () => {
    const differences = [];
    let compared = 0;
    for (const at of instants()) {
      compared++;
      const expected = fromZone(at);
      const ours = {
        offset: romeOffsetMinutes(at),
        day: todayInItaly(at),
        dateTime: formatDateTime(at.toISOString()),
        minuteOfDay: romeMinuteOfDay(at),
        hour: romeHour(at),
      };
      if (JSON.stringify(ours) !== JSON.stringify(expected)) differences.push({ at: at.toISOString(), ours, expected });
    }
    expect(compared).toBeGreaterThan(40_000);
    expect(differences.slice(0, 5)).toEqual([]);
  });

  it('changes at 01:00 UTC on the last Sunday of March and of October', () => {
    expect(romeOffsetMinutes(new Date('2026-03-29T00:59:59Z'))).toBe(60);
    expect(romeOffsetMinutes(new Date('2026-03-29T01:00:00Z'))).toBe(120);
    expect(romeOffsetMinutes(new Date('2026-10-25T00:59:59Z'))).toBe(120);
    expect(romeOffsetMinutes(new Date('2026-10-25T01:00:00Z'))).toBe(60);
    expect(formatDateTime('2026-10-25T00:30:00Z')).toBe('25/10/2026 02:30');
    expect(formatDateTime('2026-10-25T01:30:00Z')).toBe('25/10/2026 02:30');
  });
});

describe("Rome's wall clock to an instant and back: the clock changes worked by hand", () => {
  const utc = (iso: string) => Date.parse(iso);

  it('reads a wall-clock time on an Italian day as the instant it names', () => {
    expect(romeInstant('2026-07-01', '09:00')).toBe(utc('2026-07-01T07:00:00Z'));
    expect(romeInstant('2026-01-15', '09:00')).toBe(utc('2026-01-15T08:00:00Z'));
    expect(romeInstant('2026-01-01', '00:00')).toBe(utc('2025-12-31T23:00:00Z'));
  });

  it('springs forward on 2026-03-29: 01:59 is winter time, 03:00 summer time, and the skipped 02:30 is 03:30', () => {
    expect(romeInstant('2026-03-29', '00:00')).toBe(utc('2026-03-28T23:00:00Z'));
    expect(romeInstant('2026-03-29', '01:59')).toBe(utc('2026-03-29T00:59:00Z'));
    expect(romeInstant('2026-03-29', '02:00')).toBe(utc('2026-03-29T01:00:00Z'));
    expect(romeInstant('2026-03-29', '02:30')).toBe(utc('2026-03-29T01:30:00Z'));
    expect(romeInstant('2026-03-29', '03:00')).toBe(utc('2026-03-29T01:00:00Z'));
    // A night shift from 22:00 to 06:00 across it lasts seven hours.
    expect(romeInstant('2026-03-29', '06:00') - romeInstant('2026-03-28', '22:00')).toBe(7 * 3_600_000);
  });

  it('falls back on 2026-10-25: 02:30 happens twice and names the second, winter-time one', () => {
    expect(romeInstant('2026-10-25', '00:00')).toBe(utc('2026-10-24T22:00:00Z'));
    expect(romeInstant('2026-10-25', '01:59')).toBe(utc('2026-10-24T23:59:00Z'));
    expect(romeInstant('2026-10-25', '02:30')).toBe(utc('2026-10-25T01:30:00Z'));
    expect(romeInstant('2026-10-25', '03:00')).toBe(utc('2026-10-25T02:00:00Z'));
    // A night shift from 22:00 to 06:00 across it lasts nine hours.
    expect(romeInstant('2026-10-25', '06:00') - romeInstant('2026-10-24', '22:00')).toBe(9 * 3_600_000);
  });

  it("reads Rome's minute of the day, hour and day at an instant, both 02:30s of the autumn night included", () => {
    const at = (iso: string) => new Date(iso);
    expect(romeMinuteOfDay(at('2026-03-29T00:59:59Z'))).toBe(1 * 60 + 59);
    expect(romeMinuteOfDay(at('2026-03-29T01:00:00Z'))).toBe(3 * 60);
    expect(romeHour(at('2026-03-29T00:59:59Z'))).toBe(1);
    expect(romeHour(at('2026-03-29T01:00:00Z'))).toBe(3);
    expect(romeMinuteOfDay(at('2026-10-25T00:30:00Z'))).toBe(2 * 60 + 30);
    expect(romeMinuteOfDay(at('2026-10-25T01:30:00Z'))).toBe(2 * 60 + 30);
    expect(romeMinuteOfDay(at('2026-10-25T00:59:59Z'))).toBe(2 * 60 + 59);
    expect(romeMinuteOfDay(at('2026-10-25T01:00:00Z'))).toBe(2 * 60);
    expect(romeHour(at('2026-10-25T01:30:00Z'))).toBe(2);
    expect(romeHour(at('2026-07-01T22:00:00Z'))).toBe(0);
    expect(todayInItaly(at('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(todayInItaly(at('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayInItaly(at('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayInItaly(at('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(todayInItaly(at('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
  });

  it("gives the instant the zone data gives, for every half hour of the clock changes' weeks, 1996 to 2037", () => {
    // The way the API read it from Intl before (decision 088): the offset at a first guess, then at the result.
    const offsetFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', timeZoneName: 'longOffset' });
    const zoneOffsetMs = (at: number) => {
      const name = offsetFormat.formatToParts(new Date(at)).find((part) => part.type === 'timeZoneName')?.value ?? '';
      const match = /([+-])(\d{2}):(\d{2})/.exec(name);
      if (!match) throw new Error(`no offset in ${name}`);
      return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000;
    };
    const zoneInstant = (day: string, time: string) => {
      const [hours, minutes] = time.split(':').map(Number) as [number, number];
      const wall = Date.parse(`${day}T00:00:00Z`) + (hours * 60 + minutes) * 60_000;
      return wall - zoneOffsetMs(wall - zoneOffsetMs(wall));
    };
    const differences = [];
    let compared = 0;
    for (let year = 1996; year <= 2037; year++)
      for (const month of ['03', '10'])
        for (let date = 24; date <= 31; date++)
          for (let minute = 0; minute < 24 * 60; minute += 30) {
            const day = `${year}-${month}-${date}`;
            const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
            compared++;
            if (romeInstant(day, time) !== zoneInstant(day, time))
              differences.push({ day, time, ours: romeInstant(day, time), zone: zoneInstant(day, time) });
          }
    expect(compared).toBe(42 * 2 * 8 * 48);
    expect(differences.slice(0, 5)).toEqual([]);
  });
});
