/**
 * The writes of a negotiation (decision 094): her proposal (round 1, with her application, her invitation's answer, or
 * on her waiting application), the pharmacy's decision on it (accept, one counter as round 2, or decline with a
 * reason), and her decision on the counter. Each runs in the lock order (docs/architecture.md): the offer, the
 * application row, then its proposals; a step of the pharmacy also writes its audit entry in the same transaction.
 */
import {
  PAY_MESSAGES,
  type TCounterDecision,
  type TProposalDecision,
  type TProposalInput,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, payProposals } from '../../db/schema';
import { conflict, gone, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction } from '../audit';
import { lockOffers, offerStatusOf } from '../offers';
import { negotiationTerms, refuseCounterOutOfBounds, refuseProposalOutOfBounds } from './bounds';

const alreadyMade = () => conflict(PAY_MESSAGES.proposalAlreadyMade, 'proposal_already_made');

/** The pharmacy's person who takes a step: their name for the history, their address for the audit log. */
export interface TNegotiationActor {
  id: number;
  name: string;
  email: string;
}

type TApplicationRef = { id: number; offerId: number; farmacistaId: number; ownerId: number };

/**
 * Her proposal, round 1, in the caller's transaction, which holds the offer (and the application, or has just made
 * it): the offer must take proposals, within its bounds, once per application (the unique index decides a race).
 * `prefix` names the fields as her request does.
 */
export async function insertProposal(
  tx: TDb,
  events: TEvents,
  application: TApplicationRef,
  proposal: TProposalInput,
  now: Date,
  prefix = '',
): Promise<void> {
  const [offer] = await tx
    .select({
      hourlyPay: offers.hourlyPay,
      feeHourly: offers.feeHourly,
      negotiationMaxHourly: offers.negotiationMaxHourly,
      negotiationMaxTravel: offers.negotiationMaxTravel,
      legalForm: applications.legalForm,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(eq(applications.id, application.id));
  if (!offer) throw notFound();
  refuseProposalOutOfBounds(negotiationTerms(offer, offer.legalForm), proposal, prefix);
  const reason = proposal.reason ?? '';
  // Two proposals at once: the offer's lock lets one in at a time, and the unique index would keep a second out.
  const [created] = await tx
    .insert(payProposals)
    .values({
      applicationId: application.id,
      round: 1,
      author: 'farmacista',
      hourlyPay: proposal.hourly_pay ?? null,
      travelAmount: proposal.travel_amount ?? null,
      reason,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: payProposals.id });
  if (!created) throw alreadyMade();
  await events.record(tx, {
    type: 'proposal.made',
    applicationId: application.id,
    offerId: application.offerId,
    pharmacistId: application.farmacistaId,
    ownerId: application.ownerId,
    reason: reason || null,
  });
}

/**
 * An application locked for a step of its negotiation, with its offer's state and bounds, then its proposals (locked,
 * oldest first): the offer first, then the application, then its proposals (the lock order). 404 unless `who` names
 * its pharmacy or its applicant.
 */
async function lockNegotiation(tx: TDb, applicationId: number, who: { ownerId: number } | { farmacistaId: number }) {
  const whose = and(
    eq(applications.id, applicationId),
    'ownerId' in who ? eq(offers.ownerId, who.ownerId) : eq(applications.farmacistaId, who.farmacistaId),
  );
  const [found] = await tx
    .select({ offerId: applications.offerId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose);
  // Someone else's application is as good as missing.
  if (!found) throw notFound();
  await lockOffers(tx, [found.offerId]);
  const [row] = await tx
    .select({
      id: applications.id,
      status: applications.status,
      legalForm: applications.legalForm,
      offerId: offers.id,
      ownerId: offers.ownerId,
      farmacistaId: applications.farmacistaId,
      dateTo: offers.dateTo,
      closedAt: offers.closedAt,
      acceptedCount: offers.acceptedCount,
      positions: offers.positions,
      publishedAt: offers.publishedAt,
      hourlyPay: offers.hourlyPay,
      feeHourly: offers.feeHourly,
      negotiationMaxHourly: offers.negotiationMaxHourly,
      negotiationMaxTravel: offers.negotiationMaxTravel,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose)
    .for('update', { of: applications });
  // The offer was deleted (with its applications) while this request waited for it.
  if (!row) throw notFound();
  const proposals = await tx
    .select()
    .from(payProposals)
    .where(eq(payProposals.applicationId, applicationId))
    .orderBy(asc(payProposals.round))
    .for('update');
  return { application: row, proposals };
}

type TLocked = Awaited<ReturnType<typeof lockNegotiation>>['application'];

/**
 * 410 once the offer is no longer open (closing it also answers its waiting applications: the proposal expired), else
 * 409 unless the application still waits for the owner's decision; an accepted one is 409 whatever its offer.
 */
function refuseUnlessOpenForNegotiation(application: TLocked, now: Date) {
  const notWaiting = () => conflict(PAY_MESSAGES.applicationNotWaiting, 'application_not_waiting');
  if (application.status === 'accepted') throw notWaiting();
  if (offerStatusOf(application, todayInItaly(now)) !== 'open') throw gone(PAY_MESSAGES.proposalExpired, 'proposal_expired');
  if (application.status !== 'sent' && application.status !== 'seen') throw notWaiting();
}

const idsOf = (application: TLocked) => ({
  applicationId: application.id,
  offerId: application.offerId,
  pharmacistId: application.farmacistaId,
  ownerId: application.ownerId,
});

/** POST /api/applications/{id}/proposal/: her proposal on her waiting application, when she made none with it. */
export async function proposeOnApplication(
  db: TDb,
  events: TEvents,
  farmacistaId: number,
  applicationId: number,
  proposal: TProposalInput,
  now: Date,
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { application, proposals } = await lockNegotiation(tx, applicationId, { farmacistaId });
    refuseUnlessOpenForNegotiation(application, now);
    if (application.negotiationMaxHourly == null) throw conflict(PAY_MESSAGES.notNegotiable, 'not_negotiable');
    if (proposals.length) throw alreadyMade();
    await insertProposal(tx, events, application, proposal, now);
  });
}

/**
 * POST /api/applications/{id}/proposal/decision/: the pharmacy accepts her proposal (the agreed terms become hers),
 * counters once (round 2, within the bounds) or declines with a reason (the offer's terms stay). Answers the message.
 */
export async function decideProposal(
  db: TDb,
  events: TEvents,
  ownerId: number,
  applicationId: number,
  decision: TProposalDecision,
  actor: TNegotiationActor,
  now: Date,
): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const { application, proposals } = await lockNegotiation(tx, applicationId, { ownerId });
    const proposal = proposals.find((p) => p.round === 1);
    if (!proposal) throw notFound(PAY_MESSAGES.proposalNotFound, 'proposal_not_found');
    if (proposal.status === 'controproposta' && decision.decision === 'counter')
      throw conflict(PAY_MESSAGES.counterAlreadyMade, 'counter_already_made');
    if (proposal.status !== 'in_attesa') throw conflict(PAY_MESSAGES.proposalAlreadyDecided, 'proposal_already_decided');
    refuseUnlessOpenForNegotiation(application, now);
    const reason = decision.reason || null;
    const decided = { decidedAt: now, actorId: actor.id, actorName: actor.name || null };
    let message: string;
    if (decision.decision === 'counter') {
      const counter = { hourly_pay: decision.hourly_pay ?? null, travel_amount: decision.travel_amount ?? null };
      refuseCounterOutOfBounds(
        negotiationTerms(application, application.legalForm),
        { hourly_pay: proposal.hourlyPay, travel_amount: proposal.travelAmount },
        counter,
      );
      await tx
        .update(payProposals)
        .set({ status: 'controproposta', ...decided })
        .where(eq(payProposals.id, proposal.id));
      await tx.insert(payProposals).values({
        applicationId,
        round: 2,
        author: 'titolare',
        hourlyPay: counter.hourly_pay,
        travelAmount: counter.travel_amount,
        reason: reason ?? '',
        actorId: actor.id,
        actorName: actor.name || null,
        createdAt: now,
      });
      message = PAY_MESSAGES.counterSent;
    } else {
      const accepted = decision.decision === 'accept';
      await tx
        .update(payProposals)
        .set({ status: accepted ? 'accettata' : 'rifiutata', decisionReason: reason, ...decided })
        .where(eq(payProposals.id, proposal.id));
      if (accepted)
        await tx
          .update(applications)
          .set({ agreedHourly: proposal.hourlyPay, agreedTravel: proposal.travelAmount })
          .where(eq(applications.id, applicationId));
      message = accepted ? PAY_MESSAGES.proposalAccepted : PAY_MESSAGES.proposalDeclined;
    }
    // Terms of pay agreed or refused for the pharmacy: who of it did so, and what, in its audit log.
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'proposal.decide',
        targetUserId: application.farmacistaId,
        targetType: 'application',
        targetId: applicationId,
        details: {
          decision: decision.decision,
          pharmacy_id: ownerId,
          hourly_pay: decision.decision === 'counter' ? (decision.hourly_pay ?? null) : proposal.hourlyPay,
          travel_amount: decision.decision === 'counter' ? (decision.travel_amount ?? null) : proposal.travelAmount,
        },
      },
      now,
    );
    await events.record(tx, { type: 'proposal.decided', ...idsOf(application), decision: decision.decision, reason });
    return message;
  });
}

/**
 * POST /api/applications/{id}/counter/decision/: she accepts the pharmacy's counter (the agreed terms become the
 * counter's) or declines it (the offer's terms stay; a reason is optional). Answers the message.
 */
export async function decideCounter(
  db: TDb,
  events: TEvents,
  farmacistaId: number,
  applicationId: number,
  { decision, reason: words }: TCounterDecision,
  now: Date,
): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const { application, proposals } = await lockNegotiation(tx, applicationId, { farmacistaId });
    const counter = proposals.find((p) => p.round === 2);
    if (!counter) throw notFound(PAY_MESSAGES.proposalNotFound, 'proposal_not_found');
    if (counter.status !== 'in_attesa') throw conflict(PAY_MESSAGES.proposalAlreadyDecided, 'proposal_already_decided');
    refuseUnlessOpenForNegotiation(application, now);
    const accepted = decision === 'accept';
    const reason = words || null;
    await tx
      .update(payProposals)
      .set({ status: accepted ? 'accettata' : 'rifiutata', decidedAt: now, decisionReason: reason })
      .where(eq(payProposals.id, counter.id));
    if (accepted)
      await tx
        .update(applications)
        .set({ agreedHourly: counter.hourlyPay, agreedTravel: counter.travelAmount })
        .where(eq(applications.id, applicationId));
    await events.record(tx, { type: 'counter.decided', ...idsOf(application), decision, reason });
    return accepted ? PAY_MESSAGES.counterAccepted : PAY_MESSAGES.counterDeclined;
  });
}
