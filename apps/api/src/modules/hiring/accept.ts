/**
 * An acceptance, whoever makes it (the owner's decision, or the pharmacist accepting an invitation): the move and its
 * step of history, one more place taken, a freelance engagement's contract (decision 093), her waiting applications
 * for the same hours withdrawn (decision 083) and, when it was the last place, the offer's waiting applications answered. What each side is told follows from the
 * events (the notifications subscribers): the pharmacist's calendar invitation with it (decision 052).
 */

import { INVITATION_MESSAGES, PAY_MESSAGES, type TLegalForm } from '@farmaponte/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers } from '../../db/schema';
import { conflict } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeContractOfAcceptance } from '../contracts';
import { hasPendingProposal } from '../negotiation';
import { insertApplication } from './apply';
import { overlappingWaitingApplications, refuseDoubleBooking } from './double-booking';
import { chooseLegalForm } from './legal-form';
import { addAccepted, answerWaitingApplications, moveApplications, type TStepActor } from './status';

/**
 * The steps of an acceptance. The caller holds the pharmacist's user row, the offers of offersOfAcceptance and the
 * application (the lock order) and has checked the offer is open with a place left and she is not booked elsewhere.
 * 409 `proposal_pending` while a proposal on the pay waits for an answer.
 */
export async function acceptLockedApplication(
  tx: TDb,
  events: TEvents,
  application: { id: number; offerId: number; farmacistaId: number; ownerId: number },
  now: Date,
  { message, cause, actor }: { message: string | null; cause: 'owner' | 'invitation'; actor?: TStepActor | null },
): Promise<void> {
  // Terms of pay still waiting for an answer are settled first (decision 094): the contract is written with them.
  if (await hasPendingProposal(tx, application.id)) throw conflict(PAY_MESSAGES.proposalPending, 'proposal_pending');
  await moveApplications(tx, events, [application.id], 'accepted', { cause, message, now, actor });
  await addAccepted(tx, application.offerId, 1);
  // A freelance engagement's contratto d'opera, written with the acceptance (decision 093).
  const [accepted] = await tx
    .select({ legalForm: applications.legalForm })
    .from(applications)
    .where(eq(applications.id, application.id));
  if (accepted?.legalForm === 'libera_professione') await writeContractOfAcceptance(tx, events, application.id, now);
  await withdrawOverlapping(tx, events, application, now);
  const [offer] = await tx
    .select({ acceptedCount: offers.acceptedCount, positions: offers.positions })
    .from(offers)
    .where(eq(offers.id, application.offerId));
  if (offer && offer.acceptedCount >= offer.positions)
    await answerWaitingApplications(tx, events, application.offerId, 'filled', now);
}

/**
 * Her applications still waiting for the same hours as the shift she was just confirmed for are withdrawn (decision
 * 083): each owner is told why (not where she goes), and she is told which ones (`pharmacist.booked`). The caller holds
 * her user row and, in id order, the offers of offersOfAcceptance.
 */
async function withdrawOverlapping(
  tx: TDb,
  events: TEvents,
  application: { id: number; offerId: number; farmacistaId: number; ownerId: number },
  now: Date,
) {
  const overlapping = await overlappingWaitingApplications(tx, application.farmacistaId, application.offerId);
  if (!overlapping.length) return;
  const locked = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        inArray(
          applications.id,
          overlapping.map((row) => row.id),
        ),
        inArray(applications.status, ['sent', 'seen']),
      ),
    )
    .orderBy(applications.id)
    .for('update');
  const ids = locked.map((row) => row.id);
  await moveApplications(tx, events, ids, 'withdrawn', {
    cause: 'booked_elsewhere',
    message: INVITATION_MESSAGES.withdrawnBookedElsewhere,
    now,
  });
  await events.record(tx, {
    type: 'pharmacist.booked',
    applicationId: application.id,
    offerId: application.offerId,
    pharmacistId: application.farmacistaId,
    ownerId: application.ownerId,
    withdrawnIds: ids,
  });
}

/**
 * A pharmacist accepts an invitation (decision 071): her application to the offer, made now or the one she already
 * sent (or withdrew), becomes accepted with every step of an owner's acceptance; she is mailed the shift rather than
 * told she was accepted (she chose it). The caller holds her user row and the offers, and has checked the offer is open
 * with a place left. 409 when she is booked elsewhere on the same days (`double_booked`), when her application was
 * rejected or is already accepted; 400 for a legal form the offer does not offer or her file does not allow (as to
 * apply: chooseLegalForm). Returns the application's id.
 */
export async function acceptInvitedApplication(
  tx: TDb,
  events: TEvents,
  ids: { offerId: number; farmacistaId: number; ownerId: number },
  now: Date,
  legalForm?: TLegalForm,
): Promise<number> {
  const { id } = await invitedApplication(tx, ids, now, legalForm);
  await acceptLockedApplication(tx, events, { id, ...ids }, now, { message: null, cause: 'invitation' });
  return id;
}

/**
 * She answers an invitation with a proposal on the pay (decision 094): her application to the offer, made now or the
 * one she already sent (or withdrew, sent again), waits for the owner, who decides on the proposal and then on the
 * application. The same refusals as acceptInvitedApplication; the caller writes the proposal. Returns the id.
 */
export async function waitingInvitedApplication(
  tx: TDb,
  events: TEvents,
  ids: { offerId: number; farmacistaId: number; ownerId: number },
  now: Date,
  legalForm?: TLegalForm,
): Promise<number> {
  const { id, status } = await invitedApplication(tx, ids, now, legalForm);
  if (status === 'withdrawn')
    await moveApplications(tx, events, [id], 'sent', { cause: 'pharmacist', message: null, now, submittedAt: now });
  return id;
}

/** Her application to the invitation's offer, under the form she chose: the one she has, or a new one (`sent`). */
async function invitedApplication(
  tx: TDb,
  { offerId, farmacistaId }: { offerId: number; farmacistaId: number },
  now: Date,
  legalForm?: TLegalForm,
): Promise<{ id: number; status: string }> {
  const [existing] = await tx
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.offerId, offerId), eq(applications.farmacistaId, farmacistaId)))
    .for('update');
  if (existing?.status === 'rejected') throw conflict(INVITATION_MESSAGES.applicationRejected, 'application_rejected');
  if (existing?.status === 'accepted') throw conflict(INVITATION_MESSAGES.alreadyAccepted, 'already_accepted');
  await refuseDoubleBooking(tx, farmacistaId, offerId, 'pharmacist');
  const [offer] = await tx
    .select({ legalForms: offers.legalForms, dateFrom: offers.dateFrom, dateTo: offers.dateTo })
    .from(offers)
    .where(eq(offers.id, offerId));
  const form = await chooseLegalForm(tx, farmacistaId, offer ?? { legalForms: [], dateFrom: null, dateTo: null }, legalForm, now);
  if (existing) {
    await tx.update(applications).set({ legalForm: form }).where(eq(applications.id, existing.id));
    return existing;
  }
  return { ...(await insertApplication(tx, { offerId, farmacistaId, submittedAt: now, legalForm: form })), status: 'sent' };
}
