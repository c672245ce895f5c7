/** Offers' data: what is stored and how it is shown, and the one rule that says whether an offer is still open. */

import {
  LIMITS,
  MESSAGES,
  msUntilEndOfItalianDay,
  NOTIFICATION_TEXT,
  normalize,
  regionOfProvince,
  type TAutoInvite,
  type TMyOffer,
  type TOffer,
  type TOfferPayload,
  type TOfferStatus,
  type TPublicOffer,
  todayInItaly,
} from '@farmaponte/shared';
import {
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  min,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offerAutoInvites, offers, pharmacies, profiles, users, verifications } from '../../db/schema';
import { badRequest, conflict, forbidden, gone, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { preparedRows } from '../../lib/prepared-rows';
import { writeTransaction } from '../../lib/transactions';
import { shiftInvitation } from '../calendar';
import { findComune, pharmacyPosition } from '../geo';
import type { TNotifier } from '../notifications';
import { ratingSummary } from '../ratings';
import { answerWaitingApplications, applicantsOf } from './application-status';

/** The dates' half of "an offer is open": it has no end date, or its end date is today or later on the Italian calendar (docs/rules.md#offers). */
export function isOfferOpen(dateTo: string | null, today: string): boolean {
  return dateTo == null || dateTo >= today;
}

type TOfferState = {
  dateTo: string | null;
  closedAt: Date | null;
  acceptedCount: number;
  positions: number;
  publishedAt: Date | null;
};

/**
 * An offer's status (decisions 023, 049): `expired` once its last day has passed, else `closed` while its owner has
 * closed it, else `pending_verification` while its owner waits for an admin's approval (not published yet), else
 * `filled` with as many accepted as positions, else `open`. offerStatusSql is the same rule in SQL.
 */
export function offerStatusOf(offer: TOfferState, today: string): TOfferStatus {
  if (!isOfferOpen(offer.dateTo, today)) return 'expired';
  if (offer.closedAt) return 'closed';
  if (!offer.publishedAt) return 'pending_verification';
  if (offer.acceptedCount >= offer.positions) return 'filled';
  return 'open';
}

/** offerStatusOf as an SQL expression on the offers table. */
export function offerStatusSql(today: string | Placeholder): SQL<TOfferStatus> {
  return sql<TOfferStatus>`case when ${offers.dateTo} < ${today} then 'expired' when ${offers.closedAt} is not null then 'closed' when ${offers.publishedAt} is null then 'pending_verification' when ${offers.acceptedCount} >= ${offers.positions} then 'filled' else 'open' end`;
}

/**
 * "offerStatusOf is open" as a condition on the offers table, for what runs in the database: lists, flags, counts, the
 * apply check, the search, the map and the alerts. An offer whose owner waits for approval is never open.
 */
export function openOfferCondition(today: string | Placeholder): SQL {
  return and(
    or(isNull(offers.dateTo), gte(offers.dateTo, today)),
    isNull(offers.closedAt),
    lt(offers.acceptedCount, offers.positions),
    isNotNull(offers.publishedAt),
  ) as SQL;
}

/** The columns of an offer as shown (with its pharmacy), for a select joined on the owner's profile. */
export const shownOfferColumns = {
  id: offers.id,
  title: offers.title,
  description: offers.description,
  salary: offers.salary,
  date_from: offers.dateFrom,
  date_to: offers.dateTo,
  denominazione_farmacia: profiles.denominazioneFarmacia,
  comune_farmacia: profiles.comuneFarmacia,
  positions: offers.positions,
  hourly_pay: offers.hourlyPay,
  start_time: offers.startTime,
  end_time: offers.endTime,
  // The owner's own coordinates; toShownOffer falls back to the comune's.
  lat: profiles.lat,
  lng: profiles.lng,
};

/**
 * A row selected with shownOfferColumns, placed where its pharmacy is on the map. The row is fresh from the database
 * and changed in place: copying it without two keys (`{ a, ...rest }`) cost ≈ 8 µs a row, a third of an owner's
 * /offers/mine/ (the profile of decision 033).
 */
export function toShownOffer<T extends TOffer>(row: T): T {
  const { lat, lng } = pharmacyPosition({ lat: row.lat, lng: row.lng, comune: row.comune_farmacia });
  row.lat = lat;
  row.lng = lng;
  return row;
}

/**
 * Every open offer, soonest first: the search page's whole list (≈ 5,000 offers), built at most once per 10 s by the
 * open-offer cache and run as a prepared statement (docs/decisions/034).
 */
export async function listOpenOffers(db: TDb, now: Date): Promise<TOffer[]> {
  const rows = await preparedRows(
    db,
    'open_offers',
    () =>
      db
        .select(shownOfferColumns)
        .from(offers)
        .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
        .where(openOfferCondition(sql.placeholder('today')))
        .orderBy(sql`${offers.dateFrom} asc nulls last`, desc(offers.id)),
    { today: todayInItaly(now) },
  );
  return rows.map(toShownOffer);
}

/**
 * The query of an owner's offers (or one of them) with their application counts, as listOwnerOffers runs it;
 * public (index.ts) so that the strict floor runs the very same SQL. Values or `sql.placeholder()`s: listOwnerOffers builds it
 * once with placeholders and runs it as a prepared statement.
 */
export function ownerOffersQuery(db: TDb, ownerId: number | Placeholder, today: string | Placeholder, offerId?: number) {
  return db
    .select({
      ...shownOfferColumns,
      created_at: offers.createdAt,
      // Counted per offer through the (offer_id, farmacista_id) index, never over the whole table.
      applications_count: sql<number>`(select count(*) from ${applications} where ${applications.offerId} = ${offers.id})`,
      accepted_count: offers.acceptedCount,
      status: offerStatusSql(today),
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(offers.ownerId, ownerId), offerId ? eq(offers.id, offerId) : undefined))
    .orderBy(desc(offers.createdAt), desc(offers.id));
}

export async function listOwnerOffers(db: TDb, ownerId: number, now: Date, offerId?: number): Promise<TMyOffer[]> {
  const today = todayInItaly(now);
  const rows =
    offerId === undefined
      ? await preparedRows(db, 'owner_offers', () => ownerOffersQuery(db, sql.placeholder('ownerId'), sql.placeholder('today')), {
          ownerId,
          today,
        })
      : // One offer after a change: a rare call, plain Drizzle.
        await ownerOffersQuery(db, ownerId, today, offerId);
  // Each row is changed into the offer it shows, in place (see toShownOffer).
  const shown = rows as unknown as TMyOffer[];
  for (const row of rows) {
    const offer = toShownOffer(row as unknown as TMyOffer);
    offer.created_at = row.created_at.toISOString();
    offer.applications_count = Number(row.applications_count ?? 0);
    offer.is_open = row.status === 'open';
  }
  return shown;
}

async function getOwnerOffer(db: TDb, ownerId: number, offerId: number): Promise<TOffer> {
  const [row] = await db
    .select(shownOfferColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)));
  // Someone else's offer is as good as missing: its existence is not revealed.
  if (!row) throw notFound();
  return toShownOffer(row);
}

/** Whether applying can work: the offer exists, and is open today. */
export async function getOfferStatus(db: TDb, offerId: number, now: Date): Promise<TOfferStatus | 'missing'> {
  const [row] = await db
    .select({ status: offerStatusSql(todayInItaly(now)) })
    .from(offers)
    .where(eq(offers.id, offerId));
  return row?.status ?? 'missing';
}

/**
 * Stores an offer as given, without the publishing checks (the factories use it to build closed offers too), placed
 * where its pharmacy is.
 */
export async function insertOffer(db: TDb, values: typeof offers.$inferInsert): Promise<{ id: number }> {
  const [owner] = await db
    .select({ lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(profiles)
    .where(eq(profiles.userId, values.ownerId));
  const placement = owner ? offerPlacement(owner, values.createdAt ?? new Date()) : {};
  // Published when written unless told otherwise (null: waiting for the owner's approval, decision 049).
  const publishedAt = values.publishedAt === undefined ? (values.createdAt ?? new Date()) : values.publishedAt;
  const [created] = await db
    .insert(offers)
    .values({ ...placement, ...values, publishedAt })
    .returning({ id: offers.id });
  if (!created) throw new Error('insert returned no row');
  return created;
}

/** Where an offer of this pharmacy is: its position (docs/rules.md#places), province, region and comune key for the filters. */
export function offerPlacement(owner: { lat: number | null; lng: number | null; comune: string }, now: Date) {
  const { lat, lng } = pharmacyPosition(owner);
  const province = owner.comune ? (findComune(owner.comune)?.sigla ?? '') : '';
  return {
    lat,
    lng,
    province,
    region: province ? regionOfProvince(province) : '',
    comuneKey: normalize(owner.comune),
    placedAt: now,
  };
}

/**
 * Places the offers of one owner (after an admin moved the pharmacy), or every offer not placed yet (written before
 * decision 026, or loaded in bulk): one update per owner, so a whole table takes as many statements as owners.
 */
export async function placeOffers(db: TDb, now: Date, ownerId?: number): Promise<number> {
  const owners = await db
    .selectDistinct({ ownerId: offers.ownerId, lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(ownerId === undefined ? isNull(offers.placedAt) : eq(offers.ownerId, ownerId));
  for (const owner of owners) await db.update(offers).set(offerPlacement(owner, now)).where(eq(offers.ownerId, owner.ownerId));
  return owners.length;
}

/**
 * An offer whose end date is already past would be closed, so nobody could ever see it. The message names the field
 * the owner sees: a one-day offer (start = end) has a single 'Data' field (date_from), a longer one ends at 'Data a'.
 */
function refuseClosed(input: TOfferPayload, now: Date) {
  if (isOfferOpen(input.date_to, todayInItaly(now))) return;
  if (input.date_from === input.date_to)
    throw badRequest(MESSAGES.offerDayInPast, 'date_in_past', { date_from: MESSAGES.offerDayInPast });
  throw badRequest(MESSAGES.offerDateInPast, 'date_in_past', { date_to: MESSAGES.offerDateInPast });
}

/** Offers one owner may publish per hour (tries count, so a burst cannot pass it): 429 past the quota. */
export function takeOfferQuota(counters: TCounterStore, ownerId: number) {
  return takeQuota(counters, `offers:${ownerId}`, {
    max: LIMITS.offersPerOwnerPerHour,
    windowMs: LIMITS.quotaWindowMs,
    message: MESSAGES.offersPerHourLimit,
    code: 'offer_quota',
  });
}

/**
 * An owner may have at most LIMITS.openOffersPerOwner open offers (besides `offerId`, the one being edited), so one
 * owner's share of the list every pharmacist reads is bounded (decision 020). Retry-After: until the first of them
 * closes, or a day when none has an end date.
 */
async function refuseOverOpenLimit(db: TDb, ownerId: number, now: Date, offerId?: number) {
  const [row] = await db
    .select({ open: count(), firstEnd: min(offers.dateTo) })
    .from(offers)
    .where(
      and(
        eq(offers.ownerId, ownerId),
        // Offers waiting for the owner's approval count too: the approval publishes them all at once.
        or(
          openOfferCondition(todayInItaly(now)),
          and(
            isNull(offers.publishedAt),
            isNull(offers.closedAt),
            or(isNull(offers.dateTo), gte(offers.dateTo, todayInItaly(now))),
          ),
        ),
        offerId ? ne(offers.id, offerId) : undefined,
      ),
    );
  if (Number(row?.open ?? 0) < LIMITS.openOffersPerOwner) return;
  const retryAfterMs = row?.firstEnd ? msUntilEndOfItalianDay(row.firstEnd, now) : 24 * 60 * 60 * 1000;
  throw tooManyRequests(retryAfterMs, MESSAGES.openOffersLimit, 'open_offers_limit');
}

/** The stored columns of an offer's input; positions only when given (an update without them keeps them). */
const toColumns = ({
  title,
  description,
  salary,
  hourly_pay,
  start_time,
  end_time,
  date_from,
  date_to,
  positions,
}: TOfferPayload) => ({
  title,
  description,
  salary,
  hourlyPay: hourly_pay,
  startTime: start_time,
  endTime: end_time,
  dateFrom: date_from,
  dateTo: date_to,
  ...(positions === undefined ? {} : { positions }),
});

/**
 * Runs an owner's write that may open an offer with the owner's row locked, so one owner's writes go one at a time
 * and the open-offer cap holds under concurrent publishes. An account deletion locks the same row before it
 * cascades, so the two wait for each other instead of deadlocking, and an owner deleted meanwhile gets 401.
 * The user's row is the first lock of the lock order (docs/architecture.md); the offers come after it.
 */
function asOwner<T>(db: TDb, ownerId: number, write: (tx: TDb) => Promise<T>): Promise<T> {
  return writeTransaction(db, async (tx) => {
    const [owner] = await tx
      .select({ id: users.id, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, ownerId))
      .for('no key update');
    if (!owner) throw unauthorized();
    // Suspended while this request waited for the row (decision 062): a suspended owner opens no offer.
    if (owner.suspendedAt) throw forbidden(MESSAGES.accountSuspended, 'account_suspended');
    return write(tx);
  });
}

/**
 * Locks these offers for a change, in id order, and returns the ids still there. Every write that changes an offer's
 * applications takes its offer's lock first (the lock order, docs/architecture.md): writes on one offer then go one
 * at a time, and two writes on several offers meet in the same order, so none waits in a circle.
 */
export async function lockOffers(db: TDb, offerIds: number[]): Promise<number[]> {
  if (!offerIds.length) return [];
  const rows = await db
    .select({ id: offers.id })
    .from(offers)
    .where(inArray(offers.id, [...new Set(offerIds)]))
    .orderBy(offers.id)
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Before an account is erased: locks, in id order, every offer the deletion changes or cascades into (the user's own
 * offers, and those the user applied to), so the deletion takes them before their applications, as every other
 * write on them does (docs/decisions/035).
 */
export async function lockOffersOfAccount(db: TDb, userId: number): Promise<void> {
  await db
    .select({ id: offers.id })
    .from(offers)
    .where(
      or(
        eq(offers.ownerId, userId),
        inArray(
          offers.id,
          db.select({ id: applications.offerId }).from(applications).where(eq(applications.farmacistaId, userId)),
        ),
      ),
    )
    .orderBy(offers.id)
    .for('update');
}

/**
 * Whether the owner is verified, read with the owner's row locked (asOwner), so an admin's decision and a publish go
 * one after the other: an offer written before the approval is published by it, one written after is published at once.
 */
async function ownerIsVerified(tx: TDb, ownerId: number): Promise<boolean> {
  const [row] = await tx.select({ status: verifications.status }).from(verifications).where(eq(verifications.userId, ownerId));
  return row?.status === 'verified';
}

/**
 * 'Invita i farmacisti disponibili' ticked when publishing (decisions 069, 071): the offer's row for the auto-invitations
 * job, which invites for open offers only (one waiting for its owner's approval, from the approval on). The others than
 * the owner's favourites may be invited from `widensAt`: at once, or `delay_hours` after publishing.
 */
async function planAutoInvites(tx: TDb, offerId: number, { mode, delay_hours }: TAutoInvite, now: Date) {
  const delayHours = mode === 'favourites_first' ? (delay_hours ?? LIMITS.autoInviteDelayHoursMin) : 0;
  await tx.insert(offerAutoInvites).values({
    offerId,
    mode,
    delayHours,
    widensAt: new Date(now.getTime() + delayHours * 60 * 60 * 1000),
    createdAt: now,
  });
}

export async function publishOffer(db: TDb, ownerId: number, input: TOfferPayload, now: Date): Promise<TOffer> {
  refuseClosed(input, now);
  const { id } = await asOwner(db, ownerId, async (tx) => {
    await refuseOverOpenLimit(tx, ownerId, now);
    // An owner not verified yet writes offers that wait for the approval (decision 049).
    const publishedAt = (await ownerIsVerified(tx, ownerId)) ? undefined : null;
    const created = await insertOffer(tx, { ownerId, ...toColumns(input), publishedAt });
    if (input.auto_invite) await planAutoInvites(tx, created.id, input.auto_invite, now);
    return created;
  });
  return getOwnerOffer(db, ownerId, id);
}

/**
 * Replaces the fields of the owner's own offer; 404 for a missing offer or someone else's. Fewer positions than
 * accepted applications makes it filled, and the applications still waiting are answered.
 */
export async function editOffer(
  db: TDb,
  notifier: TNotifier,
  ownerId: number,
  offerId: number,
  input: TOfferPayload,
  now: Date,
): Promise<TOffer> {
  refuseClosed(input, now);
  await asOwner(db, ownerId, async (tx) => {
    // Reopening a closed offer (a later end date) counts like publishing one.
    await refuseOverOpenLimit(tx, ownerId, now, offerId);
    const [updated] = await tx
      .update(offers)
      .set({ ...toColumns(input), updatedAt: now })
      .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
      .returning({ acceptedCount: offers.acceptedCount, positions: offers.positions });
    if (!updated) throw notFound();
    if (updated.acceptedCount >= updated.positions) await answerWaitingApplications(tx, notifier, offerId, 'filled', now);
  });
  return getOwnerOffer(db, ownerId, offerId);
}

/** The owner's own offer, locked for a change of its state until the transaction ends; 404 for anyone else's. */
async function lockOwnerOffer(db: TDb, ownerId: number, offerId: number) {
  const [offer] = await db
    .select({ id: offers.id, dateTo: offers.dateTo, closedAt: offers.closedAt, hiddenAt: offers.hiddenAt })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
    .for('update');
  if (!offer) throw notFound();
  return offer;
}

/**
 * Deletes the owner's own offer and (ON DELETE CASCADE) its applications; 404 for a missing offer or someone else's.
 * Every applicant still waiting or accepted is told first, in the same transaction.
 */
export async function deleteOffer(db: TDb, notifier: TNotifier, ownerId: number, offerId: number, now: Date): Promise<void> {
  await writeTransaction(db, async (tx) => {
    await lockOwnerOffer(tx, ownerId, offerId);
    const told = await applicantsOf(tx, offerId, ['sent', 'seen', 'accepted']);
    for (const applicant of told) {
      // An accepted shift leaves the pharmacist's calendar with the offer (decision 052): the deletion writes no step
      // of history, so the cancellation's SEQUENCE is one past the last step's.
      const invitation =
        applicant.status === 'accepted'
          ? await shiftInvitation(tx, notifier, applicant.applicationId, { method: 'CANCEL', afterLastStep: true, now })
          : null;
      await notifier.notify(tx, {
        userId: applicant.farmacistaId,
        type: 'offer_deleted',
        ...NOTIFICATION_TEXT.offer_deleted(applicant.pharmacy, applicant.title),
        link: '/mie_candidature',
        message: MESSAGES.autoRejectDeleted,
        ics: invitation?.ics ?? null,
      });
    }
    await tx.delete(offers).where(eq(offers.id, offerId));
  });
}

/** The owner closes an offer: it takes no more applications, and those still waiting are answered. 409 when already closed. */
export async function closeOffer(db: TDb, notifier: TNotifier, ownerId: number, offerId: number, now: Date): Promise<TMyOffer> {
  await writeTransaction(db, async (tx) => {
    const offer = await lockOwnerOffer(tx, ownerId, offerId);
    if (offer.closedAt) throw conflict(MESSAGES.offerAlreadyClosed, 'offer_already_closed');
    await tx.update(offers).set({ closedAt: now, updatedAt: now }).where(eq(offers.id, offerId));
    await answerWaitingApplications(tx, notifier, offerId, 'closed', now);
  });
  return ownOffer(db, ownerId, offerId, now);
}

/**
 * An admin closes offers after a report or a suspension (decision 062): each one not closed yet is closed and its
 * waiting applicants answered as when its owner closes it; `hide` also marks them hidden, so the owner cannot reopen
 * them. The caller holds the offers' locks (lockOffers, after the user's row when it takes one). Returns the offers closed.
 */
export async function closeOffersByAdmin(
  db: TDb,
  notifier: TNotifier,
  offerIds: number[],
  { hide }: { hide: boolean },
  now: Date,
): Promise<number> {
  if (!offerIds.length) return 0;
  if (hide)
    await db
      .update(offers)
      .set({ hiddenAt: now, updatedAt: now })
      .where(and(inArray(offers.id, offerIds), isNull(offers.hiddenAt)));
  const closed = await db
    .update(offers)
    .set({ closedAt: now, updatedAt: now })
    .where(and(inArray(offers.id, offerIds), isNull(offers.closedAt)))
    .returning({ id: offers.id });
  for (const { id } of closed.sort((a, b) => a.id - b.id)) await answerWaitingApplications(db, notifier, id, 'closed', now);
  return closed.length;
}

/**
 * The owner reopens a closed offer while its dates have not passed (409 otherwise). Reopening counts like publishing,
 * so it runs as the owner (their row locked, then the offer), and two reopens at once cannot both pass the cap.
 */
export async function reopenOffer(db: TDb, ownerId: number, offerId: number, now: Date): Promise<TMyOffer> {
  await asOwner(db, ownerId, async (tx) => {
    const offer = await lockOwnerOffer(tx, ownerId, offerId);
    if (!offer.closedAt) throw conflict(MESSAGES.offerNotClosed, 'offer_not_closed');
    if (offer.hiddenAt) throw conflict(MESSAGES.offerHiddenCannotReopen, 'offer_hidden');
    if (!isOfferOpen(offer.dateTo, todayInItaly(now))) throw conflict(MESSAGES.offerCannotReopenExpired, 'offer_expired');
    await refuseOverOpenLimit(tx, ownerId, now, offerId);
    await tx.update(offers).set({ closedAt: null, updatedAt: now }).where(eq(offers.id, offerId));
  });
  return ownOffer(db, ownerId, offerId, now);
}

async function ownOffer(db: TDb, ownerId: number, offerId: number, now: Date): Promise<TMyOffer> {
  const [offer] = await listOwnerOffers(db, ownerId, now, offerId);
  if (!offer) throw notFound();
  return offer;
}

/** An offer's public columns: as shown, with its status today and its province and region. */
const publicOfferColumns = (now: Date) => ({
  ...shownOfferColumns,
  owner_id: offers.ownerId,
  status: offerStatusSql(todayInItaly(now)),
  provincia: offers.province,
  region: offers.region,
});

/** The offer, published: one waiting for its owner's approval is as good as missing (decision 049). */
const publishedOffer = (offerId: number) => and(eq(offers.id, offerId), isNotNull(offers.publishedAt));

/** 404 for a missing (or unpublished) offer, 410 for one no longer open, else the offer placed on the map. */
function openPublicOffer<T extends TOffer & { status: TOfferStatus }>(row: T | undefined): T {
  if (!row) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
  if (row.status !== 'open') throw gone(MESSAGES.offerNoLongerOpen, 'offer_not_open');
  return toShownOffer(row);
}

/** GET /api/offers/{id}/ without login: an open offer as anyone may see it; 404 missing or not published, 410 no longer open. */
export async function getPublicOffer(db: TDb, offerId: number, now: Date): Promise<Omit<TPublicOffer, 'url'>> {
  const [row] = await db
    .select(publicOfferColumns(now))
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(publishedOffer(offerId));
  const { owner_id, ...offer } = openPublicOffer(row);
  return { ...offer, pharmacy_rating: await ratingSummary(db, owner_id) };
}

/** An open offer as its page's JobPosting tells it (decision 055): the public offer, when it was published and where. */
export type TOfferPosting = Omit<TPublicOffer, 'url'> & {
  /** When it was published (approved, for an owner who waited); when it was written for an offer older than that column. */
  posted_at: Date;
  /** The pharmacy's street address as its profile has it (the registry's, for a registry pharmacy). */
  street_address: string;
  /** The registry's CAP of the pharmacy, else its comune's when the comune has only one; null when neither says. */
  postal_code: string | null;
};

/** The page /offerte/{id}: an open offer with what its JobPosting needs; 404 and 410 as getPublicOffer. */
export async function getOfferPosting(db: TDb, offerId: number, now: Date): Promise<TOfferPosting> {
  const [row] = await db
    .select({
      ...publicOfferColumns(now),
      published_at: offers.publishedAt,
      created_at: offers.createdAt,
      street_address: profiles.indirizzoFarmacia,
      registry_cap: pharmacies.cap,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .leftJoin(pharmacies, eq(pharmacies.codFarmacia, profiles.codFarmacia))
    .where(publishedOffer(offerId));
  const { published_at, created_at, registry_cap, owner_id, ...offer } = openPublicOffer(row);
  const comuneCaps = findComune(offer.comune_farmacia, offer.provincia || undefined)?.cap ?? '';
  return {
    ...offer,
    pharmacy_rating: await ratingSummary(db, owner_id),
    posted_at: published_at ?? created_at,
    postal_code: registry_cap || (/^\d{5}$/.test(comuneCaps) ? comuneCaps : null),
  };
}
