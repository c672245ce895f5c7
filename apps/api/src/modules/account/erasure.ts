/** An account's deletion by its user and its erasure by the retention job: what goes with it, in the lock order (docs/architecture.md). */

import type { TRole } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { users } from '../../db/schema';
import { notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { releaseAcceptedPlaces } from '../hiring';
import { lockOffersOfAccount } from '../offers';

/**
 * GDPR erasure: the user row goes, and with it (ON DELETE CASCADE) profile, CV, refresh tokens (so every session
 * ends), reset tokens, offers, applications.
 */
export async function deleteAccount(db: TDb, events: TEvents, userId: number) {
  if (!(await eraseAccount(db, events, userId, async () => true))) throw notFound();
}

/** What an erasure may look at, under the lock of the user's row, before it goes ahead. */
export interface TAccountToErase {
  id: number;
  role: TRole;
  lastActiveAt: Date;
}

/**
 * The erasure of 'Elimina account', when `goAhead` agrees: it is asked inside the transaction, once the user's row is
 * locked, so nothing the user does meanwhile (a login, "keep my account") is missed. The inactivity erasure (decision
 * 068) uses it with its own check. True when the account was erased.
 */
export async function eraseAccount(
  db: TDb,
  events: TEvents,
  userId: number,
  goAhead: (tx: TDb, user: TAccountToErase) => Promise<boolean>,
): Promise<boolean> {
  const deleted = await writeTransaction(db, async (tx) => {
    // The lock order (docs/architecture.md): the user's row, then the offers the cascade reaches in id order, then
    // the cascade itself. Deleting the row at once would hold it while the cascade waits for an offer's applications,
    // and a withdrawal or a decision holding those would wait for the row to write its notification: a deadlock.
    const [user] = await tx
      .select({ id: users.id, role: users.role, lastActiveAt: users.lastActiveAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user || !(await goAhead(tx, user))) return [];
    await lockOffersOfAccount(tx, userId);
    // The places a deleted pharmacist was accepted for are free again (the cascade removes the applications).
    await releaseAcceptedPlaces(tx, userId);
    // Once committed, every instance ends the account's sessions and drops its offers from the open list.
    await events.record(tx, { type: 'user.erased', userId });
    return tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  });
  return deleted.length > 0;
}
