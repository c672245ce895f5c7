/** Applications (candidature): a pharmacist's CV sent once to an open offer, and the lists of what was sent and received. */

import {
  APPLICATION_STATUSES,
  INVITATION_MAIL_TEXT,
  INVITATION_MESSAGES,
  LIMITS,
  MAIL_TEXT,
  MESSAGES,
  NOTIFICATION_TEXT,
  RELIABILITY_MESSAGES,
  type TApplicationHistoryEntry,
  type TApplicationStatus,
  type TDecision,
  type TReceivedApplication,
  type TReceivedCounts,
  type TReceivedCountsQuery,
  type TReceivedQuery,
  type TSentApplication,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, count, desc, eq, inArray, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, cvFiles, offers, profiles, reliabilityEvents, verifications } from '../../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import { preparedRows } from '../../lib/prepared-rows';
import { isForeignKeyViolation } from '../../lib/sql';
import { afterCommit, writeTransaction } from '../../lib/transactions';
import { shiftInvitation } from '../calendar';
import { hasCv } from '../cv';
import { recordDecisionMessage } from '../messages';
import type { TNotifier } from '../notifications';
import {
  answerWaitingApplications,
  getOfferStatus,
  isOfferOpen,
  lockOffers,
  offerStatusOf,
  openOfferCondition,
  recordApplicationStatus,
  shownOfferColumns,
  toShownOffer,
} from '../offers';
import { NO_RATING, NO_RECORD, ratingsAndRecords } from '../ratings';
import { addDays, romeInstant, shiftPeriod } from '../shifts';
import { contactTerm, contactTermOfPerson } from './contact-term';
import {
  lockPharmacist,
  overlappingWaitingApplications,
  refuseDoubleBooking,
  shareLockPharmacist,
  waitingDoubleBookingSql,
} from './double-booking';

export async function insertApplication(
  db: TDb,
  values: { offerId: number; farmacistaId: number; submittedAt: Date; status?: TApplicationStatus; message?: string | null },
): Promise<{ id: number }> {
  const [created] = await db
    .insert(applications)
    .values({ ...values, statusChangedAt: values.submittedAt })
    .returning({
      id: applications.id,
      ownerId: sql<number>`(select ${offers.ownerId} from ${offers} where ${offers.id} = ${applications.offerId})`,
    });
  if (!created) throw new Error('insert returned no row');
  await db.insert(applicationEvents).values({ applicationId: created.id, status: 'sent', at: values.submittedAt, message: null });
  afterCommit(db, { type: 'application', applicationId: created.id, userIds: [values.farmacistaId, Number(created.ownerId)] });
  return { id: created.id };
}

/** Who applied and to what: the sentence of the owner's notifications. */
async function applicationParties(db: TDb, applicationId: number) {
  const [row] = await db
    .select({
      ownerId: offers.ownerId,
      offerId: offers.id,
      title: offers.title,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      farmacistaId: applications.farmacistaId,
      name: profiles.name,
      surname: profiles.surname,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, applications.farmacistaId))
    .where(eq(applications.id, applicationId));
  if (!row) throw notFound();
  return { ...row, applicant: `${row.name} ${row.surname}`.trim() };
}

const ownerLink = (offerId: number) => `/candidature?offer_id=${offerId}`;
const pharmacistLink = '/mie_candidature';

/**
 * Apply (docs/rules.md#applications): a stored CV, an offer that exists and is open, once per offer (the unique index decides races).
 * Applying again after withdrawing reopens the same application as `sent`. The owner is notified.
 */
export async function applyToOffer(
  db: TDb,
  notifier: TNotifier,
  farmacistaId: number,
  offerId: number,
  now: Date,
): Promise<{ id: number }> {
  if (!(await hasCv(db, farmacistaId))) throw badRequest(MESSAGES.cvNotFound, 'cv_missing');
  try {
    return await writeTransaction(db, async (tx) => {
      // The pharmacist's row, shared (step 1 of the lock order): an acceptance of hers at the same moment either comes
      // first and this application sees her booked, or comes after and withdraws it (decision 083).
      if (!(await shareLockPharmacist(tx, farmacistaId))) throw unauthorized();
      // Shared lock, the offer before its application (docs/architecture.md): closing, deleting or filling the offer
      // waits for this application, and the other way round.
      const [offer] = await tx
        .select({ id: offers.id, publishedAt: offers.publishedAt })
        .from(offers)
        .where(eq(offers.id, offerId))
        .for('share');
      // An offer waiting for its owner's approval is as good as missing (decision 049).
      if (!offer?.publishedAt) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
      if ((await getOfferStatus(tx, offerId, now)) !== 'open') throw badRequest(MESSAGES.offerClosed, 'offer_closed');
      // Hours she is already booked for: refused, naming the other shift.
      await refuseDoubleBooking(tx, farmacistaId, offerId, 'applicant');
      const [created] = await tx
        .insert(applications)
        .values({ offerId, farmacistaId, submittedAt: now, statusChangedAt: now })
        .onConflictDoNothing()
        .returning({ id: applications.id });
      let id: number;
      if (created) {
        id = created.id;
        await tx.insert(applicationEvents).values({ applicationId: id, status: 'sent', at: now });
      } else {
        const [existing] = await tx
          .select({ id: applications.id, status: applications.status })
          .from(applications)
          .where(and(eq(applications.offerId, offerId), eq(applications.farmacistaId, farmacistaId)))
          .for('update');
        if (existing?.status !== 'withdrawn') throw conflict(MESSAGES.applicationDuplicate, 'already_applied');
        id = existing.id;
        await recordApplicationStatus(tx, [id], 'sent', null, now, { submittedAt: now });
      }
      const parties = await applicationParties(tx, id);
      // Both lists show it once committed (a reapplication is told by recordApplicationStatus).
      if (created) afterCommit(tx, { type: 'application', applicationId: id, userIds: [farmacistaId, parties.ownerId] });
      await notifier.notify(tx, {
        userId: parties.ownerId,
        type: 'application_received',
        ...NOTIFICATION_TEXT.application_received(parties.applicant, parties.title),
        link: ownerLink(parties.offerId),
      });
      return { id };
    });
  } catch (error) {
    // The owner deleted the offer between the check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
    throw error;
  }
}

/**
 * The first time an owner opens an applicant's CV, that applicant's `sent` applications to the owner's offers are
 * `seen`. They may be on several offers: those offers are locked first, in id order, then the applications (the lock
 * order, docs/architecture.md), so a decision on one of the offers at the same moment waits instead of deadlocking.
 */
export async function markApplicationsSeen(db: TDb, ownerId: number, farmacistaId: number, now: Date): Promise<void> {
  await writeTransaction(db, (tx) => markApplicationsSeenIn(tx, ownerId, farmacistaId, now));
}

/** markApplicationsSeen in the caller's transaction (the CV's opening records its view in the same one, decision 067). */
export async function markApplicationsSeenIn(tx: TDb, ownerId: number, farmacistaId: number, now: Date): Promise<void> {
  const unseen = and(eq(applications.farmacistaId, farmacistaId), eq(offers.ownerId, ownerId), eq(applications.status, 'sent'));
  const found = await tx
    .selectDistinct({ offerId: applications.offerId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(unseen);
  // Opened before: nothing to lock (the usual case).
  const offerIds = await lockOffers(
    tx,
    found.map((row) => row.offerId),
  );
  if (!offerIds.length) return;
  const sent = await tx
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(unseen, inArray(applications.offerId, offerIds)))
    .orderBy(applications.id)
    .for('update', { of: applications });
  await recordApplicationStatus(
    tx,
    sent.map((row) => row.id),
    'seen',
    null,
    now,
  );
}

/** Whether an owner may open an applicant's CV now, and through which application (decision 067). */
export type TOwnerCvAccess = { kind: 'none' } | { kind: 'expired' } | { kind: 'open'; applicationId: number; offerTitle: string };

/**
 * An owner's right to an applicant's CV: through the application the link names, or else the most recent of the
 * applicant's applications to the owner's offers whose contact data are still shown. `none` when there is no such
 * application (or the named one is not theirs), `expired` when there is one but its contact term is over.
 */
export async function ownerCvAccess(
  db: TDb,
  ownerId: number,
  farmacistaId: number,
  applicationId: number | undefined,
  now: Date,
  retentionDays: number,
): Promise<TOwnerCvAccess> {
  const rows = await db
    .select({
      id: applications.id,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      dateTo: offers.dateTo,
      title: offers.title,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        eq(applications.farmacistaId, farmacistaId),
        eq(offers.ownerId, ownerId),
        applicationId ? eq(applications.id, applicationId) : undefined,
      ),
    )
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  if (!rows.length) return { kind: 'none' };
  const open = rows[contactTermOfPerson(rows, now, retentionDays).through];
  return open ? { kind: 'open', applicationId: open.id, offerTitle: open.title } : { kind: 'expired' };
}

/**
 * An application locked for a change, with its offer's counts; 404 unless `who` names its owner or its applicant.
 * Its offer is locked first, then the application (the lock order, docs/architecture.md): the decision that fills the
 * offer answers the offer's other applications, so a write that held an application while waiting for its offer would
 * deadlock with it. An acceptance (`applicant: true`) takes the applicant's user row before the offer, so that one
 * pharmacist's acceptances go one at a time and the double-booking check sees the last one (decision 071).
 * The counts are read after the offer's lock, so they are the last committed ones.
 */
async function lockApplication(
  db: TDb,
  applicationId: number,
  who: { ownerId: number } | { farmacistaId: number },
  { applicant = false }: { applicant?: boolean } = {},
) {
  const whose = and(
    eq(applications.id, applicationId),
    'ownerId' in who ? eq(offers.ownerId, who.ownerId) : eq(applications.farmacistaId, who.farmacistaId),
  );
  const [found] = await db
    .select({ offerId: applications.offerId, farmacistaId: applications.farmacistaId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose);
  // Someone else's application is as good as missing: its existence is not revealed.
  if (!found) throw notFound();
  if (applicant) await lockPharmacist(db, found.farmacistaId);
  // An acceptance also withdraws her waiting applications for the same hours: their offers are locked with this one.
  await lockOffers(db, applicant ? await offersOfAcceptance(db, found.farmacistaId, found.offerId) : [found.offerId]);
  const [row] = await db
    .select({
      id: applications.id,
      status: applications.status,
      offerId: applications.offerId,
      farmacistaId: applications.farmacistaId,
      acceptedCount: offers.acceptedCount,
      positions: offers.positions,
      dateTo: offers.dateTo,
      dateFrom: offers.dateFrom,
      startTime: offers.startTime,
      endTime: offers.endTime,
      title: offers.title,
      ownerId: offers.ownerId,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose)
    .for('update', { of: applications });
  // The offer was deleted (with its applications) while this request waited for it.
  if (!row) throw notFound();
  return row;
}

async function addAccepted(db: TDb, offerId: number, delta: 1 | -1) {
  await db
    .update(offers)
    .set({ acceptedCount: sql`greatest(${offers.acceptedCount} + ${delta}, 0)` })
    .where(eq(offers.id, offerId));
}

/**
 * The owner's decision: a `sent` or `seen` application is accepted (while places are left and the applicant is not
 * booked elsewhere on the same days) or rejected; an accepted one may be cancelled (rejected) with a message. Deciding
 * twice, on a withdrawn application, or accepting on an offer whose period has ended (expired) or whose places are all
 * taken (filled), is 409. The last place taken makes the offer filled, and its waiting applications are answered.
 */
export async function decideApplication(
  db: TDb,
  notifier: TNotifier,
  ownerId: number,
  applicationId: number,
  { decision, message }: TDecision,
  now: Date,
): Promise<void> {
  await writeTransaction(db, async (tx) => {
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
    // The owner's words with a decision are the thread's message too, so the conversation starts from them.
    const inThread = () =>
      message
        ? recordDecisionMessage(tx, {
            applicationId: application.id,
            ownerId,
            applicantId: application.farmacistaId,
            body: message,
            now,
          })
        : Promise.resolve();
    if (decision === 'accepted') {
      await refuseDoubleBooking(tx, application.farmacistaId, application.offerId, 'owner');
      await acceptLockedApplication(tx, notifier, application, now, { message: message || null, tellPharmacist: true });
      await inThread();
      return;
    }
    const cancelling = application.status === 'accepted';
    if (cancelling && !message)
      throw badRequest(MESSAGES.applicationCancelNeedsMessage, 'message_required', {
        message: MESSAGES.applicationCancelNeedsMessage,
      });
    // A late cancellation by the owner: their message is the reason, kept in their reliability record (decision 074).
    const late = cancelling ? cancellationLateness(application, now) : null;
    if (late) await recordReliabilityEvent(tx, { userId: ownerId, kind: late, application, reason: message, at: now });

    await recordApplicationStatus(tx, [application.id], 'rejected', message || null, now);
    await inThread();
    if (cancelling) await addAccepted(tx, application.offerId, -1);
    const offer = await shownOffer(tx, application.offerId);
    const type = cancelling ? 'application_cancelled' : 'application_rejected';
    // A cancelled acceptance takes the shift out of the pharmacist's calendar (decision 052).
    const invitation = cancelling ? await shiftInvitation(tx, notifier, application.id, { method: 'CANCEL', now }) : null;
    await notifier.notify(tx, {
      userId: application.farmacistaId,
      type,
      ...NOTIFICATION_TEXT[type](offer.denominazione_farmacia, offer.title),
      link: pharmacistLink,
      message: message || null,
      ics: invitation?.ics ?? null,
    });
  });
}

/** An offer as shown with its accepted count, read in the change's transaction. */
async function shownOffer(tx: TDb, offerId: number) {
  const [offer] = await tx
    .select({ ...shownOfferColumns, acceptedCount: offers.acceptedCount })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(offers.id, offerId));
  if (!offer) throw notFound();
  return offer;
}

/**
 * The steps of an acceptance, whoever makes it (the owner's decision, or the pharmacist accepting an invitation): the
 * status and its step of history, one more place taken, the shift's calendar invitation for the pharmacist (decision
 * 052) and, when it was the last place, the offer's waiting applications answered. The caller holds the pharmacist's
 * user row, the offer and the application (the lock order) and has checked the offer is open with a place left and the
 * pharmacist is not booked elsewhere. `tellPharmacist`: the owner's decision notifies them (`application_accepted`, with
 * the invitation); a pharmacist who accepted an invitation is only mailed the shift. Returns the offer as shown.
 */
async function acceptLockedApplication(
  tx: TDb,
  notifier: TNotifier,
  application: { id: number; offerId: number; farmacistaId: number },
  now: Date,
  { message, tellPharmacist }: { message: string | null; tellPharmacist: boolean },
) {
  await recordApplicationStatus(tx, [application.id], 'accepted', message, now);
  await addAccepted(tx, application.offerId, 1);
  const offer = await shownOffer(tx, application.offerId);
  await withdrawOverlapping(tx, notifier, application, offer, now);
  const invitation = await shiftInvitation(tx, notifier, application.id, { method: 'REQUEST', now });
  if (tellPharmacist)
    await notifier.notify(tx, {
      userId: application.farmacistaId,
      type: 'application_accepted',
      ...NOTIFICATION_TEXT.application_accepted(offer.denominazione_farmacia, offer.title),
      link: pharmacistLink,
      message,
      ics: invitation?.ics ?? null,
    });
  else if (invitation)
    await notifier.mailCalendar(tx, {
      userId: application.farmacistaId,
      to: invitation.to,
      title: INVITATION_MAIL_TEXT.shiftConfirmedTitle,
      body: INVITATION_MAIL_TEXT.shiftConfirmedBody(invitation.pharmacy, invitation.title),
      link: pharmacistLink,
      ics: invitation.ics,
    });
  if (offer.acceptedCount >= offer.positions) await answerWaitingApplications(tx, notifier, application.offerId, 'filled', now);
  return offer;
}

/**
 * The offers an acceptance of this pharmacist for this offer locks, in id order (the lock order): the offer, and those
 * of her applications waiting for the same hours, which the acceptance withdraws. The caller holds her user row, so
 * no new application of hers can join them meanwhile.
 */
export async function offersOfAcceptance(tx: TDb, farmacistaId: number, offerId: number): Promise<number[]> {
  const overlapping = await overlappingWaitingApplications(tx, farmacistaId, offerId);
  return [offerId, ...overlapping.map((row) => row.offerId)];
}

/**
 * Her applications still waiting for the same hours as the shift she was just confirmed for are withdrawn (decision
 * 082): each owner is told why (not where she goes), and she is told which ones, in one notification. The caller
 * holds her user row and, in id order, the offers of offersOfAcceptance.
 */
async function withdrawOverlapping(
  tx: TDb,
  notifier: TNotifier,
  application: { offerId: number; farmacistaId: number },
  offer: { title: string; denominazione_farmacia: string; date_from: string | null; date_to: string | null },
  now: Date,
) {
  const overlapping = await overlappingWaitingApplications(tx, application.farmacistaId, application.offerId);
  if (!overlapping.length) return;
  const locked = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(
      inArray(
        applications.id,
        overlapping.map((row) => row.id),
      ),
    )
    .orderBy(applications.id)
    .for('update');
  const ids = locked.map((row) => row.id);
  await recordApplicationStatus(tx, ids, 'withdrawn', INVITATION_MESSAGES.withdrawnBookedElsewhere, now);
  for (const id of ids) await tellOwnerOfWithdrawal(tx, notifier, id, { bookedElsewhere: true });
  const shift = {
    title: offer.title,
    pharmacy: offer.denominazione_farmacia,
    date_from: offer.date_from,
    date_to: offer.date_to,
  };
  const list = INVITATION_MESSAGES.withdrawnBookedList(
    shift,
    overlapping.filter((row) => ids.includes(row.id)).map((row) => row.shift),
  );
  await notifier.notify(tx, {
    userId: application.farmacistaId,
    type: 'applications_withdrawn_booked',
    ...NOTIFICATION_TEXT.applications_withdrawn_booked(ids.length, list),
    link: pharmacistLink,
  });
}

/**
 * A pharmacist accepts an invitation (decision 071): their application to the offer, made now or the one they already
 * sent, becomes accepted with every step of an owner's acceptance (acceptLockedApplication), but they are mailed the
 * shift rather than told they were accepted. The caller holds the pharmacist's user row and the offer, and has checked
 * the offer is open with a place left. 409 when they are booked elsewhere on the same days (`double_booked`), when
 * their application was rejected or is already accepted. Returns the application's id.
 */
export async function acceptInvitedApplication(
  tx: TDb,
  notifier: TNotifier,
  { offerId, farmacistaId }: { offerId: number; farmacistaId: number },
  now: Date,
): Promise<number> {
  const [existing] = await tx
    .select({ id: applications.id, status: applications.status })
    .from(applications)
    .where(and(eq(applications.offerId, offerId), eq(applications.farmacistaId, farmacistaId)))
    .for('update');
  if (existing?.status === 'rejected') throw conflict(INVITATION_MESSAGES.applicationRejected, 'application_rejected');
  if (existing?.status === 'accepted') throw conflict(INVITATION_MESSAGES.alreadyAccepted, 'already_accepted');
  await refuseDoubleBooking(tx, farmacistaId, offerId, 'pharmacist');
  const id = existing?.id ?? (await insertApplication(tx, { offerId, farmacistaId, submittedAt: now })).id;
  await acceptLockedApplication(tx, notifier, { id, offerId, farmacistaId }, now, { message: null, tellPharmacist: false });
  return id;
}

/** The applicant withdraws their application while it is not rejected (an accepted one frees its place); the owner is told. */
export async function withdrawApplication(
  db: TDb,
  notifier: TNotifier,
  farmacistaId: number,
  applicationId: number,
  now: Date,
  reason = '',
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const application = await lockApplication(tx, applicationId, { farmacistaId });
    if (application.status === 'withdrawn') throw conflict(MESSAGES.applicationAlreadyWithdrawn, 'already_withdrawn');
    if (application.status === 'rejected') throw conflict(MESSAGES.applicationRejectedCannotWithdraw, 'application_rejected');
    if (application.status === 'accepted') {
      // Late (under 7 days before the first day): a reason, and the pharmacist's reliability record (decision 074).
      const late = cancellationLateness(application, now);
      if (late && !reason)
        throw badRequest(RELIABILITY_MESSAGES.reasonRequired, 'reason_required', { reason: RELIABILITY_MESSAGES.reasonRequired });
      if (late) await recordReliabilityEvent(tx, { userId: farmacistaId, kind: late, application, reason, at: now });
      await addAccepted(tx, application.offerId, -1);
    }
    await recordApplicationStatus(tx, [application.id], 'withdrawn', null, now);
    // An accepted shift withdrawn leaves the pharmacist's calendar too (decision 052): they are told of nothing else.
    const invitation =
      application.status === 'accepted' ? await shiftInvitation(tx, notifier, application.id, { method: 'CANCEL', now }) : null;
    if (invitation)
      await notifier.mailCalendar(tx, {
        userId: application.farmacistaId,
        to: invitation.to,
        title: MAIL_TEXT.shiftWithdrawnTitle,
        body: MAIL_TEXT.shiftWithdrawnBody(invitation.pharmacy, invitation.title),
        link: pharmacistLink,
        ics: invitation.ics,
      });
    await tellOwnerOfWithdrawal(tx, notifier, application.id);
  });
}

/** Why a no-show of this application cannot be reported today, by the answer's code (a report once made aside). */
const NO_SHOW_REFUSALS = {
  no_show_not_accepted: RELIABILITY_MESSAGES.noShowNotAccepted,
  no_show_without_dates: RELIABILITY_MESSAGES.noShowWithoutDates,
  no_show_too_early: RELIABILITY_MESSAGES.noShowTooEarly,
  no_show_too_late: RELIABILITY_MESSAGES.noShowTooLate,
} as const;

/**
 * The rule of a no-show's report (decision 074), for the report itself and for the owner's cards: an accepted
 * application of an offer with dates, from its first day to LIMITS.reviewWindowDays after its last (Italian days).
 * Null when it may be reported on `today`, else the refusal's code.
 */
export function noShowRefusal(
  application: { status: TApplicationStatus; dateFrom: string | null; dateTo: string | null },
  today: string,
): keyof typeof NO_SHOW_REFUSALS | null {
  if (application.status !== 'accepted') return 'no_show_not_accepted';
  const period = shiftPeriod(application.dateFrom, application.dateTo);
  if (!period) return 'no_show_without_dates';
  if (today < period.first) return 'no_show_too_early';
  if (today > addDays(period.last, LIMITS.reviewWindowDays)) return 'no_show_too_late';
  return null;
}

/**
 * POST /api/applications/{id}/no-show/: the owner reports that the accepted pharmacist did not come, from the shift's
 * first day until its review window closes (409 before, after, twice or for an application not accepted); recorded in
 * the pharmacist's reliability record (decision 074).
 */
export async function reportNoShow(db: TDb, ownerId: number, applicationId: number, reason: string, now: Date): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const application = await lockApplication(tx, applicationId, { ownerId });
    const refusal = noShowRefusal(application, todayInItaly(now));
    if (refusal) throw conflict(NO_SHOW_REFUSALS[refusal], refusal);
    const recorded = await recordReliabilityEvent(tx, {
      userId: application.farmacistaId,
      kind: 'no_show',
      application,
      reason,
      at: now,
    });
    if (!recorded) throw conflict(RELIABILITY_MESSAGES.noShowAlreadyReported, 'no_show_reported');
  });
}

/**
 * How late a cancellation of an accepted shift is (decision 074): `very_late_cancellation` under
 * LIMITS.veryLateCancellationHours before its first day's start on Rome's clock (or once it has begun),
 * `late_cancellation` under LIMITS.lateCancellationDays, else null (an offer without dates is never late).
 */
export function cancellationLateness(
  shift: { dateFrom: string | null; dateTo: string | null; startTime: string | null },
  now: Date,
): 'late_cancellation' | 'very_late_cancellation' | null {
  const period = shiftPeriod(shift.dateFrom, shift.dateTo);
  if (!period) return null;
  const hoursLeft = (romeInstant(period.first, shift.startTime ?? '00:00') - now.getTime()) / 3_600_000;
  if (hoursLeft < LIMITS.veryLateCancellationHours) return 'very_late_cancellation';
  if (hoursLeft < LIMITS.lateCancellationDays * 24) return 'late_cancellation';
  return null;
}

/** One reliability event in the change's transaction; false when the application already has one of that kind. */
async function recordReliabilityEvent(
  tx: TDb,
  event: {
    userId: number;
    kind: 'late_cancellation' | 'very_late_cancellation' | 'no_show';
    application: { id: number; title: string; dateFrom: string | null; dateTo: string | null };
    reason: string;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(reliabilityEvents)
    .values({
      userId: event.userId,
      kind: event.kind,
      applicationId: event.application.id,
      offerTitle: event.application.title,
      firstDay: event.application.dateFrom ?? event.application.dateTo,
      reason: event.reason || null,
      at: event.at,
    })
    .onConflictDoNothing()
    .returning({ id: reliabilityEvents.id });
  return inserted.length > 0;
}

/** The owner of a withdrawn application is told, in the withdrawal's transaction (and why, when the platform did it). */
async function tellOwnerOfWithdrawal(
  tx: TDb,
  notifier: TNotifier,
  applicationId: number,
  { bookedElsewhere = false }: { bookedElsewhere?: boolean } = {},
) {
  const parties = await applicationParties(tx, applicationId);
  await notifier.notify(tx, {
    userId: parties.ownerId,
    type: 'application_withdrawn',
    ...NOTIFICATION_TEXT.application_withdrawn(parties.applicant, parties.title, bookedElsewhere),
    link: ownerLink(parties.offerId),
  });
}

/**
 * A suspended pharmacist's applications still waiting for an answer (sent, seen) are withdrawn, each owner told as a
 * withdrawal is (decision 062). The caller holds the user's row and the offers of these applications (the lock order).
 */
export async function withdrawPendingApplicationsOf(
  db: TDb,
  notifier: TNotifier,
  farmacistaId: number,
  now: Date,
): Promise<number> {
  const pending = await db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.farmacistaId, farmacistaId), inArray(applications.status, ['sent', 'seen'])))
    .orderBy(applications.id)
    .for('update');
  await recordApplicationStatus(
    db,
    pending.map((row) => row.id),
    'withdrawn',
    null,
    now,
  );
  for (const { id } of pending) await tellOwnerOfWithdrawal(db, notifier, id);
  return pending.length;
}

/** The list's query, or one application by id (the answer of a decision). */
export type TReceivedFilter = TReceivedQuery & { id?: number };

type TParam<T> = T | Placeholder;
/** What a received-applications page filters by (values or placeholders), and the rows of the page. */
export type TReceivedPageFilter = {
  offerId?: TParam<number>;
  status?: TParam<TApplicationStatus>;
  /** Only applicants whose albo entry is (true) or is not (false) verified (decision 050). */
  alboVerified?: TParam<boolean>;
  id?: number;
  limit: TParam<number>;
  offset: TParam<number>;
};

/** The filter of a page of received applications, from the list's query. */
export function receivedPageFilter({
  offer_id,
  status,
  albo_verified,
  id,
  page,
  page_size,
}: TReceivedFilter): TReceivedPageFilter {
  return { offerId: offer_id, status, alboVerified: albo_verified, id, limit: page_size, offset: (page - 1) * page_size };
}

/** Whether the applicant's albo entry is verified: their `verifications` row says so (none: not verified). */
const applicantAlboVerified = sql<boolean>`coalesce((select ${verifications.status} = 'verified' from ${verifications} where ${verifications.userId} = ${applications.farmacistaId}), false)`;

/** Whether the owner has reported the no-show of an accepted application (the unique index on application and kind). */
const noShowReportedSql = sql<boolean>`case when ${applications.status} = 'accepted' then exists (select 1 from ${reliabilityEvents} where ${reliabilityEvents.applicationId} = ${applications.id} and ${reliabilityEvents.kind} = 'no_show') else false end`;

/** The owner's applications, narrowed by ?offer_id=, ?status= and ?albo_verified=. */
function receivedFilter(
  ownerId: TParam<number>,
  { offerId, status, alboVerified, id }: Pick<TReceivedPageFilter, 'offerId' | 'status' | 'alboVerified' | 'id'>,
): SQL | undefined {
  return and(
    eq(offers.ownerId, ownerId),
    id ? eq(applications.id, id) : undefined,
    offerId ? eq(applications.offerId, offerId) : undefined,
    status ? eq(applications.status, status) : undefined,
    // One text for true and false (a parameter), so the shape with this filter is one prepared statement.
    alboVerified !== undefined ? sql`${applicantAlboVerified} = ${alboVerified}` : undefined,
  );
}

/**
 * The query of these applications' histories, oldest step first (public, for the strict floor). The ids are one array
 * parameter (`= any($1)`), so that one statement text serves any number of them and is prepared once
 * (docs/decisions/036).
 */
export function historiesQuery(db: TDb, ids: number[] | Placeholder) {
  return db
    .select({
      applicationId: applicationEvents.applicationId,
      status: applicationEvents.status,
      at: applicationEvents.at,
      message: applicationEvents.message,
    })
    .from(applicationEvents)
    .where(sql`${applicationEvents.applicationId} = any(${sql.param(ids)})`)
    .orderBy(asc(applicationEvents.applicationId), asc(applicationEvents.id));
}

/** The histories of these applications, oldest step first, in one prepared statement. */
async function historiesOf(db: TDb, ids: number[]): Promise<Map<number, TApplicationHistoryEntry[]>> {
  const histories = new Map<number, TApplicationHistoryEntry[]>();
  if (!ids.length) return histories;
  const rows = await preparedRows(db, 'application_histories', () => historiesQuery(db, sql.placeholder('ids')), { ids });
  for (const row of rows) {
    const history = histories.get(row.applicationId) ?? [];
    history.push({ status: row.status, at: row.at.toISOString(), message: row.message });
    histories.set(row.applicationId, history);
  }
  return histories;
}

type TStateRow = { id: number; status: TApplicationStatus; statusChangedAt: Date; message: string | null };

/** The fields both sides see of an application's state. */
function stateOf(row: TStateRow, histories: Map<number, TApplicationHistoryEntry[]>) {
  return {
    status: row.status,
    status_changed_at: row.statusChangedAt.toISOString(),
    message: row.message,
    history: histories.get(row.id) ?? [],
  };
}

/**
 * The query of one page of the applications to an owner's offers, newest first, each row with the total on all pages
 * (public, for the strict floor).
 */
export function receivedApplicationsQuery(db: TDb, ownerId: TParam<number>, filter: TReceivedPageFilter) {
  // The page and the total are chosen from the index on (offer_id, submitted_at, id, status) alone, without reading a
  // row of the table; only the page's rows are then read, with their offers and applicants' profiles: an owner with
  // thousands of applications costs one index range per offer and one page of lookups (docs/decisions/029).
  const pageOfApplications = db
    .select({
      id: applications.id,
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(receivedFilter(ownerId, filter))
    .orderBy(desc(applications.submittedAt), desc(applications.id))
    .limit(filter.limit)
    .offset(filter.offset)
    .as('page_of_applications');
  return db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      farmacistaId: applications.farmacistaId,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      total: pageOfApplications.total,
      name: profiles.name,
      surname: profiles.surname,
      titolo: profiles.titolo,
      comune: profiles.comune,
      provincia_residenza: profiles.provinciaResidenza,
      telephone: profiles.telephone,
      ordineProvincia: profiles.ordineProvincia,
      numeroIscrizioneAlbo: profiles.numeroIscrizioneAlbo,
      alboStatus: verifications.status,
      hasCv: cvFiles.userId,
      offerId: offers.id,
      title: offers.title,
      description: offers.description,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      closedAt: offers.closedAt,
      acceptedCount: offers.acceptedCount,
      positions: offers.positions,
      publishedAt: offers.publishedAt,
      // Read for the page's rows only, through the applicant's accepted applications (decision 071).
      doubleBooked: waitingDoubleBookingSql(),
      // An accepted application's no-show, once reported (decision 074): one index entry, read for those rows only.
      noShowReported: noShowReportedSql,
    })
    .from(pageOfApplications)
    .innerJoin(applications, eq(applications.id, pageOfApplications.id))
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, applications.farmacistaId))
    .leftJoin(cvFiles, eq(cvFiles.userId, applications.farmacistaId))
    .leftJoin(verifications, eq(verifications.userId, applications.farmacistaId))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
}

/**
 * A page of received applications as a prepared statement, one per shape of filter (docs/decisions/036): the owner,
 * the offer, the status and the page are its parameters, so PostgreSQL parses and plans it once per connection
 * (exported for its test in lib/prepared-rows.test.ts).
 */
export function preparedReceivedPage(db: TDb, ownerId: number, filter: TReceivedPageFilter) {
  const withAlbo = filter.alboVerified !== undefined;
  const shape =
    [filter.offerId ? 'offer' : '', filter.status ? 'status' : '', withAlbo ? 'albo' : ''].filter(Boolean).join('_') || 'all';
  const build = () =>
    receivedApplicationsQuery(db, sql.placeholder('ownerId'), {
      offerId: filter.offerId ? sql.placeholder('offerId') : undefined,
      status: filter.status ? sql.placeholder('status') : undefined,
      alboVerified: withAlbo ? sql.placeholder('alboVerified') : undefined,
      limit: sql.placeholder('limit'),
      offset: sql.placeholder('offset'),
    });
  const { offerId, status, alboVerified, limit, offset } = filter;
  return preparedRows(db, `received_page_${shape}`, build, { ownerId, offerId, status, alboVerified, limit, offset });
}

/**
 * One page of the applications to an owner's offers, newest first, with the total on all pages, each with its offer's
 * status (an expired offer takes no acceptance). cvLink signs the applicant's CV link for this owner.
 */
export async function listReceivedApplications(
  db: TDb,
  ownerId: number,
  query: TReceivedFilter,
  cvLink: (farmacistaId: number, applicationId: number) => string,
  now: Date,
  retentionDays: number,
): Promise<{ applications: TReceivedApplication[]; total: number }> {
  const filter = receivedPageFilter(query);
  // One application by id (the answer of a decision) is a rare call: plain Drizzle.
  const rows = filter.id ? await receivedApplicationsQuery(db, ownerId, filter) : await preparedReceivedPage(db, ownerId, filter);
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window count has no row to ride on.
    const [row] = await db
      .select({ n: count() })
      .from(applications)
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(receivedFilter(ownerId, filter));
    total = Number(row?.n ?? 0);
  }
  const today = todayInItaly(now);
  const ids = rows.map((r) => r.farmacistaId);
  // The page's histories and its applicants' ratings and records: independent, so together.
  const [histories, { ratings, records }] = await Promise.all([
    historiesOf(
      db,
      rows.map((r) => r.id),
    ),
    ratingsAndRecords(db, ids, now),
  ]);
  return {
    total,
    applications: rows.map((r) => {
      // The phone, the residence and the CV only while the application is open or accepted, and for
      // CONTACT_RETENTION_DAYS after the offer's last day (decision 067); name, status and history stay.
      const term = contactTerm(r, now, retentionDays, today);
      const shown = term.hidden === null;
      return {
        id: r.id,
        submitted_at: r.submittedAt.toISOString(),
        ...stateOf(r, histories),
        farmacista: {
          id: r.farmacistaId,
          name: r.name,
          surname: r.surname,
          titolo: r.titolo,
          comune: shown ? r.comune : null,
          provincia_residenza: shown ? r.provincia_residenza : null,
          telephone: shown ? r.telephone : null,
          pdf_file: shown && r.hasCv ? cvLink(r.farmacistaId, r.id) : null,
          contact_until: term.until,
          contact_hidden: term.hidden,
          // Only what the albo itself shows, and only once an admin matched it there (decision 050).
          ...publicAlboEntry(r),
          rating: ratings.get(r.farmacistaId) ?? NO_RATING,
          reliability: records.get(r.farmacistaId) ?? NO_RECORD,
        },
        offer: { id: r.offerId, title: r.title, description: r.description, status: offerStatusOf(r, today) },
        double_booked: r.doubleBooked ?? null,
        no_show_allowed: !r.noShowReported && noShowRefusal(r, today) === null,
      };
    }),
  };
}

/** The applicant's albo entry as an owner sees it: verified or not, and the Ordine and number only when verified. */
function publicAlboEntry(r: { alboStatus: string | null; ordineProvincia: string; numeroIscrizioneAlbo: string }) {
  const verified = r.alboStatus === 'verified';
  return {
    albo_verified: verified,
    ordine_provincia: verified ? r.ordineProvincia : '',
    numero_iscrizione_albo: verified ? r.numeroIscrizioneAlbo : '',
  };
}

/**
 * How many applications to an owner's offers (or to one of them) each status has, in one query: a count per status of
 * the (offer_id, submitted_at, id, status) index's entries, as the list's total is.
 */
export async function countReceivedApplications(
  db: TDb,
  ownerId: number,
  { offer_id, albo_verified }: TReceivedCountsQuery,
): Promise<TReceivedCounts> {
  const rows = await db
    .select({ status: applications.status, n: count() })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(receivedFilter(ownerId, { offerId: offer_id, alboVerified: albo_verified }))
    .groupBy(applications.status);
  const byStatus = Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as Record<TApplicationStatus, number>;
  for (const row of rows) byStatus[row.status] = Number(row.n);
  return { total: Object.values(byStatus).reduce((sum, n) => sum + n, 0), by_status: byStatus };
}

/** The applications a pharmacist has sent, newest first, each with its offer and whether that is still open. */
export async function listSentApplications(
  db: TDb,
  farmacistaId: number,
  now: Date,
  applicationId?: number,
): Promise<TSentApplication[]> {
  const rows = await db
    .select({
      id: applications.id,
      submittedAt: applications.submittedAt,
      status: applications.status,
      statusChangedAt: applications.statusChangedAt,
      message: applications.message,
      offer: shownOfferColumns,
      isOpen: sql<boolean>`${openOfferCondition(todayInItaly(now))}`,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(applications.farmacistaId, farmacistaId), applicationId ? eq(applications.id, applicationId) : undefined))
    .orderBy(desc(applications.submittedAt), desc(applications.id));
  const histories = await historiesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    submitted_at: r.submittedAt.toISOString(),
    ...stateOf(r, histories),
    offer: { ...toShownOffer(r.offer), is_open: Boolean(r.isOpen) },
  }));
}
