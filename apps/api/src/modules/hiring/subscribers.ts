/**
 * What the hiring loop owes when an offer changes elsewhere (decision 087), in the offer's transaction, which holds
 * it: closed (by its owner, an admin, a suspension), its waiting applications are answered; its places lowered to
 * those taken, it is filled and they are answered too. No one waits for an answer that will never come.
 */
import { eq } from 'drizzle-orm';
import { offers } from '../../db/schema';
import type { TEventBus } from '../../lib/event-bus';
import { answerWaitingApplications } from './status';

export function subscribeHiring(bus: TEventBus, now: () => Date): void {
  bus.inTransaction(['offer.closed'], (db, event) => answerWaitingApplications(db, bus, event.offerId, 'closed', now()));
  bus.inTransaction(['offer.updated'], async (db, event) => {
    const [offer] = await db
      .select({ acceptedCount: offers.acceptedCount, positions: offers.positions })
      .from(offers)
      .where(eq(offers.id, event.offerId));
    if (offer && offer.acceptedCount >= offer.positions) await answerWaitingApplications(db, bus, event.offerId, 'filled', now());
  });
}
