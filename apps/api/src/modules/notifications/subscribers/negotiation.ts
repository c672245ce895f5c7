/**
 * Who a negotiation on the pay tells (decision 094): the pharmacy of her proposal, the pharmacist of the pharmacy's
 * answer (accepted, countered, declined), the pharmacy of her answer to its counter. In the event's transaction, with
 * the words sent with the step under the sentence of the mail.
 */
import { MAIL_TEXT, NOTIFICATION_TEXT } from '@farmaponte/shared';
import type { TDb } from '../../../db/client';
import type { TEventOf } from '../../../lib/domain-events';
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';
import { ownerApplications, PHARMACIST_APPLICATIONS, partiesOf } from './parties';

async function proposalMade(db: TDb, notifier: TNotifier, event: TEventOf<'proposal.made'>) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  await notifier.notify(db, {
    userId: parties.ownerId,
    type: 'proposal_received',
    ...NOTIFICATION_TEXT.proposal_received(parties.applicant, parties.title),
    link: ownerApplications(parties.offerId),
    message: event.reason,
    messageLabel: MAIL_TEXT.pharmacistMessage,
  });
}

async function proposalDecided(db: TDb, notifier: TNotifier, event: TEventOf<'proposal.decided'>) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  await notifier.notify(db, {
    userId: parties.pharmacistId,
    type: 'proposal_decided',
    ...NOTIFICATION_TEXT.proposal_decided(parties.pharmacy, parties.title, event.decision),
    link: PHARMACIST_APPLICATIONS,
    message: event.reason,
  });
}

async function counterDecided(db: TDb, notifier: TNotifier, event: TEventOf<'counter.decided'>) {
  const parties = await partiesOf(db, event.applicationId);
  if (!parties) return;
  await notifier.notify(db, {
    userId: parties.ownerId,
    type: 'counter_decided',
    ...NOTIFICATION_TEXT.counter_decided(parties.applicant, parties.title, event.decision === 'accept'),
    link: ownerApplications(parties.offerId),
    message: event.reason,
    messageLabel: MAIL_TEXT.pharmacistMessage,
  });
}

export function tellOfNegotiation(bus: TEventBus, notifier: TNotifier) {
  bus.inTransaction(['proposal.made'], (db, event) => proposalMade(db, notifier, event));
  bus.inTransaction(['proposal.decided'], (db, event) => proposalDecided(db, notifier, event));
  bus.inTransaction(['counter.decided'], (db, event) => counterDecided(db, notifier, event));
}
