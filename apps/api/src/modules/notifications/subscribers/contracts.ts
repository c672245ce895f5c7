/**
 * Who a contract tells (decision 093): the pharmacist of a version to confirm (the first, at the acceptance) or of a new
 * one (a change), and both sides once both have confirmed. In the event's transaction.
 */
import { NOTIFICATION_TEXT } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { contracts } from '../../../db/schema';
import type { TEventOf } from '../../../lib/domain-events';
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';
import { ownerApplications, PHARMACIST_APPLICATIONS, partiesOf } from './parties';

async function contractWritten(db: TDb, notifier: TNotifier, event: TEventOf<'contract.written'>) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  await notifier.notify(db, {
    userId: event.pharmacistId,
    ...(event.version === 1
      ? { type: 'contract_to_confirm', ...NOTIFICATION_TEXT.contract_to_confirm(parties.pharmacy, parties.title) }
      : { type: 'contract_updated', ...NOTIFICATION_TEXT.contract_updated(parties.pharmacy, parties.title, event.version) }),
    link: PHARMACIST_APPLICATIONS,
  });
}

async function contractConfirmed(db: TDb, notifier: TNotifier, event: TEventOf<'contract.confirmed'>) {
  const [contract] = await db
    .select({ offerId: contracts.offerId, terms: contracts.terms })
    .from(contracts)
    .where(eq(contracts.id, event.contractId));
  if (!contract) return;
  const title = (contract.terms as { shift: { title: string } }).shift.title;
  const text = NOTIFICATION_TEXT.contract_confirmed(title, event.version);
  if (event.pharmacistId !== null)
    await notifier.notify(db, { userId: event.pharmacistId, type: 'contract_confirmed', ...text, link: PHARMACIST_APPLICATIONS });
  if (event.ownerId !== null)
    await notifier.notify(db, {
      userId: event.ownerId,
      type: 'contract_confirmed',
      ...text,
      link: contract.offerId === null ? '/candidature' : ownerApplications(contract.offerId),
    });
}

export function tellOfContracts(bus: TEventBus, notifier: TNotifier) {
  bus.inTransaction(['contract.written'], (db, event) => contractWritten(db, notifier, event));
  bus.inTransaction(['contract.confirmed'], (db, event) => contractConfirmed(db, notifier, event));
}
