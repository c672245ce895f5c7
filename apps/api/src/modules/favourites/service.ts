/**
 * An owner's favourite pharmacists, 'I miei farmacisti' (decision 071): someone who applied to one of the owner's
 * offers (or worked for them, which needs an application too) may be added; the list shows each one's latest
 * application to the owner's offers. Favourites are who the platform invites first for an offer that asks it to.
 */
import { INVITATION_MESSAGES, type TFavouritePharmacist, todayInItaly } from '@farmaponte/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, favouritePharmacists, offers, profiles, verifications } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { contactTermOfPerson } from '../hiring';
import { NO_RATING, NO_RECORD, ratingsAndRecords } from '../ratings';

/**
 * A pharmacist as an owner sees them before an accepted application gives more (decision 071): no phone, residence
 * nor CV. Selected with `profiles` and a left join of the pharmacist's `verifications`; invitations use it too.
 */
export const pharmacistSummaryColumns = {
  id: profiles.userId,
  name: profiles.name,
  surname: profiles.surname,
  titolo: profiles.titolo,
  albo_verified: sql<boolean>`coalesce(${verifications.status} = 'verified', false)`,
};

/**
 * An owner's favourites (or one of them), most recently added first, each with their latest application to the owner.
 * Their comune (contact data, decision 067) only while one of those applications still shows its contact data.
 */
export async function listFavourites(
  db: TDb,
  ownerId: number,
  { now, retentionDays }: { now: Date; retentionDays: number },
  pharmacistId?: number,
): Promise<TFavouritePharmacist[]> {
  const rows = await db
    .select({ pharmacist: pharmacistSummaryColumns, residence: profiles.comune, addedAt: favouritePharmacists.createdAt })
    .from(favouritePharmacists)
    .innerJoin(profiles, eq(profiles.userId, favouritePharmacists.pharmacistId))
    .leftJoin(verifications, eq(verifications.userId, favouritePharmacists.pharmacistId))
    .where(
      and(
        eq(favouritePharmacists.ownerId, ownerId),
        pharmacistId ? eq(favouritePharmacists.pharmacistId, pharmacistId) : undefined,
      ),
    )
    .orderBy(desc(favouritePharmacists.createdAt), desc(favouritePharmacists.pharmacistId));
  if (!rows.length) return [];
  // Every application of these pharmacists to the owner's offers, newest first: the latest is shown, and any of them
  // may still show the contact data.
  const dealt = await db
    .select({
      farmacistaId: applications.farmacistaId,
      offerId: offers.id,
      title: offers.title,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      submittedAt: applications.submittedAt,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        eq(offers.ownerId, ownerId),
        inArray(
          applications.farmacistaId,
          rows.map((row) => row.pharmacist.id),
        ),
      ),
    )
    .orderBy(applications.farmacistaId, desc(applications.submittedAt), desc(applications.id));
  const byPharmacist = new Map<number, typeof dealt>();
  for (const row of dealt) byPharmacist.set(row.farmacistaId, [...(byPharmacist.get(row.farmacistaId) ?? []), row]);
  const ids = rows.map((row) => row.pharmacist.id);
  const { ratings, records } = await ratingsAndRecords(db, ids, now);
  const today = todayInItaly(now);
  return rows.map((row) => {
    const theirs = byPharmacist.get(row.pharmacist.id) ?? [];
    const last = theirs[0];
    const contact = contactTermOfPerson(theirs, now, retentionDays, today);
    return {
      pharmacist: {
        ...row.pharmacist,
        comune: contact.hidden === null ? row.residence : null,
        contact_hidden: contact.hidden,
        rating: ratings.get(row.pharmacist.id) ?? NO_RATING,
        reliability: records.get(row.pharmacist.id) ?? NO_RECORD,
      },
      added_at: row.addedAt.toISOString(),
      last_application: last
        ? {
            offer_id: last.offerId,
            title: last.title,
            date_from: last.dateFrom,
            date_to: last.dateTo,
            status: last.status,
            submitted_at: last.submittedAt.toISOString(),
          }
        : null,
    };
  });
}

/**
 * Adds a pharmacist to the owner's favourites (twice is the same as once). 404 unless they applied to one of the
 * owner's offers: nobody else's existence is revealed, and an owner cannot collect pharmacists they never dealt with.
 */
export async function addFavourite(
  db: TDb,
  ownerId: number,
  pharmacistId: number,
  clock: { now: Date; retentionDays: number },
): Promise<TFavouritePharmacist> {
  const [dealt] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(eq(offers.ownerId, ownerId), eq(applications.farmacistaId, pharmacistId)))
    .limit(1);
  if (!dealt) throw notFound(INVITATION_MESSAGES.favouriteNotAllowed, 'favourite_not_allowed');
  await db.insert(favouritePharmacists).values({ ownerId, pharmacistId, createdAt: clock.now }).onConflictDoNothing();
  const [favourite] = await listFavourites(db, ownerId, clock, pharmacistId);
  // Their account was erased between the check and the read.
  if (!favourite) throw notFound(INVITATION_MESSAGES.favouriteNotAllowed, 'favourite_not_allowed');
  return favourite;
}

/** Takes a pharmacist out of the owner's favourites; 404 when they were not there. */
export async function removeFavourite(db: TDb, ownerId: number, pharmacistId: number): Promise<void> {
  const removed = await db
    .delete(favouritePharmacists)
    .where(and(eq(favouritePharmacists.ownerId, ownerId), eq(favouritePharmacists.pharmacistId, pharmacistId)))
    .returning({ id: favouritePharmacists.pharmacistId });
  if (!removed.length) throw notFound(INVITATION_MESSAGES.favouriteNotFound, 'favourite_not_found');
}

/** The ids of an owner's favourites: whom the platform invites first for an offer that asks it to. */
export async function favouriteIdsOf(db: TDb, ownerId: number): Promise<number[]> {
  const rows = await db
    .select({ id: favouritePharmacists.pharmacistId })
    .from(favouritePharmacists)
    .where(eq(favouritePharmacists.ownerId, ownerId));
  return rows.map((row) => row.id);
}
