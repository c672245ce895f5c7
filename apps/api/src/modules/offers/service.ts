/** Offers' reads: the open list, an owner's list, one offer as its owner, anyone or its page sees it. */

import { MESSAGES, type TMyOffer, type TOffer, type TOfferStatus, type TPublicOffer, todayInItaly } from '@farmaponte/shared';
import { and, desc, eq, isNotNull, type Placeholder, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, pharmacies, profiles, urgentAlerts } from '../../db/schema';
import { gone, notFound } from '../../lib/errors';
import { preparedRows } from '../../lib/prepared-rows';
import { findComune } from '../geo';
import { ratingSummary } from '../ratings';

import { isUrgentNow, offerStatusSql, openOfferCondition, shownOfferColumns, toShownOffer } from './status';
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
 * The query of these pharmacies' offers (one pharmacy's, or a group's with `X-Farmacia: tutte`; or one offer) with
 * their application counts, as listOwnerOffers runs it; public (index.ts) so that the strict floor runs the very same
 * SQL. Values or `sql.placeholder()`s: listOwnerOffers builds it once with placeholders and runs it as a prepared
 * statement, the pharmacies one array parameter, so one text serves any number of them (decision 092).
 */
export function ownerOffersQuery(
  db: TDb,
  pharmacyIds: number[] | Placeholder,
  today: string | Placeholder,
  offerId?: number,
  seriesId?: string,
) {
  return db
    .select({
      ...shownOfferColumns,
      owner_id: offers.ownerId,
      created_at: offers.createdAt,
      // Counted per offer through the (offer_id, farmacista_id) index, never over the whole table.
      applications_count: sql<number>`(select count(*) from ${applications} where ${applications.offerId} = ${offers.id})`,
      accepted_count: offers.acceptedCount,
      status: offerStatusSql(today),
      series_id: offers.seriesId,
      // Urgent shifts (decision 096): when marked, and how many pharmacists were told, through the (offer_id, …) key.
      urgent_at: offers.urgentAt,
      urgent_reached: sql<number>`(select count(*) from ${urgentAlerts} where ${urgentAlerts.offerId} = ${offers.id})`,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(
      and(
        sql`${offers.ownerId} = any(${sql.param(pharmacyIds)})`,
        offerId ? eq(offers.id, offerId) : undefined,
        seriesId ? eq(offers.seriesId, seriesId) : undefined,
      ),
    )
    .orderBy(desc(offers.createdAt), desc(offers.id));
}

/**
 * The offers of these pharmacies (one, or a group's), newest first, each with its pharmacy (decision 092); or one of
 * them (`offerId`), or those of one series (`seriesId`, decision 090).
 */
export async function listOwnerOffers(
  db: TDb,
  pharmacyIds: number[],
  now: Date,
  offerId?: number,
  seriesId?: string,
): Promise<TMyOffer[]> {
  const today = todayInItaly(now);
  const rows =
    offerId === undefined && seriesId === undefined
      ? await preparedRows(
          db,
          'owner_offers',
          () => ownerOffersQuery(db, sql.placeholder('pharmacyIds'), sql.placeholder('today')),
          { pharmacyIds, today },
        )
      : // One offer or one series after a change: a rare call, plain Drizzle.
        await ownerOffersQuery(db, pharmacyIds, today, offerId, seriesId);
  // Each row is changed into the offer it shows, in place (see toShownOffer); owner_id is not declared, so not written.
  const shown = rows as unknown as TMyOffer[];
  for (const row of rows) {
    const offer = toShownOffer(row as unknown as TMyOffer);
    offer.created_at = row.created_at.toISOString();
    offer.applications_count = Number(row.applications_count ?? 0);
    offer.is_open = row.status === 'open';
    offer.urgent = isUrgentNow({ urgentAt: row.urgent_at, dateFrom: row.date_from, startTime: row.start_time }, now);
    offer.urgent_reached = Number(row.urgent_reached ?? 0);
    offer.pharmacy = { id: row.owner_id, name: row.denominazione_farmacia };
  }
  return shown;
}

export async function getOwnerOffer(db: TDb, ownerId: number, offerId: number): Promise<TOffer> {
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
export async function ownOffer(db: TDb, ownerId: number, offerId: number, now: Date): Promise<TMyOffer> {
  const [offer] = await listOwnerOffers(db, [ownerId], now, offerId);
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
