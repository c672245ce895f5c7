/**
 * Who is told what, in one place (decision 087): each event the features record is turned here into the notifications
 * (the bell) and mails (the outbox) it owes, in the event's transaction, so a change and what it tells are committed
 * together. The features record what happened; none of them notifies anyone by hand.
 */
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';
import { tellOfAfterTheShift } from './after-the-shift';
import { tellOfContracts } from './contracts';
import { tellOfFindingEachOther } from './find-each-other';
import { tellOfHiring } from './hiring';
import { tellOfInvoices } from './invoices';
import { tellOfNegotiation } from './negotiation';
import { tellOfPeople } from './people';
import { tellOfUrgentShifts } from './urgent-shifts';

export function subscribeNotifications(bus: TEventBus, notifier: TNotifier, now: () => Date): void {
  tellOfHiring(bus, notifier, now);
  tellOfFindingEachOther(bus, notifier);
  tellOfAfterTheShift(bus, notifier, now);
  tellOfPeople(bus, notifier);
  tellOfContracts(bus, notifier);
  tellOfNegotiation(bus, notifier);
  tellOfInvoices(bus, notifier);
  tellOfUrgentShifts(bus, notifier);
}
