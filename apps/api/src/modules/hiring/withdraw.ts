/**
 * Withdrawing (docs/rules.md#applications): the pharmacist takes her application back while it is not rejected (an
 * accepted one frees its place, late with a reason, decision 074); and a suspension withdraws her waiting ones
 * (decision 062). The owner is told, and an accepted shift leaves her calendar (the notifications' subscribers).
 */
import { MESSAGES, RELIABILITY_MESSAGES, type TSentApplication, todayInItaly } from '@farmaponte/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { isOfferOpen } from '../offers';
import { lockApplication } from './locks';
import { cancellationLateness, recordReliabilityEvent } from './reliability';
import { listSentApplications } from './sent';
import { addAccepted, moveApplications } from './status';

/** The pharmacist withdraws: answers the application as she now sees it, read in the withdrawal's transaction. */
export async function withdrawApplication(
  db: TDb,
  events: TEvents,
  farmacistaId: number,
  applicationId: number,
  now: Date,
  reason = '',
): Promise<TSentApplication> {
  return writeTransaction(db, async (tx) => {
    const application = await lockApplication(tx, applicationId, { farmacistaId });
    if (application.status === 'withdrawn') throw conflict(MESSAGES.applicationAlreadyWithdrawn, 'already_withdrawn');
    if (application.status === 'rejected') throw conflict(MESSAGES.applicationRejectedCannotWithdraw, 'application_rejected');
    if (application.status === 'accepted') {
      // Its last day past, the shift happened (or did not: the owner reports that): nothing is left to withdraw.
      if (!isOfferOpen(application.dateTo, todayInItaly(now)))
        throw conflict(MESSAGES.acceptedShiftOverCannotWithdraw, 'shift_over');
      // Late (under 7 days before the first day): a reason, and the pharmacist's reliability record (decision 074).
      const late = cancellationLateness(application, now);
      if (late && !reason)
        throw badRequest(RELIABILITY_MESSAGES.reasonRequired, 'reason_required', { reason: RELIABILITY_MESSAGES.reasonRequired });
      if (late) await recordReliabilityEvent(tx, { userId: farmacistaId, kind: late, application, reason, at: now });
      await addAccepted(tx, application.offerId, -1);
    }
    await moveApplications(tx, events, [application.id], 'withdrawn', { cause: 'pharmacist', message: null, now });
    const [answer] = await listSentApplications(tx, farmacistaId, now, application.id);
    if (!answer) throw notFound();
    return answer;
  });
}

/**
 * A suspended pharmacist's applications still waiting for an answer (sent, seen) are withdrawn, each owner told as of a
 * withdrawal (decision 062). The caller holds the user's row and the offers of these applications (the lock order).
 */
export async function withdrawPendingApplicationsOf(db: TDb, events: TEvents, farmacistaId: number, now: Date): Promise<number> {
  const pending = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.farmacistaId, farmacistaId), inArray(applications.status, ['sent', 'seen'])))
    .orderBy(applications.id)
    .for('update');
  await moveApplications(
    db,
    events,
    pending.map((row) => row.id),
    'withdrawn',
    { cause: 'suspension', message: null, now },
  );
  return pending.length;
}
