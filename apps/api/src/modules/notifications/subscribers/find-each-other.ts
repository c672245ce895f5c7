/**
 * Who invitations and threads tell (decisions 071 and 072): the pharmacist invited, the owner of an invitation
 * answered, and the recipient of a message that opens a quiet spell, in the event's transaction.
 */
import { LIMITS, MAIL_TEXT, NOTIFICATION_TEXT } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../../db/client';
import { messages, offers, profiles } from '../../../db/schema';
import type { TEventOf } from '../../../lib/domain-events';
import type { TEventBus } from '../../../lib/event-bus';
import type { TNotifier } from '../service';
import { ownerApplications, PHARMACIST_APPLICATIONS, partiesOf } from './parties';

/** The offer's title and its pharmacy's name, and the invited pharmacist's 'Nome Cognome'. */
async function invitationParties(db: TDb, event: { offerId: number; pharmacistId: number }) {
  const [offer] = await db
    .select({ title: offers.title, pharmacy: profiles.denominazioneFarmacia })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(offers.id, event.offerId));
  const [pharmacist] = await db
    .select({ name: profiles.name, surname: profiles.surname })
    .from(profiles)
    .where(eq(profiles.userId, event.pharmacistId));
  return {
    title: offer?.title ?? '',
    pharmacy: offer?.pharmacy ?? '',
    pharmacistName: `${pharmacist?.name ?? ''} ${pharmacist?.surname ?? ''}`.trim(),
  };
}

async function invitationSent(db: TDb, notifier: TNotifier, event: TEventOf<'invitation.sent'>) {
  const { title, pharmacy } = await invitationParties(db, event);
  await notifier.notify(db, {
    userId: event.pharmacistId,
    type: 'invitation_received',
    ...NOTIFICATION_TEXT.invitation_received(pharmacy, title),
    link: PHARMACIST_APPLICATIONS,
    message: event.message,
  });
}

async function invitationAnswered(db: TDb, notifier: TNotifier, event: TEventOf<'invitation.accepted' | 'invitation.declined'>) {
  const { title, pharmacistName } = await invitationParties(db, event);
  if (event.type === 'invitation.accepted')
    await notifier.notify(db, {
      userId: event.ownerId,
      type: 'invitation_accepted',
      ...NOTIFICATION_TEXT.invitation_accepted(pharmacistName, title),
      link: ownerApplications(event.offerId),
    });
  else
    await notifier.notify(db, {
      userId: event.ownerId,
      type: 'invitation_declined',
      ...NOTIFICATION_TEXT.invitation_declined(pharmacistName, title),
      link: '/mie_offerte',
      message: event.reason,
      messageLabel: MAIL_TEXT.pharmacistMessage,
    });
}

/** The first lines of a message, as its mail quotes them (at most five lines and 500 characters). */
function quoteOf(body: string): string {
  let quote = body.split('\n').slice(0, 5).join('\n');
  if (quote.length > 500) quote = quote.slice(0, 500).trimEnd();
  return quote.length < body.length ? `${quote}…` : quote;
}

/** A message that opened a quiet spell: the recipient's bell and mail, naming the author as the recipient knows them. */
async function messagePosted(db: TDb, notifier: TNotifier, event: TEventOf<'message.posted'>) {
  if (!event.tell) return;
  const parties = await partiesOf(db, event.applicationId);
  const [message] = await db.select({ body: messages.body }).from(messages).where(eq(messages.id, event.messageId));
  if (!parties || !message) return;
  const toOwner = event.recipientId === parties.ownerId;
  const author = toOwner ? parties.applicant : parties.pharmacy;
  await notifier.notify(db, {
    userId: event.recipientId,
    type: 'message_received',
    ...NOTIFICATION_TEXT.message_received(author, parties.title),
    link: toOwner
      ? `/candidature?offer_id=${parties.offerId}&conversazione=${event.applicationId}`
      : `/mie_candidature?conversazione=${event.applicationId}`,
    message: quoteOf(message.body),
    messageLabel: MAIL_TEXT.threadMessage(author),
    note: MAIL_TEXT.threadMailNote(LIMITS.messageMailEveryMinutes),
  });
}

export function tellOfFindingEachOther(bus: TEventBus, notifier: TNotifier) {
  bus.inTransaction(['invitation.sent'], (db, event) => invitationSent(db, notifier, event));
  bus.inTransaction(['invitation.accepted', 'invitation.declined'], (db, event) => invitationAnswered(db, notifier, event));
  bus.inTransaction(['message.posted'], (db, event) => messagePosted(db, notifier, event));
}
