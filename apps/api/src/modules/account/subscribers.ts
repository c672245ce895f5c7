/**
 * What account does when something happens elsewhere (decision 087): leaving the alert mails withdraws the
 * communication consent (decision 066), in the unsubscribe's transaction, which holds the user's row.
 */
import type { TEventBus } from '../../lib/event-bus';
import { withdrawConsentByUnsubscribe } from './service';

export function subscribeAccount(bus: TEventBus, now: () => Date): void {
  bus.inTransaction(['mail.unsubscribed'], async (db, event) => {
    if (event.notificationType === 'offer_alert') await withdrawConsentByUnsubscribe(db, event.userId, now());
  });
}
