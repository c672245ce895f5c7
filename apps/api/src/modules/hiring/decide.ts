/**
 * The owner's decision (docs/rules.md#applications): a `sent` or `seen` application is accepted (while places are left
 * and the applicant is not booked elsewhere at the same hours) or rejected; an accepted one may be cancelled (rejected)
 * with a message. Deciding twice, on a withdrawn application, or accepting on an offer whose period has ended
 * (expired) or whose places are all taken (filled), is 409. The owner's words open the application's thread.
 */
import { MESSAGES, type TDecision, type TReceivedApplication, todayInItaly } from '@farmaponte/shared';
import type { TReclassification } from '@farmaponte/shared/contracts';
import type { TDb } from '../../db/client';
import { badRequest, conflict } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { freelanceReclassification } from '../contracts';
import { recordDecisionMessage } from '../messages';
import { isOfferOpen } from '../offers';
import { acceptLockedApplication } from './accept';
import { refuseDoubleBooking } from './double-booking';
import { lockApplication } from './locks';
import { receivedApplicationAfterWrite, type TReceivedContext, toReceivedApplications } from './received';
import { cancellationLateness, recordReliabilityEvent } from './reliability';
import { addAccepted, moveApplications, type TStepActor } from './status';

/**
 * Decides, and answers the application as the owner now sees it, made from its row read in the decision's transaction;
 * a freelance acceptance also carries the reclassification warning (decision 093), read in the same transaction.
 */
export async function decideApplication(
  db: TDb,
  events: TEvents,
  ownerId: number,
  applicationId: number,
  { decision, message }: TDecision,
  answer: TReceivedContext,
  actor: (TStepActor & TAuditActor) | null = null,
): Promise<TReceivedApplication & { reclassification?: TReclassification }> {
  const { now } = answer;
  return writeTransaction(db, async (tx) => {
    const application = await lockApplication(tx, applicationId, { ownerId }, { applicant: decision === 'accepted' });
    // The offer's state first: an accept on a filled offer is `offer_filled` whatever the application's own state,
    // including the applications answered `rejected` when it filled (docs/decisions/035). Expired before filled, as
    // offerStatusOf orders them. An expired offer cannot be worked any more; answering with a rejection is still allowed.
    if (decision === 'accepted' && !isOfferOpen(application.dateTo, todayInItaly(now)))
      throw conflict(MESSAGES.applicationOfferExpired, 'offer_expired');
    if (decision === 'accepted' && application.acceptedCount >= application.positions)
      throw conflict(MESSAGES.applicationOfferFilled, 'offer_filled');
    if (application.status === 'withdrawn') throw conflict(MESSAGES.applicationWithdrawnCannotDecide, 'application_withdrawn');
    if (application.status === 'rejected') throw conflict(MESSAGES.applicationAlreadyDecided, 'already_decided');
    if (application.status === 'accepted' && decision === 'accepted')
      throw conflict(MESSAGES.applicationAlreadyAccepted, 'already_decided');
    if (decision === 'accepted') {
      await refuseDoubleBooking(tx, application.farmacistaId, application.offerId, 'owner');
      await acceptLockedApplication(tx, events, application, now, { message: message || null, cause: 'owner', actor });
    } else {
      const cancelling = application.status === 'accepted';
      // Its last day past, the shift happened or the pharmacist did not come ('Non si è presentato'): no cancelling.
      if (cancelling && !isOfferOpen(application.dateTo, todayInItaly(now)))
        throw conflict(MESSAGES.acceptedShiftOverCannotCancel, 'shift_over');
      if (cancelling && !message)
        throw badRequest(MESSAGES.applicationCancelNeedsMessage, 'message_required', {
          message: MESSAGES.applicationCancelNeedsMessage,
        });
      // A late cancellation by the owner: their message is the reason, kept in their reliability record (decision 074).
      const late = cancelling ? cancellationLateness(application, now) : null;
      if (late) await recordReliabilityEvent(tx, { userId: ownerId, kind: late, application, reason: message, at: now });
      await moveApplications(tx, events, [application.id], 'rejected', {
        cause: 'owner',
        message: message || null,
        now,
        actor,
      });
      if (cancelling) await addAccepted(tx, application.offerId, -1);
    }
    // Who of the pharmacy's staff decided (decision 089); the owner acting for their own pharmacy is its account.
    if (actor && actor.id !== ownerId)
      await recordAdminAction(
        tx,
        actor,
        {
          action: 'application.decide',
          targetUserId: application.farmacistaId,
          targetType: 'application',
          targetId: application.id,
          details: { decision, pharmacy_id: ownerId },
        },
        now,
      );
    // The owner's words with a decision are the thread's message too, so the conversation starts from them.
    if (message)
      await recordDecisionMessage(tx, events, {
        applicationId: application.id,
        ownerId,
        applicantId: application.farmacistaId,
        body: message,
        now,
        actorName: actor?.name || null,
      });
    const [decided] = await toReceivedApplications(tx, [await receivedApplicationAfterWrite(tx, application.id)], answer);
    const reclassification =
      decision === 'accepted' ? await freelanceReclassification(tx, ownerId, application.id, now) : undefined;
    return { ...(decided as TReceivedApplication), ...(reclassification ? { reclassification } : {}) };
  });
}
