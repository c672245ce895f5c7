/**
 * An application's shift as a calendar invitation (docs/decisions/052): the offer's days and hours, the pharmacy's
 * name, address and coordinates, the owner as organizer and the pharmacist as attendee, read in the transaction of
 * the change the invitation (or its cancellation) goes with. And the pharmacist's private feed of those shifts, with
 * the same events (docs/decisions/075).
 */
import { createHash, randomBytes } from 'node:crypto';
import { daysFromNow, LIMITS, SHIFT_DOCUMENT_TEXT } from '@farmaponte/shared';
import { and, count, eq, gte, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, calendarFeeds, offers, pharmacies, profiles, users } from '../../db/schema';
import { findComune } from '../geo';
import { shiftCalendar, shiftFeed, shiftUid, type TShiftEvent } from './shift-event';

const ownerUsers = alias(users, 'owner_users');
const pharmacistUsers = alias(users, 'pharmacist_users');
const pharmacistProfiles = alias(profiles, 'pharmacist_profiles');

/** The comune's CAP when it has only one (a city has one per district: then none rather than a wrong one). */
function comuneCap(comune: string): string {
  const caps = comune ? (findComune(comune)?.cap ?? '') : '';
  return caps.includes(',') ? '' : caps;
}

/** The site's addresses (the notifier's pageUrl: PUBLIC_URL + path). */
export interface TSite {
  pageUrl(link: string): string;
}

/** The pharmacist's page of applications, the event's URL. */
const shiftPage = '/mie_candidature';

const fullName = (name: string, surname: string, fallback: string) => `${name} ${surname}`.trim() || fallback;

/** What an application's event is made of: its offer, the pharmacy and its owner, the pharmacist. */
const shiftColumns = {
  applicationId: applications.id,
  status: applications.status,
  title: offers.title,
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  startTime: offers.startTime,
  endTime: offers.endTime,
  pharmacy: profiles.denominazioneFarmacia,
  address: profiles.indirizzoFarmacia,
  comune: profiles.comuneFarmacia,
  ownerName: profiles.name,
  ownerSurname: profiles.surname,
  ownerLat: profiles.lat,
  ownerLng: profiles.lng,
  registryCap: pharmacies.cap,
  registryLat: pharmacies.lat,
  registryLng: pharmacies.lng,
  ownerEmail: ownerUsers.email,
  pharmacistEmail: pharmacistUsers.email,
  pharmacistName: pharmacistProfiles.name,
  pharmacistSurname: pharmacistProfiles.surname,
};

/** Applications with their offer, pharmacy, owner and pharmacist, filtered by the caller. */
function shiftRows(db: TDb, where: SQL | undefined) {
  return (
    db
      .select(shiftColumns)
      .from(applications)
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
      .innerJoin(ownerUsers, eq(ownerUsers.id, offers.ownerId))
      .innerJoin(pharmacistUsers, eq(pharmacistUsers.id, applications.farmacistaId))
      .leftJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId))
      // The registry's row of the owner's pharmacy, when it was picked there (decision 048): its CAP and coordinates.
      .leftJoin(pharmacies, eq(pharmacies.codFarmacia, profiles.codFarmacia))
      .where(where)
  );
}

type TShiftRow = Awaited<ReturnType<typeof shiftRows>>[number];

/** The number of steps in each application's history: the SEQUENCE of its event. */
async function historySteps(db: TDb, applicationIds: number[]): Promise<Map<number, number>> {
  if (!applicationIds.length) return new Map();
  const rows = await db
    .select({ applicationId: applicationEvents.applicationId, n: count() })
    .from(applicationEvents)
    .where(inArray(applicationEvents.applicationId, applicationIds))
    .groupBy(applicationEvents.applicationId);
  return new Map(rows.map((row) => [row.applicationId, Number(row.n)]));
}

/** A row as the builder's event. */
function shiftEvent(
  row: TShiftRow,
  site: TSite,
  { method, sequence, now }: { method: 'REQUEST' | 'CANCEL'; sequence: number; now: Date },
): TShiftEvent {
  // Where the pharmacy is: the owner's coordinates (set by an admin), else the registry's; never the comune's centre.
  const [lat, lng] =
    row.ownerLat != null && row.ownerLng != null
      ? [row.ownerLat, row.ownerLng]
      : [row.registryLat ?? null, row.registryLng ?? null];
  return {
    uid: shiftUid(row.applicationId, site.pageUrl('/')),
    sequence,
    method,
    title: row.title,
    pharmacy: {
      name: row.pharmacy,
      address: row.address,
      cap: row.registryCap || comuneCap(row.comune),
      comune: row.comune,
      lat,
      lng,
    },
    organizer: { name: fullName(row.ownerName, row.ownerSurname, row.pharmacy), email: row.ownerEmail },
    attendee: {
      name: fullName(row.pharmacistName ?? '', row.pharmacistSurname ?? '', row.pharmacistEmail),
      email: row.pharmacistEmail,
    },
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    startTime: row.startTime,
    endTime: row.endTime,
    url: site.pageUrl(shiftPage),
    now,
  };
}

/**
 * The invitation (REQUEST) or its cancellation (CANCEL) of an application's shift, or null when the offer has no dates
 * or the application is gone. Its SEQUENCE is the number of steps in the application's history, which only grows
 * (a step is added with every change of status, never removed); `afterLastStep` adds one for a change that writes no
 * step (the offer deleted).
 */
export async function shiftInvitation(
  db: TDb,
  site: TSite,
  applicationId: number,
  options: { method: 'REQUEST' | 'CANCEL'; afterLastStep?: boolean; now: Date },
): Promise<{ ics: string; to: string; title: string; pharmacy: string } | null> {
  const [row] = await shiftRows(db, eq(applications.id, applicationId));
  if (!row) return null;
  const steps = (await historySteps(db, [applicationId])).get(applicationId) ?? 0;
  const sequence = steps + (options.afterLastStep ? 1 : 0);
  const ics = shiftCalendar(shiftEvent(row, site, { method: options.method, sequence, now: options.now }));
  return ics ? { ics, to: row.pharmacistEmail, title: row.title, pharmacy: row.pharmacy } : null;
}

/*
 * The pharmacist's private calendar feed (decision 075): one token per pharmacist, 32 random bytes shown once and
 * stored as their SHA-256; a new one replaces the old, deleting the row revokes it.
 */

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** What a token looks like (32 bytes in base64url): anything else is not looked up. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A new feed token for the pharmacist, replacing any other; the only time it is seen. */
export async function createCalendarFeed(db: TDb, userId: number, now: Date): Promise<{ token: string; createdAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: sha256(token), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: sha256(token), createdAt: now } });
  return { token, createdAt: now };
}

/** Whether the pharmacist has a feed, and since when (never the token). */
export async function calendarFeedState(db: TDb, userId: number): Promise<{ exists: boolean; created_at: string | null }> {
  const [feed] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return { exists: Boolean(feed), created_at: feed?.createdAt.toISOString() ?? null };
}

/** The feed stops working: its address answers 404 from now on. */
export async function revokeCalendarFeed(db: TDb, userId: number): Promise<void> {
  await db.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
}

/**
 * Whose feed a token opens, or null for an unknown, replaced or revoked one, and for the feed of a suspended account:
 * what an account owns that answers without a login stops answering while it is suspended (decision 083), and answers
 * again, with the same address, once it is reinstated.
 */
async function feedOwner(db: TDb, token: string): Promise<number | null> {
  if (!FEED_TOKEN.test(token)) return null;
  const [feed] = await db
    .select({ userId: calendarFeeds.userId })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, sha256(token)), isNull(users.suspendedAt)));
  return feed?.userId ?? null;
}

/**
 * The feed's calendar, or null for a token that opens none: the pharmacist's accepted shifts whose last day is at most
 * LIMITS.calendarFeedPastDays ago, and those withdrawn or cancelled after their acceptance within as many days, with
 * STATUS:CANCELLED. Each event has its invitation's UID and SEQUENCE, so the mailed invitation and the feed are one
 * event in the calendar, and a cancellation outranks both.
 */
export async function calendarFeed(db: TDb, site: TSite, token: string, now: Date): Promise<string | null> {
  const userId = await feedOwner(db, token);
  if (userId === null) return null;
  const since = daysFromNow(-LIMITS.calendarFeedPastDays, now);
  const cancelledSince = new Date(now.getTime() - LIMITS.calendarFeedPastDays * 86_400_000);
  const wasAccepted = sql`exists (select 1 from ${applicationEvents} where ${applicationEvents.applicationId} = ${applications.id} and ${applicationEvents.status} = 'accepted')`;
  const rows = await shiftRows(
    db,
    and(
      eq(applications.farmacistaId, userId),
      or(isNotNull(offers.dateFrom), isNotNull(offers.dateTo)),
      or(
        and(eq(applications.status, 'accepted'), sql`coalesce(${offers.dateTo}, ${offers.dateFrom}) >= ${since}`),
        and(
          inArray(applications.status, ['withdrawn', 'rejected']),
          gte(applications.statusChangedAt, cancelledSince),
          wasAccepted,
        ),
      ),
    ),
  ).orderBy(sql`coalesce(${offers.dateFrom}, ${offers.dateTo})`, applications.id);
  const steps = await historySteps(
    db,
    rows.map((row) => row.applicationId),
  );
  const events = rows.map((row) =>
    shiftEvent(row, site, {
      method: row.status === 'accepted' ? 'REQUEST' : 'CANCEL',
      sequence: steps.get(row.applicationId) ?? 0,
      now,
    }),
  );
  return shiftFeed(events, { name: SHIFT_DOCUMENT_TEXT.feedName, refreshMinutes: 60 });
}
