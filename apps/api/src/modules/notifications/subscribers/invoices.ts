/**
 * Who an invoice tells (decision 095): each pharmacy whose shifts it bills when she issues it and when it falls overdue
 * unpaid (its staff by mail, as any pharmacy's mail), and her when the pharmacy marks it paid. In the event's
 * transaction, worded from what the event carries.
 */
import { formatAmount, formatDate, NOTIFICATION_TEXT } from '@farmaponte/shared';
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';

/** The owner's page of received invoices, and hers. */
const RECEIVED_INVOICES = '/fatture_ricevute';
const MY_INVOICES = '/fatture';

export function tellOfInvoices(bus: TEventBus, notifier: TNotifier) {
  bus.inTransaction(['invoice.issued'], async (db, event) => {
    for (const pharmacyId of event.pharmacyIds)
      await notifier.notify(db, {
        userId: pharmacyId,
        type: 'invoice_issued',
        ...NOTIFICATION_TEXT.invoice_issued(
          event.pharmacist,
          event.number,
          formatAmount(event.amountDue),
          formatDate(event.dueOn),
        ),
        link: RECEIVED_INVOICES,
      });
  });
  bus.inTransaction(['invoice.paid'], (db, event) =>
    notifier.notify(db, {
      userId: event.pharmacistId,
      type: 'invoice_paid',
      ...NOTIFICATION_TEXT.invoice_paid(event.pharmacy, event.number),
      link: MY_INVOICES,
    }),
  );
  bus.inTransaction(['invoice.overdue'], async (db, event) => {
    for (const pharmacyId of event.pharmacyIds)
      await notifier.notify(db, {
        userId: pharmacyId,
        type: 'invoice_overdue',
        ...NOTIFICATION_TEXT.invoice_overdue(event.pharmacist, event.number, formatDate(event.dueOn)),
        link: RECEIVED_INVOICES,
      });
  });
}
