/** Offers' data: what is stored and how it is shown, and the one rule that says whether an offer is still open. */
import {
  LIMITS,
  MESSAGES,
  msUntilEndOfItalianDay,
  type TMyOffer,
  type TOffer,
  type TOfferPayload,
  todayInItaly,
} from '@farmaponte/shared';
import { and, count, desc, eq, gte, isNull, min, ne, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, users } from '../../db/schema';
import { badRequest, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { pharmacyPosition } from '../geo';

/** The rule "an offer is open": it has no end date, or its end date is today or later on the Italian calendar (DESIGN §5). */
export function isOfferOpen(dateTo: string | null, today: string): boolean {
  return dateTo == null || dateTo >= today;
}

/** isOfferOpen as a condition on the offers table, for what runs in the database: lists, flags, counts, the apply check. */
export function openOfferCondition(today: string): SQL {
  return or(isNull(offers.dateTo), gte(offers.dateTo, today)) as SQL;
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
  ownerLat: profiles.lat,
  ownerLng: profiles.lng,
};

type TShownOfferRow = { ownerLat: number | null; ownerLng: number | null } & Omit<TOffer, 'lat' | 'lng'>;

/** A row selected with shownOfferColumns, placed where its pharmacy is on the map. */
export function toShownOffer<T extends TShownOfferRow>(
  row: T,
): Omit<T, 'ownerLat' | 'ownerLng'> & { lat: number | null; lng: number | null } {
  const { ownerLat, ownerLng, ...offer } = row;
  const { lat, lng } = pharmacyPosition({ lat: ownerLat, lng: ownerLng, comune: offer.comune_farmacia });
  return { ...offer, lat, lng };
}

export async function listOpenOffers(db: TDb, now: Date): Promise<TOffer[]> {
  const rows = await db
    .select(shownOfferColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(openOfferCondition(todayInItaly(now)))
    .orderBy(sql`${offers.dateFrom} asc nulls last`, desc(offers.id));
  return rows.map(toShownOffer);
}

export async function listOwnerOffers(db: TDb, ownerId: number, now: Date): Promise<TMyOffer[]> {
  const rows = await db
    .select({
      ...shownOfferColumns,
      created_at: offers.createdAt,
      // Counted per offer through the (offer_id, farmacista_id) index, never over the whole table.
      applications_count: sql<number>`(select count(*) from ${applications} where ${applications.offerId} = ${offers.id})`,
      is_open: sql<boolean>`${openOfferCondition(todayInItaly(now))}`,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(offers.ownerId, ownerId))
    .orderBy(desc(offers.createdAt), desc(offers.id));
  return rows.map((row) => ({
    ...toShownOffer(row),
    created_at: row.created_at.toISOString(),
    applications_count: Number(row.applications_count ?? 0),
    is_open: Boolean(row.is_open),
  }));
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
export async function getOfferStatus(db: TDb, offerId: number, now: Date): Promise<'open' | 'closed' | 'missing'> {
  const [row] = await db
    .select({ open: sql<boolean>`${openOfferCondition(todayInItaly(now))}` })
    .from(offers)
    .where(eq(offers.id, offerId));
  if (!row) return 'missing';
  return row.open ? 'open' : 'closed';
}

/** Stores an offer as given, without the publishing checks (the factories use it to build closed offers too). */
export async function insertOffer(db: TDb, values: typeof offers.$inferInsert): Promise<{ id: number }> {
  const [created] = await db.insert(offers).values(values).returning({ id: offers.id });
  if (!created) throw new Error('insert returned no row');
  return created;
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
    .where(and(eq(offers.ownerId, ownerId), openOfferCondition(todayInItaly(now)), offerId ? ne(offers.id, offerId) : undefined));
  if (Number(row?.open ?? 0) < LIMITS.openOffersPerOwner) return;
  const retryAfterMs = row?.firstEnd ? msUntilEndOfItalianDay(row.firstEnd, now) : 24 * 60 * 60 * 1000;
  throw tooManyRequests(retryAfterMs, MESSAGES.openOffersLimit, 'open_offers_limit');
}

const toColumns = ({ title, description, salary, date_from, date_to }: TOfferPayload) => ({
  title,
  description,
  salary,
  dateFrom: date_from,
  dateTo: date_to,
});

/**
 * Runs an owner's write that may open an offer with the owner's row locked, so one owner's writes go one at a time
 * and the open-offer cap holds under concurrent publishes. An account deletion locks the same row before it
 * cascades, so the two wait for each other instead of deadlocking, and an owner deleted meanwhile gets 401.
 */
function asOwner<T>(db: TDb, ownerId: number, write: (tx: TDb) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, ownerId)).for('no key update');
    if (!owner) throw unauthorized();
    return write(tx as unknown as TDb);
  });
}

export async function publishOffer(db: TDb, ownerId: number, input: TOfferPayload, now: Date): Promise<TOffer> {
  refuseClosed(input, now);
  const { id } = await asOwner(db, ownerId, async (tx) => {
    await refuseOverOpenLimit(tx, ownerId, now);
    return insertOffer(tx, { ownerId, ...toColumns(input) });
  });
  return getOwnerOffer(db, ownerId, id);
}

/** Replaces the fields of the owner's own offer; 404 for a missing offer or someone else's. */
export async function editOffer(db: TDb, ownerId: number, offerId: number, input: TOfferPayload, now: Date): Promise<TOffer> {
  refuseClosed(input, now);
  await asOwner(db, ownerId, async (tx) => {
    // Reopening a closed offer (a later end date) counts like publishing one.
    await refuseOverOpenLimit(tx, ownerId, now, offerId);
    const updated = await tx
      .update(offers)
      .set({ ...toColumns(input), updatedAt: now })
      .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
      .returning({ id: offers.id });
    if (!updated.length) throw notFound();
  });
  return getOwnerOffer(db, ownerId, offerId);
}

/** Deletes the owner's own offer and (ON DELETE CASCADE) its applications; 404 for a missing offer or someone else's. */
export async function deleteOffer(db: TDb, ownerId: number, offerId: number): Promise<void> {
  const deleted = await db
    .delete(offers)
    .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
    .returning({ id: offers.id });
  if (!deleted.length) throw notFound();
}
