/**
 * The busy times read from iCalendar files (decision 096): golden files as Google, Outlook and Apple write them, and
 * what each must give. Instants are written in UTC; Rome is UTC+1 in the window's winter.
 */
import { describe, expect, it } from 'vitest';
import { busyTimesOf } from './parse';

const window = { from: new Date('2026-11-30T23:00:00Z'), to: new Date('2027-03-01T00:00:00Z') };

const calendar = (...parts: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Test//IT', ...parts, 'END:VCALENDAR', ''].join('\r\n');
const event = (...lines: string[]) => ['BEGIN:VEVENT', `DTSTAMP:20261101T000000Z`, ...lines, 'END:VEVENT'].join('\r\n');

const ROME = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Rome',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** Outlook names zones after Windows, defining them in the file. */
const NEW_YORK_AS_OUTLOOK = [
  'BEGIN:VTIMEZONE',
  'TZID:Eastern Standard Time',
  'BEGIN:STANDARD',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=11',
  'END:STANDARD',
  'BEGIN:DAYLIGHT',
  'DTSTART:16010101T020000',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=2SU;BYMONTH=3',
  'END:DAYLIGHT',
  'END:VTIMEZONE',
].join('\r\n');

const times = (text: string) => {
  const outcome = busyTimesOf(text, window);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.busy.map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString(), b.allDay]);
};

describe('busy times of an iCalendar file', () => {
  it('reads UTC, a VTIMEZONE of the file (IANA or Windows-named), an undefined IANA TZID, and floating times as Rome', () => {
    const text = calendar(
      ROME,
      NEW_YORK_AS_OUTLOOK,
      event('UID:utc', 'SUMMARY:Dentista', 'DTSTART:20261203T090000Z', 'DTEND:20261203T110000Z'),
      event('UID:rome', 'DTSTART;TZID=Europe/Rome:20261204T093000', 'DTEND;TZID=Europe/Rome:20261204T120000'),
      event(
        'UID:outlook',
        'DTSTART;TZID=Eastern Standard Time:20261205T100000',
        'DTEND;TZID=Eastern Standard Time:20261205T110000',
      ),
      event('UID:iana', 'DTSTART;TZID=Asia/Tokyo:20261206T180000', 'DURATION:PT2H'),
      event('UID:floating', 'DTSTART:20261207T090000', 'DTEND:20261207T100000'),
    );
    expect(times(text)).toEqual([
      ['2026-12-03T09:00:00.000Z', '2026-12-03T11:00:00.000Z', false],
      ['2026-12-04T08:30:00.000Z', '2026-12-04T11:00:00.000Z', false],
      ['2026-12-05T15:00:00.000Z', '2026-12-05T16:00:00.000Z', false],
      ['2026-12-06T09:00:00.000Z', '2026-12-06T11:00:00.000Z', false],
      ['2026-12-07T08:00:00.000Z', '2026-12-07T09:00:00.000Z', false],
    ]);
  });

  it('takes an all-day event as whole Italian days (the end date excluded), one without an end as its day', () => {
    const text = calendar(
      event('UID:ferie', 'DTSTART;VALUE=DATE:20261208', 'DTEND;VALUE=DATE:20261210', 'SUMMARY:Ferie'),
      event('UID:one', 'DTSTART;VALUE=DATE:20261215'),
    );
    expect(times(text)).toEqual([
      ['2026-12-07T23:00:00.000Z', '2026-12-09T23:00:00.000Z', true],
      ['2026-12-14T23:00:00.000Z', '2026-12-15T23:00:00.000Z', true],
    ]);
  });

  it('leaves out transparent ("free") and cancelled events, and events outside the window', () => {
    const text = calendar(
      event('UID:free', 'TRANSP:TRANSPARENT', 'DTSTART:20261203T090000Z', 'DTEND:20261203T100000Z'),
      event('UID:cancelled', 'STATUS:CANCELLED', 'DTSTART:20261204T090000Z', 'DTEND:20261204T100000Z'),
      event('UID:opaque', 'TRANSP:OPAQUE', 'STATUS:CONFIRMED', 'DTSTART:20261205T090000Z', 'DTEND:20261205T100000Z'),
      event('UID:past', 'DTSTART:20261101T090000Z', 'DTEND:20261101T100000Z'),
      event('UID:far', 'DTSTART:20270401T090000Z', 'DTEND:20270401T100000Z'),
      event('UID:instant', 'DTSTART:20261206T090000Z'),
    );
    expect(times(text)).toEqual([['2026-12-05T09:00:00.000Z', '2026-12-05T10:00:00.000Z', false]]);
  });

  it('expands a weekly series in its zone, without an EXDATE, with a moved and a cancelled occurrence', () => {
    const text = calendar(
      ROME,
      event(
        'UID:corso',
        'DTSTART;TZID=Europe/Rome:20261201T140000',
        'DTEND;TZID=Europe/Rome:20261201T160000',
        'RRULE:FREQ=WEEKLY;COUNT=5',
        'EXDATE;TZID=Europe/Rome:20261208T140000',
      ),
      event(
        'UID:corso',
        'RECURRENCE-ID;TZID=Europe/Rome:20261215T140000',
        'DTSTART;TZID=Europe/Rome:20261215T170000',
        'DTEND;TZID=Europe/Rome:20261215T180000',
      ),
      event(
        'UID:corso',
        'RECURRENCE-ID;TZID=Europe/Rome:20261222T140000',
        'STATUS:CANCELLED',
        'DTSTART;TZID=Europe/Rome:20261222T140000',
        'DTEND;TZID=Europe/Rome:20261222T160000',
      ),
      // Another series' override with the same date must not touch this one.
      event('UID:altro', 'DTSTART:20261220T090000Z', 'DTEND:20261220T100000Z'),
    );
    expect(times(text)).toEqual([
      ['2026-12-01T13:00:00.000Z', '2026-12-01T15:00:00.000Z', false],
      ['2026-12-15T16:00:00.000Z', '2026-12-15T17:00:00.000Z', false],
      ['2026-12-20T09:00:00.000Z', '2026-12-20T10:00:00.000Z', false],
      ['2026-12-29T13:00:00.000Z', '2026-12-29T15:00:00.000Z', false],
    ]);
  });

  it('walks a daily series begun years ago into the window, and an all-day yearly one', () => {
    const text = calendar(
      event('UID:daily', 'DTSTART:20200101T070000Z', 'DTEND:20200101T080000Z', 'RRULE:FREQ=DAILY'),
      event('UID:birthday', 'DTSTART;VALUE=DATE:20001224', 'DTEND;VALUE=DATE:20001225', 'RRULE:FREQ=YEARLY'),
    );
    const busy = times(text);
    expect(busy.filter(([, , allDay]) => !allDay)).toHaveLength(90);
    expect(busy[0]).toEqual(['2026-12-01T07:00:00.000Z', '2026-12-01T08:00:00.000Z', false]);
    expect(busy.filter(([, , allDay]) => allDay)).toEqual([['2026-12-23T23:00:00.000Z', '2026-12-24T23:00:00.000Z', true]]);
  });

  it('says not_calendar for what is no calendar, malformed for a calendar it cannot read', () => {
    expect(busyTimesOf('<!doctype html><html><body>Accedi</body></html>', window)).toEqual({ ok: false, reason: 'not_calendar' });
    expect(busyTimesOf('', window)).toEqual({ ok: false, reason: 'not_calendar' });
    expect(busyTimesOf('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:20261203T090000Z\r\n', window)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(busyTimesOf(calendar(event('UID:x', 'DTSTART:not-a-date')), window)).toEqual({ ok: false, reason: 'malformed' });
    expect(busyTimesOf(calendar(event('UID:y', 'SUMMARY:no start')), window)).toEqual({ ok: false, reason: 'malformed' });
  });
});
