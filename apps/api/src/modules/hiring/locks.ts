/**
 * The locks of the hiring loop, taken in the lock order (docs/architecture.md): the pharmacist's user row first (an
 * acceptance takes it exclusively, an application shares it), then the offers in id order, then the applications.
 */
import { and, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { lockOffers } from '../offers';
import { overlappingWaitingApplications } from './double-booking';

/** Step 1 of the lock order for an acceptance: the pharmacist's user row, so their acceptances go one at a time. */
export async function lockPharmacist(db: TDb, farmacistaId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, farmacistaId)).for('no key update');
  return row !== undefined;
}

/**
 * Step 1 of the lock order for an application: the pharmacist's user row, shared (her applications go side by side,
 * but wait for an acceptance of hers, which takes it exclusively): an application for hours she is being booked for
 * either sees the booking and is refused, or is seen and withdrawn by it.
 */
export async function shareLockPharmacist(db: TDb, farmacistaId: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, farmacistaId)).for('share');
  return row !== undefined;
}

/**
 * The offers an acceptance of this pharmacist for this offer locks, in id order (the lock order): the offer, and those
 * of her applications waiting for the same hours, which the acceptance withdraws. The caller holds her user row, so
 * no new application of hers can join them meanwhile.
 */
export async function offersOfAcceptance(tx: TDb, farmacistaId: number, offerId: number): Promise<number[]> {
  const overlapping = await overlappingWaitingApplications(tx, farmacistaId, offerId);
  return [offerId, ...overlapping.map((row) => row.offerId)];
}

/**
 * An application locked for a change, with its offer's counts; 404 unless `who` names its owner or its applicant.
 * Its offer is locked first, then the application (the lock order, docs/architecture.md): the decision that fills the
 * offer answers the offer's other applications, so a write that held an application while waiting for its offer would
 * deadlock with it. An acceptance (`applicant: true`) takes the applicant's user row before the offer, so that one
 * pharmacist's acceptances go one at a time and the double-booking check sees the last one (decision 071).
 * The counts are read after the offer's lock, so they are the last committed ones.
 */
export async function lockApplication(
  db: TDb,
  applicationId: number,
  who: { ownerId: number } | { farmacistaId: number },
  { applicant = false }: { applicant?: boolean } = {},
) {
  const whose = and(
    eq(applications.id, applicationId),
    'ownerId' in who ? eq(offers.ownerId, who.ownerId) : eq(applications.farmacistaId, who.farmacistaId),
  );
  const [found] = await db
    .select({ offerId: applications.offerId, farmacistaId: applications.farmacistaId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose);
  // Someone else's application is as good as missing: its existence is not revealed.
  if (!found) throw notFound();
  if (applicant) await lockPharmacist(db, found.farmacistaId);
  // An acceptance also withdraws her waiting applications for the same hours: their offers are locked with this one.
  await lockOffers(db, applicant ? await offersOfAcceptance(db, found.farmacistaId, found.offerId) : [found.offerId]);
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      offerId: applications.offerId,
      farmacistaId: applications.farmacistaId,
      acceptedCount: offers.acceptedCount,
      positions: offers.positions,
      dateTo: offers.dateTo,
      dateFrom: offers.dateFrom,
      startTime: offers.startTime,
      endTime: offers.endTime,
      title: offers.title,
      ownerId: offers.ownerId,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose)
    .for('update', { of: applications });
  // The offer was deleted (with its applications) while this request waited for it.
  if (!row) throw notFound();
  return row;
}
