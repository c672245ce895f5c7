/**
 * Saved searches ('Avvisami', decision 026) and their alerts: a pharmacist keeps up to LIMITS.savedSearchesPerUser
 * searches; the open offers that start matching one after it was saved reach them as one notification per period
 * (immediate: each round of the sender; daily: once a day from LIMITS.alertDailyHourItaly), by e-mail too with
 * communicationConsent, and no offer is announced twice for the same search.
 */
import {
  describeOffer,
  LIMITS,
  MESSAGES,
  romeHour,
  type TOfferFilters,
  type TSavedSearch,
  type TSavedSearchPayload,
  type TSavedSearchSuggestion,
  todayInItaly,
  ZOfferFiltersSchema,
} from '@farmaponte/shared';
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offers, profiles, savedSearches, savedSearchSentOffers, users } from '../../db/schema';
import { conflict, notFound, unauthorized } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { offerFilterConditions, searchPoint, shownOfferColumns } from '../offers';

type TSavedSearchRow = typeof savedSearches.$inferSelect;

function toSavedSearch(row: TSavedSearchRow): TSavedSearch {
  return {
    id: row.id,
    name: row.name,
    filters: readFilters(row),
    frequency: row.frequency,
    created_at: row.createdAt.toISOString(),
  };
}

/** A stored search's filters, read again through the shared schema (a row written by an older version stays safe). */
function readFilters(row: Pick<TSavedSearchRow, 'filters'>): TOfferFilters {
  const parsed = ZOfferFiltersSchema.safeParse(row.filters);
  return parsed.success ? parsed.data : {};
}

export async function listSavedSearches(db: TDb, userId: number): Promise<TSavedSearch[]> {
  const rows = await db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(asc(savedSearches.id));
  return rows.map(toSavedSearch);
}

/**
 * Saves a search; 409 past LIMITS.savedSearchesPerUser, 400 when `near` names no comune. The user's row is locked so
 * two saves at once cannot both pass the limit; a write on two tables, so in writeTransaction (the lock order).
 */
export async function createSavedSearch(db: TDb, userId: number, input: TSavedSearchPayload, now: Date): Promise<TSavedSearch> {
  searchPoint(input.filters, 'filters.near');
  return writeTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw unauthorized();
    const [row] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId));
    if (Number(row?.n ?? 0) >= LIMITS.savedSearchesPerUser) throw conflict(MESSAGES.savedSearchLimit, 'saved_search_limit');
    const [created] = await tx
      .insert(savedSearches)
      .values({ userId, name: input.name, filters: input.filters, frequency: input.frequency, createdAt: now })
      .returning();
    if (!created) throw new Error('insert returned no row');
    return toSavedSearch(created);
  });
}

/** Deletes one's own saved search; anyone else's is as good as missing (404). */
export async function deleteSavedSearch(db: TDb, userId: number, id: number): Promise<void> {
  const deleted = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (!deleted.length) throw notFound();
}

/** The registration's preferred region as a first saved search, while the pharmacist has saved none. */
export async function suggestSavedSearch(db: TDb, userId: number): Promise<TSavedSearchSuggestion> {
  const [row] = await db
    .select({
      region: profiles.preferredRegion,
      saved: sql<number>`(select count(*) from ${savedSearches} where ${savedSearches.userId} = ${userId})`,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!row?.region || Number(row.saved) > 0) return { suggestion: null };
  return { suggestion: { name: `Offerte in ${row.region}`, filters: { region: row.region }, frequency: 'daily' } };
}

/** The key of the alert job's advisory lock (alert-sender.ts), the same in every instance. */
export const ALERT_LOCK_KEY = 1_100_011;

/**
 * One round of alerts: every immediate search, and the daily ones not yet run today once the Italian clock has passed
 * LIMITS.alertDailyHourItaly, in one transaction. One round at a time across instances is the job runner's part (the
 * `offer-alerts` job is exclusive: an advisory lock on ALERT_LOCK_KEY); the table of offers already sent would keep a
 * second round from repeating any anyway. Answers how many searches were due and how many alerts went out.
 */
export async function runAlertRound(
  db: TDb,
  events: TEvents,
  now: Date,
  pageUrl: (link: string) => string,
  signal?: AbortSignal,
) {
  // writeTransaction, so the alerts' notifications reach the bells live once the round commits (decision 072).
  return writeTransaction(db, async (tx) => {
    const today = todayInItaly(now);
    const dailyDue = romeHour(now) >= LIMITS.alertDailyHourItaly;
    const due = await tx
      .select()
      .from(savedSearches)
      .where(
        or(
          eq(savedSearches.frequency, 'immediate'),
          dailyDue
            ? and(
                eq(savedSearches.frequency, 'daily'),
                or(
                  isNull(savedSearches.lastRunAt),
                  sql`(${savedSearches.lastRunAt} at time zone 'Europe/Rome')::date < ${today}::date`,
                ),
              )
            : sql`false`,
        ),
      )
      .orderBy(asc(savedSearches.id));
    let alerts = 0;
    for (const search of due) {
      // The shutdown (docs/decisions/042): the round is one transaction, rolled back whole, and the next round (here or
      // in another instance, within a minute) finds the same new offers.
      signal?.throwIfAborted();
      if (await alertOne(tx as TDb, events, search, now, pageUrl)) alerts++;
    }
    return { searches: due.length, alerts };
  });
}

/** The new offers of one saved search, as one notification (and e-mail with consent); remembers them as sent. */
async function alertOne(
  db: TDb,
  events: TEvents,
  search: TSavedSearchRow,
  now: Date,
  pageUrl: (link: string) => string,
): Promise<boolean> {
  const filters = readFilters(search);
  let point: { lat: number; lng: number } | undefined;
  try {
    point = searchPoint(filters);
  } catch {
    // A comune that the data no longer has: the search matches nothing rather than stopping the round.
    return false;
  }
  const found = await db
    .select({ ...shownOfferColumns })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(
      and(
        offerFilterConditions(filters, point, todayInItaly(now)),
        // Published after the search was saved: an offer written while its owner waited counts from its approval.
        gt(offers.publishedAt, search.createdAt),
        sql`not exists (select 1 from ${savedSearchSentOffers} where ${savedSearchSentOffers.savedSearchId} = ${search.id} and ${savedSearchSentOffers.offerId} = ${offers.id})`,
      ),
    )
    .orderBy(asc(offers.publishedAt), asc(offers.id))
    .limit(LIMITS.alertMaxOffers);
  await db.update(savedSearches).set({ lastRunAt: now }).where(eq(savedSearches.id, search.id));
  if (!found.length) return false;
  // The sent rows are the guard against a second sender: only the offers this insert claims are announced.
  const claimed = await db
    .insert(savedSearchSentOffers)
    .values(found.map((offer) => ({ savedSearchId: search.id, offerId: offer.id, sentAt: now })))
    .onConflictDoNothing()
    .returning({ offerId: savedSearchSentOffers.offerId });
  const claimedIds = new Set(claimed.map((row) => row.offerId));
  const fresh = found.filter((offer) => claimedIds.has(offer.id));
  if (!fresh.length) return false;
  const [owner] = await db
    .select({ consent: profiles.communicationConsent })
    .from(profiles)
    .where(eq(profiles.userId, search.userId));
  await events.record(db, {
    type: 'alert.matched',
    userId: search.userId,
    searchName: search.name,
    link: searchLink(filters),
    lines: fresh.map((offer) => `«${offer.title}» – ${describeOffer(offer)}: ${pageUrl(`/offerte/${offer.id}`)}`),
    mail: owner?.consent === true,
  });
  return true;
}

/** The web's search page with these filters in its URL. */
function searchLink(filters: TOfferFilters): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) params.set(name, String(value));
  const query = params.toString();
  return query ? `/cerca_offerte?${query}` : '/cerca_offerte';
}
