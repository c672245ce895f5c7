/**
 * The busy times of an iCalendar file (decision 096), read with ical.js: the VEVENTs that overlap a window, recurring
 * ones expanded (RRULE, RDATE, EXDATE, a RECURRENCE-ID's moved or cancelled occurrence), all-day events as whole Italian
 * days, and what is not busy left out (TRANSP:TRANSPARENT, STATUS:CANCELLED). Only the times come out, never a title,
 * a place or a guest: that is all the platform keeps of someone's calendar. No SQL here.
 */
import { romeInstant } from '@farmaponte/shared';
import ICAL from 'ical.js';

export interface TBusyTime {
  startsAt: Date;
  endsAt: Date;
  allDay: boolean;
}

export type TParseOutcome = { ok: true; busy: TBusyTime[] } | { ok: false; reason: 'not_calendar' | 'malformed' };

/** Where a time with no zone of its own is read (a "floating" time, or a TZID nobody defined): Italy's clock. */
const HOME_ZONE = 'Europe/Rome';

/** Bounds on the work one file may cost: occurrences walked per recurring event and in all, busy times kept. */
export const PARSE_LIMITS = { occurrencesPerEvent: 20_000, occurrencesInAll: 200_000, busyTimes: 5_000 } as const;

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** A formatter that writes an instant as this zone's wall clock, or null when the zone is not an IANA name. */
function formatterOf(zone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(zone)) {
    try {
      formatters.set(
        zone,
        new Intl.DateTimeFormat('en-GB', {
          timeZone: zone,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        }),
      );
    } catch {
      formatters.set(zone, null);
    }
  }
  return formatters.get(zone) ?? null;
}

/** The instant of a wall-clock time in an IANA zone (the offset read at a guess, then again at the result). */
function zonedInstant(wall: number, format: Intl.DateTimeFormat): number {
  const offset = (at: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(at)).map((part) => [part.type, part.value]));
    const asUtc = Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
    return asUtc - Math.floor(at / 1000) * 1000;
  };
  return wall - offset(wall - offset(wall));
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (time: ICAL.Time) => `${time.year}-${pad(time.month)}-${pad(time.day)}`;

/** The instant an ical.js time stands for: its own zone (UTC, a VTIMEZONE of the file, an IANA TZID), else Italy's. */
function instantOf(time: ICAL.Time): number {
  if (time.isDate) return romeInstant(dayOf(time), '00:00');
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone && (zone === ICAL.Timezone.utcTimezone || zone.component))
    return time.toUnixTime() * 1000;
  const wall = Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const named = (time as unknown as { timezone?: string }).timezone;
  const format = (named && formatterOf(named)) || formatterOf(HOME_ZONE);
  return format ? zonedInstant(wall, format) : romeInstant(dayOf(time), `${pad(time.hour)}:${pad(time.minute)}`);
}

function isBusy(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT';
}

/** The end of an event that has none: an all-day event lasts its day, a timed one is an instant (busy for no time). */
function endOf(start: ICAL.Time, end: ICAL.Time | null | undefined): ICAL.Time {
  if (end && end.compare(start) >= 0) return end;
  const fallback = start.clone();
  if (start.isDate) fallback.day += 1;
  return fallback;
}

/**
 * The busy times in [from, to) of an iCalendar text, sorted, at most PARSE_LIMITS.busyTimes; `not_calendar` when the
 * text is no VCALENDAR at all (an HTML page, a login form), `malformed` when it starts as one and cannot be read.
 */
export function busyTimesOf(text: string, window: { from: Date; to: Date }): TParseOutcome {
  const trimmed = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^BEGIN:VCALENDAR/i.test(trimmed)) return { ok: false, reason: 'not_calendar' };
  const from = window.from.getTime();
  const to = window.to.getTime();
  const busy: TBusyTime[] = [];
  let walked = 0;
  const add = (start: ICAL.Time, end: ICAL.Time | null | undefined, item: ICAL.Component) => {
    if (!isBusy(item)) return;
    const finish = endOf(start, end);
    // An end worked out from a DURATION loses the TZID ical.js could not resolve: it is on the start's clock.
    const named = (time: ICAL.Time) => time as unknown as { timezone?: string };
    if (!named(finish).timezone && named(start).timezone) named(finish).timezone = named(start).timezone;
    const startsAt = instantOf(start);
    const endsAt = instantOf(finish);
    if (endsAt <= startsAt || endsAt <= from || startsAt >= to) return;
    busy.push({ startsAt: new Date(startsAt), endsAt: new Date(endsAt), allDay: start.isDate });
  };
  try {
    const root = new ICAL.Component(ICAL.parse(trimmed) as unknown[]);
    if (root.name !== 'vcalendar') return { ok: false, reason: 'not_calendar' };
    const events = root.getAllSubcomponents('vevent');
    const uidOf = (event: ICAL.Component) => String(event.getFirstPropertyValue('uid') ?? '');
    const masters = new Set(events.filter((e) => !e.hasProperty('recurrence-id')).map(uidOf));
    const exceptionsOf = new Map<string, ICAL.Component[]>();
    for (const event of events) {
      if (!event.hasProperty('recurrence-id')) continue;
      const uid = uidOf(event);
      // An override whose series is not in the file (a calendar shared from one occurrence on) stands alone.
      if (!masters.has(uid)) {
        const single = new ICAL.Event(event);
        add(single.startDate, single.endDate, event);
      } else exceptionsOf.set(uid, [...(exceptionsOf.get(uid) ?? []), event]);
    }
    for (const component of events) {
      if (component.hasProperty('recurrence-id')) continue;
      const event = new ICAL.Event(component, { exceptions: exceptionsOf.get(uidOf(component)) ?? [], strictExceptions: true });
      if (!event.startDate) throw new Error('VEVENT without DTSTART');
      if (!event.isRecurring()) {
        add(event.startDate, event.endDate, component);
        continue;
      }
      const iterator = event.iterator();
      for (let n = 0; n < PARSE_LIMITS.occurrencesPerEvent && walked < PARSE_LIMITS.occurrencesInAll; n += 1) {
        const occurrence = iterator.next();
        if (!occurrence) break;
        walked += 1;
        if (instantOf(occurrence) >= to) break;
        const details = event.getOccurrenceDetails(occurrence);
        add(details.startDate, details.endDate, details.item.component);
      }
    }
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  busy.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.endsAt.getTime() - b.endsAt.getTime());
  return { ok: true, busy: busy.slice(0, PARSE_LIMITS.busyTimes) };
}
