/**
 * A pharmacist's external calendar (decision 096): its private address sealed with the server's secret box (it is a
 * credential), fetched by the outbound fetcher at a save, at 'Aggiorna ora' and by the `calendar-refresh` job; its busy
 * times (start, end, all-day: never what the event is) replaced in one transaction per fetch. A fetch runs outside any
 * transaction (it may take seconds); its outcome is written only if the calendar is still the one fetched.
 */
import { addDays, LIMITS, romeInstant, todayInItaly } from '@farmaponte/shared';
import {
  EXTERNAL_CALENDAR_MESSAGES,
  type TBusyDay,
  type TCalendarConflict,
  type TExternalCalendar,
  type TExternalCalendarError,
} from '@farmaponte/shared/availability';
import { type AnyColumn, and, asc, count, eq, gt, lt, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { externalBusyTimes, externalCalendars, offers, users } from '../../db/schema';
import { badRequest, notFound, unauthorized } from '../../lib/errors';
import { outboundFetch } from '../../lib/outbound-fetch';
import type { TSecretBox } from '../../lib/secret-box';
import { writeTransaction } from '../../lib/transactions';
import { busyTimesOf, type TBusyTime } from './parse';

/** What a fetch needs: the server's secret box, and the fetcher's settings (config: OUTBOUND_FETCH_ALLOW, time-out). */
export interface TCalendarDeps {
  db: TDb;
  box: TSecretBox;
  fetch: { allow: readonly string[]; timeoutMs: number };
}

const sealContext = (userId: number) => `external-calendar:${userId}`;
const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;

/** The window busy times are read for: from the start of today in Italy to the end of the last day ahead. */
function busyWindow(now: Date) {
  const today = todayInItaly(now);
  return {
    from: new Date(romeInstant(today, '00:00')),
    to: new Date(romeInstant(addDays(today, LIMITS.externalCalendarDaysAhead + 1), '00:00')),
  };
}

type TRead = { ok: true; busy: TBusyTime[] } | { ok: false; error: TExternalCalendarError };

/** Fetches and reads a calendar: its busy times, or why not (a code of EXTERNAL_CALENDAR_ERRORS). Never throws. */
export async function readCalendar(deps: TCalendarDeps, address: string, now: Date): Promise<TRead> {
  const fetched = await outboundFetch(address, {
    allow: deps.fetch.allow,
    timeoutMs: deps.fetch.timeoutMs,
    maxBytes: LIMITS.externalCalendarMaxMegabytes * 1024 * 1024,
    accept: 'text/calendar, text/plain;q=0.5, */*;q=0.1',
  });
  if (!fetched.ok) return { ok: false, error: fetched.reason };
  const parsed = busyTimesOf(fetched.body, busyWindow(now));
  return parsed.ok ? parsed : { ok: false, error: parsed.reason };
}

/**
 * When a failing calendar is tried again: after half the time it has been failing (since its last success, or since it
 * was added), from 15 minutes to a day. A calendar down for a moment comes back soon; one gone for good costs a fetch a
 * day.
 */
export function retryAfterFailure(now: Date, lastGood: Date): Date {
  const failingFor = now.getTime() - lastGood.getTime();
  const wait = Math.min(24 * HOUR_MS, Math.max(15 * MINUTE_MS, failingFor / 2));
  return new Date(now.getTime() + wait);
}

const nextRefresh = (now: Date) => new Date(now.getTime() + LIMITS.externalCalendarRefreshHours * HOUR_MS);

/**
 * Writes a fetch's outcome, if the calendar is still the one fetched (not removed or replaced meanwhile): on success
 * her busy times replaced whole, on failure the error kept and the busy times known so far left as they are (a host
 * down for an hour does not free her busy days). The calendar's row is locked first, so two refreshes at once write
 * one after the other and never mix their busy times. Whether it wrote.
 */
export async function storeOutcome(db: TDb, userId: number, sealed: string, read: TRead, now: Date): Promise<boolean> {
  return writeTransaction(db, async (tx) => {
    const [row] = await tx
      .select({ addedAt: externalCalendars.addedAt, refreshedAt: externalCalendars.refreshedAt })
      .from(externalCalendars)
      .where(and(eq(externalCalendars.userId, userId), eq(externalCalendars.urlSealed, sealed)))
      .for('update');
    if (!row) return false;
    if (!read.ok) {
      await tx
        .update(externalCalendars)
        .set({ triedAt: now, error: read.error, nextRefreshAt: retryAfterFailure(now, row.refreshedAt ?? row.addedAt) })
        .where(eq(externalCalendars.userId, userId));
      return true;
    }
    await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.userId, userId));
    if (read.busy.length) await tx.insert(externalBusyTimes).values(read.busy.map((busy) => ({ userId, ...busy })));
    await tx
      .update(externalCalendars)
      .set({ triedAt: now, refreshedAt: now, error: null, nextRefreshAt: nextRefresh(now) })
      .where(eq(externalCalendars.userId, userId));
    return true;
  });
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 'HH:MM' of an instant on Rome's clock. */
function romeClock(at: number): string {
  const day = todayInItaly(new Date(at));
  const minutes = Math.round((at - romeInstant(day, '00:00')) / MINUTE_MS);
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Her busy times cut into Italian days from today on, each day with the span from its first busy minute to its last. */
export function busyDaysOf(busy: readonly { startsAt: Date; endsAt: Date; allDay: boolean }[], now: Date): TBusyDay[] {
  const today = todayInItaly(now);
  const last = addDays(today, LIMITS.externalCalendarDaysAhead);
  const days = new Map<string, { from: number; to: number; start: number; end: number; allDay: boolean }>();
  for (const time of busy) {
    let day = todayInItaly(time.startsAt) < today ? today : todayInItaly(time.startsAt);
    while (day <= last) {
      const start = romeInstant(day, '00:00');
      const end = romeInstant(addDays(day, 1), '00:00');
      if (start >= time.endsAt.getTime()) break;
      const from = Math.max(start, time.startsAt.getTime());
      const to = Math.min(end, time.endsAt.getTime());
      if (to > from) {
        const known = days.get(day);
        days.set(day, {
          from: Math.min(known?.from ?? from, from),
          to: Math.max(known?.to ?? to, to),
          start,
          end,
          allDay: (known?.allDay ?? false) || (time.allDay && from === start && to === end),
        });
      }
      day = addDays(day, 1);
    }
  }
  return [...days.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, span]) => ({
      date,
      from: romeClock(span.from),
      to: span.to === span.end ? '24:00' : romeClock(span.to),
      all_day: span.allDay || (span.from === span.start && span.to === span.end),
    }));
}

/** GET /api/availability/calendar/: her calendar's state (its host, never its address) and her busy days from today. */
export async function getExternalCalendar(db: TDb, userId: number, now: Date): Promise<TExternalCalendar> {
  const [row] = await db.select().from(externalCalendars).where(eq(externalCalendars.userId, userId));
  if (!row) return { calendar: null, busy_days: [] };
  const window = busyWindow(now);
  const busy = await db
    .select({ startsAt: externalBusyTimes.startsAt, endsAt: externalBusyTimes.endsAt, allDay: externalBusyTimes.allDay })
    .from(externalBusyTimes)
    .where(
      and(
        eq(externalBusyTimes.userId, userId),
        gt(externalBusyTimes.endsAt, window.from),
        lt(externalBusyTimes.startsAt, window.to),
      ),
    )
    .orderBy(asc(externalBusyTimes.startsAt));
  const [total] = await db.select({ n: count() }).from(externalBusyTimes).where(eq(externalBusyTimes.userId, userId));
  const error = row.error as TExternalCalendarError | null;
  return {
    calendar: {
      host: row.host,
      added_at: row.addedAt.toISOString(),
      refreshed_at: row.refreshedAt?.toISOString() ?? null,
      tried_at: row.triedAt?.toISOString() ?? null,
      next_refresh_at: row.nextRefreshAt.toISOString(),
      error,
      error_message: error ? (EXTERNAL_CALENDAR_MESSAGES.errors[error] ?? EXTERNAL_CALENDAR_MESSAGES.errors.unreachable) : null,
      busy_count: Number(total?.n ?? 0),
    },
    busy_days: busyDaysOf(busy, now),
  };
}

/**
 * PUT /api/availability/calendar/: fetches the address at once; when it gives no calendar, 400 with why in Italian and
 * nothing saved (a calendar already there stays). Otherwise the calendar (a new one, or replacing hers) and its busy
 * times are written in one transaction, her user row locked first (the lock order of her other writes).
 */
export async function saveExternalCalendar(deps: TCalendarDeps, userId: number, address: string, now: Date) {
  const read = await readCalendar(deps, address, now);
  if (!read.ok) {
    const message = EXTERNAL_CALENDAR_MESSAGES.errors[read.error];
    throw badRequest(message, `calendar_${read.error}`, { url: message });
  }
  const sealed = deps.box.seal(address, sealContext(userId));
  await writeTransaction(deps.db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw unauthorized();
    const values = {
      urlSealed: sealed,
      host: new URL(address).hostname,
      addedAt: now,
      triedAt: now,
      refreshedAt: now,
      error: null,
      nextRefreshAt: nextRefresh(now),
    };
    await tx
      .insert(externalCalendars)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: externalCalendars.userId, set: values });
    await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.userId, userId));
    if (read.busy.length) await tx.insert(externalBusyTimes).values(read.busy.map((busy) => ({ userId, ...busy })));
  });
  return getExternalCalendar(deps.db, userId, now);
}

/** POST /api/availability/calendar/refresh/: fetches her calendar now; a failure is kept on it (and answered), not a 4xx. */
export async function refreshExternalCalendar(deps: TCalendarDeps, userId: number, now: Date) {
  const [row] = await deps.db
    .select({ sealed: externalCalendars.urlSealed })
    .from(externalCalendars)
    .where(eq(externalCalendars.userId, userId));
  if (!row) throw notFound(EXTERNAL_CALENDAR_MESSAGES.notFound);
  await refreshOne(deps, userId, row.sealed, now);
  return getExternalCalendar(deps.db, userId, now);
}

async function refreshOne(deps: TCalendarDeps, userId: number, sealed: string, now: Date): Promise<TRead> {
  const address = deps.box.open(sealed, sealContext(userId));
  // Sealed with another server secret (rotated since): the address is lost; she is asked to give it again.
  const read: TRead = address ? await readCalendar(deps, address, now) : { ok: false, error: 'invalid_url' };
  await storeOutcome(deps.db, userId, sealed, read, now);
  return read;
}

/** DELETE /api/availability/calendar/: the calendar and its busy times (by the cascade) go; 404 when there is none. */
export async function removeExternalCalendar(db: TDb, userId: number): Promise<void> {
  const removed = await db
    .delete(externalCalendars)
    .where(eq(externalCalendars.userId, userId))
    .returning({ userId: externalCalendars.userId });
  if (!removed.length) throw notFound(EXTERNAL_CALENDAR_MESSAGES.notFound);
}

/** How long a job's claim on a calendar holds: a fetch takes at most seconds; a crashed instance's claim runs out. */
const CLAIM_MINUTES = 10;

/**
 * The `calendar-refresh` job's round: claims the calendars due (FOR UPDATE SKIP LOCKED, then next_refresh_at moved past
 * the claim, so another instance's round skips them now and after), fetches them a few at a time, and writes each
 * outcome. How many succeeded and failed.
 */
export async function refreshDueCalendars(
  deps: TCalendarDeps,
  now: () => Date,
  { limit = 20, parallel = 4, signal }: { limit?: number; parallel?: number; signal?: AbortSignal } = {},
): Promise<{ refreshed: number; failed: number }> {
  const claimedAt = now();
  const due = deps.db
    .select({ userId: externalCalendars.userId })
    .from(externalCalendars)
    .where(sql`${externalCalendars.nextRefreshAt} <= ${claimedAt}`)
    .orderBy(externalCalendars.nextRefreshAt, externalCalendars.userId)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await deps.db
    .update(externalCalendars)
    .set({ nextRefreshAt: new Date(claimedAt.getTime() + CLAIM_MINUTES * MINUTE_MS) })
    .where(sql`${externalCalendars.userId} in ${due}`)
    .returning({ userId: externalCalendars.userId, sealed: externalCalendars.urlSealed });
  const result = { refreshed: 0, failed: 0 };
  const queue = [...claimed];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      if (signal?.aborted) return;
      const read = await refreshOne(deps, next.userId, next.sealed, now());
      if (read.ok) result.refreshed += 1;
      else result.failed += 1;
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, queue.length) }, worker));
  return result;
}

/** A part of an availability day on Rome's clock, from its start for so many hours: what a busy time must not touch. */
export const PART_HOURS = {
  giornata: { from: 8, hours: 12 },
  mattina: { from: 8, hours: 5 },
  pomeriggio: { from: 13, hours: 7 },
  notte: { from: 20, hours: 12 },
} as const;

/** The hour of the day (from midnight of the row's day, as an interval) a part starts or ends at. */
const partHour = (part: AnyColumn, edge: 'start' | 'end') =>
  sql.join(
    [
      sql`(case ${part}`,
      ...Object.entries(PART_HOURS).map(
        ([name, span]) =>
          sql` when ${name} then interval ${sql.raw(`'${edge === 'start' ? span.from : span.from + span.hours} hours'`)}`,
      ),
      sql` end)`,
    ],
    sql``,
  );

/**
 * An availability day's part (a row of availability_days, by its user, day and part columns) meets one of her busy
 * times: she is not offered for it (the owners' search, the platform's invitations). Read where the row is read, so a
 * refresh changes nothing else.
 */
export function partIsBusy(userId: AnyColumn, day: AnyColumn, part: AnyColumn): SQL {
  const start = sql`((${day} + ${partHour(part, 'start')})::timestamp at time zone 'Europe/Rome')`;
  const end = sql`((${day} + ${partHour(part, 'end')})::timestamp at time zone 'Europe/Rome')`;
  return sql`exists (select 1 from ${externalBusyTimes} where ${externalBusyTimes.userId} = ${userId}
    and ${externalBusyTimes.startsAt} < ${end} and ${externalBusyTimes.endsAt} > ${start})`;
}

/**
 * GET /api/availability/calendar/conflict/: whether an offer's hours, on each of its days from today within the busy
 * times' window, meet one of her busy times. An offer without hours takes its whole days; hours that end at or
 * before they start end the next morning (a night shift). 404 for an offer that does not exist.
 */
export async function calendarConflict(db: TDb, userId: number, offerId: number, now: Date): Promise<TCalendarConflict> {
  const [offer] = await db
    .select({ from: offers.dateFrom, to: offers.dateTo, startTime: offers.startTime, endTime: offers.endTime })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!offer) throw notFound(EXTERNAL_CALENDAR_MESSAGES.offerNotFound);
  const first = offer.from ?? offer.to;
  const lastDay = offer.to ?? offer.from;
  if (!first || !lastDay) return { conflict: false, days: [] };
  const today = todayInItaly(now);
  const windowEnd = addDays(today, LIMITS.externalCalendarDaysAhead);
  const shifts: { day: string; start: number; end: number }[] = [];
  for (let day = first < today ? today : first; day <= lastDay && day <= windowEnd; day = addDays(day, 1)) {
    const startTime = offer.startTime?.slice(0, 5);
    const endTime = offer.endTime?.slice(0, 5);
    if (startTime && endTime) {
      const end = endTime <= startTime ? addDays(day, 1) : day;
      shifts.push({ day, start: romeInstant(day, startTime), end: romeInstant(end, endTime) });
    } else shifts.push({ day, start: romeInstant(day, '00:00'), end: romeInstant(addDays(day, 1), '00:00') });
  }
  const [firstShift] = shifts;
  const lastShift = shifts.at(-1);
  if (!firstShift || !lastShift) return { conflict: false, days: [] };
  const busy = await db
    .select({ startsAt: externalBusyTimes.startsAt, endsAt: externalBusyTimes.endsAt })
    .from(externalBusyTimes)
    .where(
      and(
        eq(externalBusyTimes.userId, userId),
        lt(externalBusyTimes.startsAt, new Date(lastShift.end)),
        gt(externalBusyTimes.endsAt, new Date(firstShift.start)),
      ),
    );
  const days = shifts
    .filter((shift) => busy.some((b) => b.startsAt.getTime() < shift.end && b.endsAt.getTime() > shift.start))
    .map((shift) => shift.day);
  return { conflict: days.length > 0, days };
}
