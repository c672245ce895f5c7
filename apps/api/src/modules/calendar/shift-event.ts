/**
 * A shift as an iCalendar invitation (RFC 5545 with the iTIP methods of RFC 5546), built with ical-generator: one
 * event per application (its UID), timed in Europe/Rome with that zone's VTIMEZONE when the offer has hours, on every
 * day of a multi-day offer (a daily RRULE), all-day only without hours. The same UID with a higher SEQUENCE and
 * METHOD:CANCEL removes it from the pharmacist's calendar (docs/decisions/052). No SQL here: the calendar feed builds
 * its events with the same function (shiftFeed, docs/decisions/075).
 */
import { addDays, daysBetween } from '@farmaponte/shared';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, {
  ICalAttendeeStatus,
  type ICalCalendar,
  ICalCalendarMethod,
  ICalEventRepeatingFreq,
  ICalEventStatus,
} from 'ical-generator';

export const SHIFT_TIME_ZONE = 'Europe/Rome';

export interface TShiftPerson {
  name: string;
  email: string;
}

export interface TShiftEvent {
  /** `application-<id>@<host>`: one per application, kept by every update (shiftUid). */
  uid: string;
  /** Rises with every mail about this UID, so a calendar keeps the last one. */
  sequence: number;
  /** REQUEST: the shift, put in the calendar; CANCEL: the shift is off, taken out of it. */
  method: 'REQUEST' | 'CANCEL';
  title: string;
  pharmacy: { name: string; address: string; cap: string; comune: string; lat: number | null; lng: number | null };
  /** The owner: ORGANIZER. */
  organizer: TShiftPerson;
  /** The pharmacist: ATTENDEE, already accepted (nothing to answer). */
  attendee: TShiftPerson;
  /** Italian calendar days, YYYY-MM-DD; one of them may be null (a single day). */
  dateFrom: string | null;
  dateTo: string | null;
  /** The daily hours, HH:MM, or null. */
  startTime: string | null;
  endTime: string | null;
  url: string;
  now: Date;
}

/** The UID of an application's event: stable, and unique to the site that sent it. */
export function shiftUid(applicationId: number, siteUrl: string): string {
  return `application-${applicationId}@${new URL(siteUrl).hostname}`;
}

/**
 * A wall-clock time on an Italian calendar day, for ical-generator with the event's TZID: given as a string without
 * an offset it is read in the process's zone and written back with the same fields, so the Italian hours are written
 * as they are whatever zone the server runs in.
 */
const wallClock = (day: string, time: string) => `${day}T${time.slice(0, 5)}:00`;

/** The pharmacy as LOCATION: its name, then street address, CAP and comune. */
function locationAddress(pharmacy: TShiftEvent['pharmacy']): string {
  const town = [pharmacy.cap, pharmacy.comune].filter(Boolean).join(' ');
  return [pharmacy.address, town].filter(Boolean).join(', ');
}

const PRODUCT = { company: 'Farmaponte', product: 'Turni', language: 'IT' };

/**
 * Only the generator: the VTIMEZONE of each event's zone, from the package's own files (no network), and DTSTAMP stays
 * in UTC as RFC 5545 wants.
 */
const ZONES = { name: null, generator: getVtimezoneComponent };

/** Adds the shift's event to a calendar; false for an offer without dates (nothing to put in a calendar). */
function addShiftEvent(calendar: ICalCalendar, input: TShiftEvent): boolean {
  const first = input.dateFrom ?? input.dateTo;
  if (!first) return false;
  const last = input.dateTo ?? first;
  const days = daysBetween(first, last) + 1;
  const timed = Boolean(input.startTime);
  const { lat, lng } = input.pharmacy;
  calendar.createEvent({
    id: input.uid,
    sequence: input.sequence,
    stamp: input.now,
    status: input.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    summary: `${input.title} – ${input.pharmacy.name}`,
    location: {
      title: input.pharmacy.name,
      address: locationAddress(input.pharmacy),
      ...(lat != null && lng != null ? { geo: { lat, lon: lng } } : {}),
    },
    organizer: input.organizer,
    attendees: [{ ...input.attendee, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }],
    url: input.url,
    ...(timed && input.startTime
      ? {
          timezone: SHIFT_TIME_ZONE,
          start: wallClock(first, input.startTime),
          // A night service ends the next morning (decision 094).
          ...(input.endTime
            ? { end: wallClock(input.endTime <= input.startTime ? addDays(first, 1) : first, input.endTime) }
            : {}),
          // Each working day at the same hours: a daily rule, counted (no UNTIL to compute in UTC).
          ...(days > 1 ? { repeating: { freq: ICalEventRepeatingFreq.DAILY, count: days } } : {}),
        }
      : // Without hours: whole Italian days, as dates (VALUE=DATE), shown on those days wherever the reader is.
        { allDay: true, start: first, end: addDays(last, 1) }),
  });
  return true;
}

/** The event as an iCalendar text, or null for an offer without dates (nothing to put in a calendar). */
export function shiftCalendar(input: TShiftEvent): string | null {
  const calendar = ical({
    prodId: PRODUCT,
    method: input.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    timezone: ZONES,
  });
  return addShiftEvent(calendar, input) ? calendar.toString() : null;
}

/**
 * A pharmacist's calendar feed (decision 075): many shifts in one published calendar, each event as its invitation
 * would be (same UID and SEQUENCE); a shift that is off keeps its event with STATUS:CANCELLED, so a calendar that
 * subscribed takes it out. `refreshMinutes` tells the calendar how often to ask again.
 */
export function shiftFeed(events: TShiftEvent[], { name, refreshMinutes }: { name: string; refreshMinutes: number }): string {
  const calendar = ical({
    prodId: PRODUCT,
    name,
    method: ICalCalendarMethod.PUBLISH,
    timezone: ZONES,
    ttl: refreshMinutes * 60,
  });
  for (const event of events) addShiftEvent(calendar, event);
  return calendar.toString();
}
