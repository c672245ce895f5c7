/** Offers as stored and as shown: position from the owner's coordinates, else the centroid of the pharmacy's comune. */
import { type TMyOffer, type TOffer, todayInItaly } from '@farmaponte/shared';
import { and, desc, eq, gte, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles } from '../../db/schema';
import { findComune } from '../geo/comuni';

/** The columns of an offer as shown (with its pharmacy), for a select joined on profiles of the owner. */
export const offerColumns = {
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

type TOfferRow = { ownerLat: number | null; ownerLng: number | null } & Omit<TOffer, 'lat' | 'lng'>;

export function withPosition<T extends TOfferRow>(
  row: T,
): Omit<T, 'ownerLat' | 'ownerLng'> & { lat: number | null; lng: number | null } {
  const { ownerLat, ownerLng, ...offer } = row;
  if (ownerLat != null && ownerLng != null) return { ...offer, lat: ownerLat, lng: ownerLng };
  const comune = offer.comune_farmacia ? findComune(offer.comune_farmacia) : undefined;
  return { ...offer, lat: comune?.lat ?? null, lng: comune?.lng ?? null };
}

/** Still open: no end date, or an end date from today on (Italian calendar). */
export const isOpen = (today: string): SQL => or(isNull(offers.dateTo), gte(offers.dateTo, today)) as SQL;

export async function listOpenOffers(db: TDb, now: Date): Promise<TOffer[]> {
  const rows = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(isOpen(todayInItaly(now)))
    .orderBy(sql`${offers.dateFrom} asc nulls last`, desc(offers.id));
  return rows.map(withPosition);
}

export async function listOwnerOffers(db: TDb, ownerId: number, now: Date): Promise<TMyOffer[]> {
  const today = todayInItaly(now);
  const rows = await db
    .select({
      ...offerColumns,
      created_at: offers.createdAt,
      // Counted per offer through the (offer_id, farmacista_id) index, never over the whole table.
      applications_count: sql<number>`(select count(*) from ${applications} where ${applications.offerId} = ${offers.id})`,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(offers.ownerId, ownerId))
    .orderBy(desc(offers.createdAt), desc(offers.id));
  return rows.map((row) => ({
    ...withPosition(row),
    created_at: row.created_at.toISOString(),
    applications_count: Number(row.applications_count ?? 0),
    is_open: row.date_to == null || row.date_to >= today,
  }));
}

export async function getOwnerOffer(db: TDb, ownerId: number, offerId: number): Promise<TOffer | undefined> {
  const [row] = await db
    .select(offerColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)));
  return row ? withPosition(row) : undefined;
}
