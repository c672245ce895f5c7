/**
 * A pharmacist's calendar of free days and the owners' search of who is free (decision 070). A day with an accepted
 * shift (an accepted application whose offer covers it) is left out wherever the calendar is read, so it leaves by
 * itself and comes back when the acceptance ends; days before today are never read, and the daily prune removes them.
 * A part of a day that meets a busy time of her external calendar (decision 096) is left out of what owners and the
 * platform's invitations see, the same way.
 */
import { addDays, daysBetween, LIMITS, todayInItaly } from '@farmaponte/shared';
import {
  AVAILABILITY_MESSAGES,
  AVAILABILITY_PARTS,
  AVAILABLE_PHARMACISTS_DEFAULT_DAYS,
  DEFAULT_AVAILABILITY_RADIUS_KM,
  dayOutsideWindow,
  type TAvailability,
  type TAvailabilityDay,
  type TAvailabilityPayload,
  type TAvailablePharmacist,
  type TAvailablePharmacistsQuery,
} from '@farmaponte/shared/availability';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, availability, availabilityDays, offers, profiles, users, verifications } from '../../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../../lib/errors';
import { boxAround, distanceKmSql } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { partIsBusy } from '../external-calendar';
import { findComune, pharmacyPosition } from '../geo';
import { searchPoint } from '../offers';
import { NO_RATING, NO_RECORD, ratingsAndRecords } from '../ratings';

/**
 * The day of this availability_days row is taken: the pharmacist holds an accepted application whose offer covers it
 * (an offer without dates covers none). Read where the row is read, so no write has to follow the applications.
 */
const dayTaken = dayTakenAmong();

/**
 * `dayTaken`, the accepted applications first narrowed to these pharmacists when given: the planner otherwise hashes
 * every accepted application on the platform to anti-join a page's days (decision 100).
 */
function dayTakenAmong(userIds?: number[]) {
  return sql`exists (
  select 1 from ${applications} inner join ${offers} on ${offers.id} = ${applications.offerId}
  where ${applications.farmacistaId} = ${availabilityDays.userId}
    ${userIds ? sql`and ${inArray(applications.farmacistaId, userIds)}` : sql``}
    and ${applications.status} = 'accepted'
    and coalesce(${offers.dateFrom}, ${offers.dateTo}) <= ${availabilityDays.day}
    and coalesce(${offers.dateTo}, ${offers.dateFrom}) >= ${availabilityDays.day})`;
}

/**
 * The part of this availability_days row meets a busy time of the pharmacist's external calendar (decision 096): owners
 * and the platform's invitations do not see it; she still does, her calendar page marks the day busy.
 */
const partBusy = partIsBusy(availabilityDays.userId, availabilityDays.day, availabilityDays.part);

/**
 * The free days of these pharmacists between two days (both included), by date then part; for owners' eyes
 * (`withoutBusy`), without the parts her external calendar makes busy.
 */
async function freeDays(db: TDb, userIds: number[], from: string, to: string, withoutBusy = false) {
  if (!userIds.length) return new Map<number, TAvailabilityDay[]>();
  const rows = await db
    .select({ userId: availabilityDays.userId, date: availabilityDays.day, part: availabilityDays.part })
    .from(availabilityDays)
    .where(
      and(
        inArray(availabilityDays.userId, userIds),
        between(availabilityDays.day, from, to),
        sql`not ${dayTakenAmong(userIds)}`,
        withoutBusy ? sql`not ${partBusy}` : undefined,
      ),
    )
    .orderBy(asc(availabilityDays.day));
  const byUser = new Map<number, TAvailabilityDay[]>();
  const partRank = (part: string) => AVAILABILITY_PARTS.indexOf(part as TAvailabilityDay['part']);
  for (const row of rows) {
    const days = byUser.get(row.userId) ?? [];
    days.push({ date: row.date, part: row.part });
    byUser.set(row.userId, days);
  }
  for (const days of byUser.values())
    days.sort((a, b) => (a.date === b.date ? partRank(a.part) - partRank(b.part) : a.date < b.date ? -1 : 1));
  return byUser;
}

/**
 * GET /api/availability/: the pharmacist's calendar from today to the end of the window, without the days of an
 * accepted shift. Nothing saved yet: an empty calendar, hidden, with the profile's comune as a suggestion.
 */
export async function getAvailability(db: TDb, userId: number, now: Date): Promise<TAvailability> {
  const today = todayInItaly(now);
  const [row] = await db.select().from(availability).where(eq(availability.userId, userId));
  if (!row) {
    const [profile] = await db.select({ comune: profiles.comune }).from(profiles).where(eq(profiles.userId, userId));
    const comune = profile?.comune ? findComune(profile.comune) : undefined;
    return {
      days: [],
      comune: comune?.nome ?? profile?.comune ?? '',
      province: comune?.sigla ?? '',
      radius_km: DEFAULT_AVAILABILITY_RADIUS_KM,
      min_pay: null,
      visible: false,
      saved: false,
    };
  }
  const days = await freeDays(db, [userId], today, addDays(today, LIMITS.availabilityDaysAhead));
  return {
    days: days.get(userId) ?? [],
    comune: row.comune,
    province: row.province,
    radius_km: row.radiusKm,
    min_pay: row.minPay,
    visible: row.visible,
    saved: true,
  };
}

/**
 * PUT /api/availability/: replaces the whole calendar in one transaction, the user's row locked first (the lock
 * order), so two saves at once leave one of them whole. 400 for a day outside the window (naming it) or a comune that
 * does not exist, before anything is written.
 */
export async function saveAvailability(db: TDb, userId: number, input: TAvailabilityPayload, now: Date): Promise<TAvailability> {
  const outside = dayOutsideWindow(input.days, todayInItaly(now));
  if (outside) {
    const message = AVAILABILITY_MESSAGES.dayOutOfRange(outside);
    throw badRequest(message, 'validation_error', { days: message });
  }
  const comune = findComune(input.comune);
  if (!comune)
    throw badRequest(AVAILABILITY_MESSAGES.comuneUnknown, 'validation_error', { comune: AVAILABILITY_MESSAGES.comuneUnknown });
  await writeTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw unauthorized();
    const values = {
      comune: comune.nome,
      province: comune.sigla,
      lat: comune.lat,
      lng: comune.lng,
      radiusKm: input.radius_km,
      minPay: input.min_pay,
      visible: input.visible,
      updatedAt: now,
    };
    await tx
      .insert(availability)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: availability.userId, set: values });
    await tx.delete(availabilityDays).where(eq(availabilityDays.userId, userId));
    if (input.days.length)
      await tx.insert(availabilityDays).values(input.days.map((day) => ({ userId, day: day.date, part: day.part })));
  });
  return getAvailability(db, userId, now);
}

/** What the platform matches pharmacists on (the owners' search, the platform's invitations). */
export interface TMatchQuery {
  /** Where the pharmacy is: a pharmacist matches when it lies within their radius of their comune. */
  pharmacy: { lat: number; lng: number };
  /** Distances are measured from this point when given, and with radiusKm only pharmacists within it match. */
  around?: { lat: number; lng: number; radiusKm?: number };
  /** The days looked at, both included; days before today never count. */
  from: string;
  to: string;
  /** 'any': free on at least one day of [from, to]; 'all': free on every one of them. */
  days: 'any' | 'all';
  /** The pay offered, euros an hour: a pharmacist who asks more does not match. */
  minPay?: number | null;
  excludeIds?: number[];
  /** Only these pharmacists (an empty list matches nobody). */
  onlyIds?: number[];
  order: 'distance' | 'verified_then_distance';
  limit: number;
  offset: number;
}

/** A pharmacist who matches: never a phone, an address, an e-mail or a CV. */
export interface TMatchRow {
  pharmacistId: number;
  name: string;
  surname: string;
  titolo: string;
  comune: string;
  province: string;
  /** The centre of their comune. */
  lat: number;
  lng: number;
  /** Kilometres (one decimal) from `around` when given, else from the pharmacy. */
  distanceKm: number;
  /** Their free days in [from, to], by date then part. */
  days: TAvailabilityDay[];
  alboVerified: boolean;
}

/**
 * The pharmacists free for a pharmacy (decision 070): a visible calendar, an account neither suspended nor
 * unconfirmed, the pharmacy within their radius, the pay they ask met, within `around` when given, and free on any
 * (or every) day of the range, the days of an accepted shift left out. Distances as the offer search measures them:
 * a box of latitudes and longitudes on the indexed columns, then the haversine.
 */
export async function findMatchingPharmacists(
  db: TDb,
  query: TMatchQuery,
  now: Date,
): Promise<{ count: number; rows: TMatchRow[] }> {
  const today = todayInItaly(now);
  const from = query.from > today ? query.from : today;
  const to = query.to;
  if (to < from || (query.onlyIds && query.onlyIds.length === 0)) return { count: 0, rows: [] };

  const pharmacyBox = boxAround(query.pharmacy, LIMITS.availabilityRadiusMaxKm);
  const origin = query.around ?? query.pharmacy;
  const distance = distanceKmSql(availability.lat, availability.lng, origin);
  const alboVerified = sql<boolean>`coalesce((select ${verifications.status} = 'verified' from ${verifications} where ${verifications.userId} = ${availability.userId}), false)`;
  const freeInRange = and(
    eq(availabilityDays.userId, availability.userId),
    between(availabilityDays.day, from, to),
    sql`not ${dayTaken}`,
    sql`not ${partBusy}`,
  );
  const wanted = daysBetween(from, to) + 1;
  const free =
    query.days === 'any'
      ? sql`exists (select 1 from ${availabilityDays} where ${freeInRange})`
      : sql`(select count(distinct ${availabilityDays.day}) from ${availabilityDays} where ${freeInRange}) = ${wanted}`;

  const conditions: (SQL | undefined)[] = [
    eq(availability.visible, true),
    between(availability.lat, pharmacyBox.minLat, pharmacyBox.maxLat),
    between(availability.lng, pharmacyBox.minLng, pharmacyBox.maxLng),
    sql`${distanceKmSql(availability.lat, availability.lng, query.pharmacy)} <= ${availability.radiusKm}`,
    eq(users.role, 'farmacista'),
    isNull(users.suspendedAt),
    isNotNull(users.emailVerifiedAt),
    query.minPay != null ? or(isNull(availability.minPay), lte(availability.minPay, query.minPay)) : undefined,
    query.excludeIds?.length ? notInArray(availability.userId, query.excludeIds) : undefined,
    query.onlyIds ? inArray(availability.userId, query.onlyIds) : undefined,
    free,
  ];
  if (query.around?.radiusKm !== undefined) {
    const box = boxAround(query.around, query.around.radiusKm);
    conditions.push(
      between(availability.lat, box.minLat, box.maxLat),
      between(availability.lng, box.minLng, box.maxLng),
      sql`${distance} <= ${query.around.radiusKm}`,
    );
  }
  const where = and(...conditions);
  const order =
    query.order === 'verified_then_distance'
      ? [desc(alboVerified), asc(distance), asc(availability.userId)]
      : [asc(distance), asc(availability.userId)];

  const [rows, total] = await Promise.all([
    db
      .select({
        pharmacistId: availability.userId,
        name: profiles.name,
        surname: profiles.surname,
        titolo: profiles.titolo,
        comune: availability.comune,
        province: availability.province,
        lat: availability.lat,
        lng: availability.lng,
        distance,
        alboVerified,
      })
      .from(availability)
      .innerJoin(users, eq(users.id, availability.userId))
      .innerJoin(profiles, eq(profiles.userId, availability.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(availability).innerJoin(users, eq(users.id, availability.userId)).where(where),
  ]);
  const days = await freeDays(
    db,
    rows.map((row) => row.pharmacistId),
    from,
    to,
    true,
  );
  return {
    count: Number(total[0]?.n ?? 0),
    rows: rows.map(({ distance: km, ...row }) => ({
      ...row,
      distanceKm: Math.round(Number(km ?? 0) * 10) / 10,
      alboVerified: row.alboVerified === true,
      days: days.get(row.pharmacistId) ?? [],
    })),
  };
}

/**
 * GET /api/pharmacists/available/ for an owner: 403 `owner_not_verified` until an admin has verified them, 409 when
 * their pharmacy has no position; then the match from the pharmacy, around `near`/`lat`+`lng` when given (else the
 * pharmacy) within `radius_km`, a page at a time, nearest first.
 */
export async function searchAvailablePharmacists(
  db: TDb,
  ownerId: number,
  query: TAvailablePharmacistsQuery,
  now: Date,
): Promise<{ count: number; from: string; to: string; results: TAvailablePharmacist[] }> {
  const [owner] = await db
    .select({ status: verifications.status, lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(profiles)
    .leftJoin(verifications, eq(verifications.userId, profiles.userId))
    .where(eq(profiles.userId, ownerId));
  if (owner?.status !== 'verified') throw forbidden(AVAILABILITY_MESSAGES.ownerNotVerified, 'owner_not_verified');
  const today = todayInItaly(now);
  const from = query.from ?? today;
  if (from < today)
    throw badRequest(AVAILABILITY_MESSAGES.searchFromPast, 'validation_error', { from: AVAILABILITY_MESSAGES.searchFromPast });
  const to = query.to ?? addDays(from, AVAILABLE_PHARMACISTS_DEFAULT_DAYS);
  const position = pharmacyPosition(owner);
  if (position.lat == null || position.lng == null)
    throw conflict(AVAILABILITY_MESSAGES.pharmacyPositionUnknown, 'pharmacy_position_unknown');
  const pharmacy = { lat: position.lat, lng: position.lng };
  const point = searchPoint(query);
  const around = point || query.radius_km !== undefined ? { ...(point ?? pharmacy), radiusKm: query.radius_km } : undefined;
  const pageSize = LIMITS.availablePharmacistsPageSize;
  const page = query.page ?? 1;
  const found = await findMatchingPharmacists(
    db,
    {
      pharmacy,
      around,
      from,
      to,
      days: 'any',
      minPay: query.min_pay,
      order: 'distance',
      limit: pageSize,
      offset: (page - 1) * pageSize,
    },
    now,
  );
  const ids = found.rows.map((row) => row.pharmacistId);
  const { ratings, records } = await ratingsAndRecords(db, ids, now);
  return {
    count: found.count,
    from,
    to,
    results: found.rows.map((row) => ({
      rating: ratings.get(row.pharmacistId) ?? NO_RATING,
      reliability: records.get(row.pharmacistId) ?? NO_RECORD,
      pharmacist_id: row.pharmacistId,
      name: row.name,
      surname: row.surname,
      titolo: row.titolo,
      comune: row.comune,
      province: row.province,
      lat: row.lat,
      lng: row.lng,
      distance_km: row.distanceKm,
      days: row.days,
      albo_verified: row.alboVerified,
    })),
  };
}

/** How many users a round of the prune clears at once: a short statement each, whatever was left behind. */
const PRUNE_BATCH_USERS = 500;

/** The `availability-prune` job's work: deletes the days before today (in Italy), a batch of users at a time. */
export async function pruneAvailabilityDays(db: TDb, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayInItaly(now);
  let deleted = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = db
      .selectDistinct({ userId: availabilityDays.userId })
      .from(availabilityDays)
      .where(lt(availabilityDays.day, today))
      .limit(PRUNE_BATCH_USERS);
    const rows = await db
      .delete(availabilityDays)
      .where(and(lt(availabilityDays.day, today), inArray(availabilityDays.userId, batch)))
      .returning({ userId: availabilityDays.userId });
    deleted += rows.length;
    if (!rows.length) return deleted;
  }
}
