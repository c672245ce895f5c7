/**
 * Who an urgent shift tells (decision 096): each pharmacist it reached (the offer's urgent_alerts rows, written in the
 * same transaction) gets an `urgent_shift` notification through the notifier, which adds what follows a notification
 * (push, then mail); the link opens the offer's page. A page of alerts at a time, each page's notifications written in
 * a few statements (notifyMany), so a region of thousands is a few dozen statements and little memory.
 */
import { formatDate } from '@farmaponte/shared';
import { URGENT_NOTIFICATION } from '@farmaponte/shared/urgent-shifts';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { offers, profiles, urgentAlerts } from '../../../db/schema';
import type { TEventOf } from '../../../lib/domain-events';
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';

/** How many alerts are read at once. */
const ALERTS_PAGE = 500;

async function markedUrgent(db: TDb, notifier: TNotifier, event: TEventOf<'offer.marked_urgent'>) {
  const [offer] = await db
    .select({
      title: offers.title,
      dateFrom: offers.dateFrom,
      startTime: offers.startTime,
      endTime: offers.endTime,
      pharmacy: profiles.denominazioneFarmacia,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(offers.id, event.offerId));
  if (!offer) return;
  const hours = offer.startTime && offer.endTime ? `${offer.startTime}–${offer.endTime}` : null;
  const text = URGENT_NOTIFICATION(offer.pharmacy, offer.title, formatDate(offer.dateFrom), hours);
  let after = 0;
  for (;;) {
    const page = await db
      .select({ pharmacistId: urgentAlerts.pharmacistId })
      .from(urgentAlerts)
      .where(and(eq(urgentAlerts.offerId, event.offerId), gt(urgentAlerts.pharmacistId, after)))
      .orderBy(asc(urgentAlerts.pharmacistId))
      .limit(ALERTS_PAGE);
    await notifier.notifyMany(
      db,
      page.map(({ pharmacistId }) => ({
        userId: pharmacistId,
        type: 'urgent_shift',
        ...text,
        link: `/offerte/${event.offerId}`,
      })),
    );
    const last = page.at(-1);
    if (!last || page.length < ALERTS_PAGE) return;
    after = last.pharmacistId;
  }
}

export function tellOfUrgentShifts(bus: TEventBus, notifier: TNotifier) {
  bus.inTransaction(['offer.marked_urgent'], (db, event) => markedUrgent(db, notifier, event));
}
