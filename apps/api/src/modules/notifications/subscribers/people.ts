/**
 * Who the checks of people and the rounds for them tell: a user whose verification was decided (decision 049), a
 * pharmacist whose albo entry is due again (decision 050), and the pharmacist of a saved search with new offers
 * (decision 026; by mail only while the communication consent is given), and a pharmacist whose professional insurance
 * is about to end (decision 093). In the event's transaction.
 */
import { formatDate, NOTIFICATION_TEXT } from '@farmaponte/shared';
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';

export function tellOfPeople(bus: TEventBus, notifier: TNotifier) {
  bus.inTransaction(['verification.decided'], (db, event) =>
    notifier.notify(db, {
      userId: event.userId,
      ...(event.approved
        ? { type: 'verification_approved', ...NOTIFICATION_TEXT.verification_approved(event.role, event.published) }
        : { type: 'verification_rejected', ...NOTIFICATION_TEXT.verification_rejected(event.role) }),
      link: event.role === 'titolare' ? '/mie_offerte' : '/profile',
      message: event.approved ? null : event.reason,
    }),
  );
  bus.inTransaction(['albo.recheck_due'], async (db, event) => {
    for (const userId of event.userIds)
      await notifier.notify(db, { userId, type: 'albo_recheck', ...NOTIFICATION_TEXT.albo_recheck(), link: '/profile' });
  });
  bus.inTransaction(['alert.matched'], (db, event) =>
    notifier.notify(db, {
      userId: event.userId,
      type: 'offer_alert',
      ...NOTIFICATION_TEXT.offer_alert(event.searchName, event.lines.length),
      link: event.link,
      lines: event.lines,
      email: event.mail,
    }),
  );
  bus.inTransaction(['insurance.expiring'], (db, event) =>
    notifier.notify(db, {
      userId: event.userId,
      type: 'insurance_expiring',
      ...NOTIFICATION_TEXT.insurance_expiring(event.company, formatDate(event.expiresOn)),
      link: '/fascicolo',
    }),
  );
}
