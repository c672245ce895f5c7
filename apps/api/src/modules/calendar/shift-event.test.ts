/** The builder alone (decision 052): the Italian hours are written as they are whatever zone the server runs in. */
import { afterEach, describe, expect, it } from 'vitest';
import { shiftCalendar, type TShiftEvent } from './shift-event';

const shift: TShiftEvent = {
  uid: 'application-7@farmaponte.test',
  sequence: 3,
  method: 'REQUEST',
  title: 'Turno serale',
  pharmacy: { name: 'Farmacia Centrale', address: 'Via Roma 12', cap: '35031', comune: 'Abano Terme', lat: null, lng: null },
  organizer: { name: 'Marco Rossi', email: 'titolare@example.it' },
  attendee: { name: 'Anna Neri', email: 'farmacista@example.it' },
  dateFrom: '2030-03-30',
  dateTo: '2030-03-31',
  startTime: '20:00',
  endTime: '23:30',
  url: 'http://farmaponte.test/mie_candidature',
  now: new Date('2030-03-01T10:00:00Z'),
};

const serverZone = process.env.TZ;
afterEach(() => {
  if (serverZone === undefined) delete process.env.TZ;
  else process.env.TZ = serverZone;
});

describe('shiftCalendar', () => {
  it.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Europe/Rome'])(
    'on a server in %s: Rome hours, a UTC stamp, no GEO without coordinates',
    (zone) => {
      process.env.TZ = zone;
      const ics = shiftCalendar(shift) ?? '';
      expect(ics).toContain('DTSTART;TZID=Europe/Rome:20300330T200000\r\n');
      expect(ics).toContain('DTEND;TZID=Europe/Rome:20300330T233000\r\n');
      expect(ics).toContain('RRULE:FREQ=DAILY;COUNT=2\r\n');
      expect(ics).toContain('DTSTAMP:20300301T100000Z\r\n');
      expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:Europe/Rome');
      expect(ics).not.toContain('GEO:');
    },
  );

  it('a night service ends the next morning, each night of the shift (decision 094)', () => {
    const ics = shiftCalendar({ ...shift, startTime: '20:00', endTime: '08:30' }) ?? '';
    expect(ics).toContain('DTSTART;TZID=Europe/Rome:20300330T200000\r\n');
    expect(ics).toContain('DTEND;TZID=Europe/Rome:20300331T083000\r\n');
    expect(ics).toContain('RRULE:FREQ=DAILY;COUNT=2\r\n');
  });

  it('without dates there is no event', () => {
    expect(shiftCalendar({ ...shift, dateFrom: null, dateTo: null })).toBeNull();
  });
});
