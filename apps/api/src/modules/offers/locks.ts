/** The offers' locks (step 2 of the lock order, docs/architecture.md): several at once in id order, or an account's. */

import { eq, inArray, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers } from '../../db/schema';

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
