/**
 * Invitations (decision 071, storage in 069): an owner asks a pharmacist to work one of their open offers; the
 * pharmacist accepts (an accepted application is made at once) or declines. `expired` is a `sent` invitation past its
 * `expires_at`, computed where it is read. Every write on an invitation holds its offer first (the lock order,
 * docs/architecture.md), so two answers to one invitation, or an answer and the offer filling, go one at a time.
 */
import {
  addDays,
  INVITATION_MESSAGES,
  LIMITS,
  MESSAGES,
  type TInvite,
  type TLegalForm,
  type TProposalInput,
  todayInItaly,
} from '@farmaponte/shared';
import { and, count, eq, gt, isNotNull, isNull, min } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, favouritePharmacists, invitations, offers, profiles, users, verifications } from '../../db/schema';
import { badRequest, conflict, forbidden, gone, notFound, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { findMatchingPharmacists } from '../availability';
import { hasCv } from '../cv';
import { pharmacyPosition } from '../geo';
import { acceptInvitedApplication, lockPharmacist, offersOfAcceptance, waitingInvitedApplication } from '../hiring';
import { insertProposal } from '../negotiation';
import { lockOffers, offerStatusOf } from '../offers';

import { HOUR_MS, invitationExpiry, liveInvitation } from './expiry';

/**
 * The owner's row, locked (step 1 of the lock order): one owner's invitations go one at a time, so the limits per offer
 * and per day are exact. 401 for an account gone, 403 for a suspended owner or one not verified yet.
 */
async function lockVerifiedOwner(tx: TDb, ownerId: number) {
  const [owner] = await tx
    .select({ suspendedAt: users.suspendedAt, verification: verifications.status })
    .from(users)
    .leftJoin(verifications, eq(verifications.userId, users.id))
    .where(eq(users.id, ownerId))
    .for('no key update', { of: users });
  if (!owner) throw unauthorized();
  if (owner.suspendedAt) throw forbidden(MESSAGES.accountSuspended, 'account_suspended');
  if (owner.verification !== 'verified') throw forbidden(INVITATION_MESSAGES.ownerNotVerified, 'owner_not_verified');
}

/**
 * An offer's state as invitations see it: 409 `offer_filled` when its places are taken, 410 `offer_not_open` when it is
 * closed (by its owner or an admin), expired or not published.
 */
function refuseUnlessOpen(offer: Parameters<typeof offerStatusOf>[0], now: Date) {
  const status = offerStatusOf(offer, todayInItaly(now));
  if (status === 'filled') throw conflict(MESSAGES.applicationOfferFilled, 'offer_filled');
  if (status !== 'open') throw gone(INVITATION_MESSAGES.offerNotOpen, 'offer_not_open');
}

const offerStateColumns = {
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  closedAt: offers.closedAt,
  publishedAt: offers.publishedAt,
  acceptedCount: offers.acceptedCount,
  positions: offers.positions,
  title: offers.title,
};

/**
 * An invitation that may be sent (decision 083): a farmacista with a confirmed e-mail, not suspended, whom the owner
 * already knows of: one who applied to one of their offers, one of their favourites, or one the owner's search of who
 * is free shows them (a visible calendar with a free day in the search's longest range, their pharmacy within her
 * radius). Anyone else answers 404 `pharmacist_not_found`, exactly like an id that names nobody, so invitations tell
 * nothing of who is registered.
 */
async function refuseUnlessInvitable(tx: TDb, ownerId: number, pharmacistId: number, now: Date) {
  const notInvitable = () => notFound(INVITATION_MESSAGES.pharmacistNotFound, 'pharmacist_not_found');
  const [pharmacist] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.id, pharmacistId), eq(users.role, 'farmacista'), isNotNull(users.emailVerifiedAt), isNull(users.suspendedAt)),
    );
  if (!pharmacist) throw notInvitable();
  const [applied] = await tx
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(and(eq(applications.farmacistaId, pharmacistId), eq(offers.ownerId, ownerId)))
    .limit(1);
  if (applied) return;
  const [favourite] = await tx
    .select({ id: favouritePharmacists.pharmacistId })
    .from(favouritePharmacists)
    .where(and(eq(favouritePharmacists.pharmacistId, pharmacistId), eq(favouritePharmacists.ownerId, ownerId)));
  if (favourite) return;
  const [owner] = await tx
    .select({ lat: profiles.lat, lng: profiles.lng, comune: profiles.comuneFarmacia })
    .from(profiles)
    .where(eq(profiles.userId, ownerId));
  const position = owner ? pharmacyPosition(owner) : undefined;
  if (position?.lat == null || position.lng == null) throw notInvitable();
  const today = todayInItaly(now);
  const { count: shown } = await findMatchingPharmacists(
    tx,
    {
      pharmacy: { lat: position.lat, lng: position.lng },
      from: today,
      to: addDays(today, LIMITS.availablePharmacistsMaxRangeDays),
      days: 'any',
      onlyIds: [pharmacistId],
      order: 'distance',
      limit: 1,
      offset: 0,
    },
    now,
  );
  if (!shown) throw notInvitable();
}

/** 409 when the pharmacist was invited to the offer before (once ever) or has applied to it. */
async function refuseUnlessNew(tx: TDb, offerId: number, pharmacistId: number) {
  const [invited] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.offerId, offerId), eq(invitations.pharmacistId, pharmacistId)));
  if (invited) throw conflict(INVITATION_MESSAGES.alreadyInvited, 'already_invited');
  const [applied] = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.offerId, offerId), eq(applications.farmacistaId, pharmacistId)));
  if (applied) throw conflict(INVITATION_MESSAGES.alreadyApplied, 'already_applied');
}

/** The offer's open invitations (sent, not expired) and when the first of them expires. */
export async function openInvitationsOf(tx: TDb, offerId: number, now: Date) {
  const [row] = await tx
    .select({ open: count(), firstExpiry: min(invitations.expiresAt) })
    .from(invitations)
    .where(and(eq(invitations.offerId, offerId), liveInvitation(now)));
  return { open: Number(row?.open ?? 0), firstExpiry: row?.firstExpiry ?? null };
}

/**
 * 429 past the limits (decision 071): LIMITS.invitationsOpenPerOffer open at once on the offer (Retry-After: until the
 * first expires), LIMITS.invitationsPerOwnerPerDay sent by the owner in the last 24 hours (Retry-After: until the
 * oldest of them is 24 hours old). Counted in the database under the owner's lock, so exact with several instances.
 */
async function refuseOverLimits(tx: TDb, ownerId: number, offerId: number, now: Date) {
  const { open, firstExpiry } = await openInvitationsOf(tx, offerId, now);
  if (open >= LIMITS.invitationsOpenPerOffer) {
    const retryAfterMs = (firstExpiry?.getTime() ?? now.getTime() + HOUR_MS) - now.getTime();
    throw tooManyRequests(
      retryAfterMs,
      INVITATION_MESSAGES.openPerOfferLimit(MESSAGES.waitFor(retryAfterMs / 1000)),
      'invitations_open_limit',
    );
  }
  const since = new Date(now.getTime() - LIMITS.invitationsWindowMs);
  const [sent] = await tx
    .select({ n: count(), oldest: min(invitations.createdAt) })
    .from(invitations)
    .innerJoin(offers, eq(offers.id, invitations.offerId))
    .where(and(eq(offers.ownerId, ownerId), eq(invitations.invitedBy, 'owner'), gt(invitations.createdAt, since)));
  if (Number(sent?.n ?? 0) >= LIMITS.invitationsPerOwnerPerDay) {
    const retryAfterMs = (sent?.oldest?.getTime() ?? now.getTime()) + LIMITS.invitationsWindowMs - now.getTime();
    throw tooManyRequests(
      retryAfterMs,
      INVITATION_MESSAGES.perOwnerPerDayLimit(MESSAGES.waitFor(retryAfterMs / 1000)),
      'invitations_daily_limit',
    );
  }
}

/**
 * Writes one invitation and tells the pharmacist (`invitation_received`, in the app and by mail), in the caller's
 * transaction, which holds the owner's row and the offer. 409 `already_invited` if another request wrote it first.
 */
export async function insertInvitation(
  tx: TDb,
  events: TEvents,
  offer: { id: number; ownerId: number; dateFrom: string | null; dateTo: string | null },
  pharmacistId: number,
  { message, invitedBy }: { message: string | null; invitedBy: 'owner' | 'auto' },
  now: Date,
): Promise<number> {
  let created: { id: number } | undefined;
  try {
    [created] = await tx
      .insert(invitations)
      .values({ offerId: offer.id, pharmacistId, invitedBy, message, expiresAt: invitationExpiry(offer, now), createdAt: now })
      .returning({ id: invitations.id });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(INVITATION_MESSAGES.alreadyInvited, 'already_invited');
    // The pharmacist's account was erased meanwhile.
    if (isForeignKeyViolation(error)) throw notFound(INVITATION_MESSAGES.pharmacistNotFound, 'pharmacist_not_found');
    throw error;
  }
  if (!created) throw new Error('insert returned no row');
  await events.record(tx, {
    type: 'invitation.sent',
    invitationId: created.id,
    offerId: offer.id,
    pharmacistId,
    ownerId: offer.ownerId,
    message,
  });
  return created.id;
}

/**
 * POST /api/offers/{id}/invitations/: the owner invites a pharmacist to one of their open offers (docs/rules.md#invitations).
 * Lock order: the owner's row, then the offer (shared: closing, filling or deleting it waits), then the new row.
 */
export async function inviteToOffer(
  db: TDb,
  events: TEvents,
  ownerId: number,
  offerId: number,
  { pharmacist_id, message }: TInvite,
  now: Date,
): Promise<number> {
  return writeTransaction(db, async (tx) => {
    await lockVerifiedOwner(tx, ownerId);
    const [offer] = await tx
      .select({ id: offers.id, ownerId: offers.ownerId, ...offerStateColumns })
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
      .for('share', { of: offers });
    // Someone else's offer is as good as missing.
    if (!offer) throw notFound();
    refuseUnlessOpen(offer, now);
    await refuseUnlessInvitable(tx, ownerId, pharmacist_id, now);
    await refuseUnlessNew(tx, offerId, pharmacist_id);
    await refuseOverLimits(tx, ownerId, offerId, now);
    return insertInvitation(tx, events, offer, pharmacist_id, { message: message || null, invitedBy: 'owner' }, now);
  });
}

/**
 * The pharmacist's invitation locked for an answer, with its offer's state: 404 for someone else's (or a missing one).
 * The offer is locked first (lockOffers), then the invitation, so every write on one offer's invitations goes one at a
 * time with its applications.
 */
async function lockInvitation(
  tx: TDb,
  pharmacistId: number,
  invitationId: number,
  now: Date,
  { accepting }: { accepting: boolean },
) {
  const whose = and(eq(invitations.id, invitationId), eq(invitations.pharmacistId, pharmacistId));
  const [found] = await tx.select({ offerId: invitations.offerId }).from(invitations).where(whose);
  if (!found) throw notFound(INVITATION_MESSAGES.invitationNotFound, 'invitation_not_found');
  // An acceptance also withdraws her waiting applications for the same hours: their offers are locked with this one.
  await lockOffers(tx, accepting ? await offersOfAcceptance(tx, pharmacistId, found.offerId) : [found.offerId]);
  const [row] = await tx
    .select({
      id: invitations.id,
      status: invitations.status,
      expiresAt: invitations.expiresAt,
      offerId: offers.id,
      ownerId: offers.ownerId,
      ...offerStateColumns,
    })
    .from(invitations)
    .innerJoin(offers, eq(offers.id, invitations.offerId))
    .where(whose)
    .for('update', { of: invitations });
  // The offer was deleted (and its invitations with it) while this request waited.
  if (!row) throw notFound(INVITATION_MESSAGES.invitationNotFound, 'invitation_not_found');
  if (row.status !== 'sent') throw conflict(INVITATION_MESSAGES.alreadyAnswered, 'already_answered');
  if (row.expiresAt <= now) throw gone(INVITATION_MESSAGES.invitationExpired, 'invitation_expired');
  return row;
}

/**
 * POST /api/invitations/{id}/accept/: the invited pharmacist takes the shift. In one transaction, in the lock order
 * (docs/architecture.md): their user row (their acceptances go one at a time, so no two overlapping shifts pass the
 * double-booking check at once), the offer, the application (made accepted, with every step of an owner's acceptance),
 * then the invitation and the owner's notification. A CV is needed, as to apply (400 `cv_missing`); 409
 * `already_answered`, 410 `invitation_expired`, 409 `offer_filled`, 410 `offer_not_open`, 409 `double_booked`.
 * With a proposal on the pay (decision 094) the invitation is answered all the same, but her application waits (`sent`)
 * with the proposal: the owner decides on both, as for any application.
 */
export async function acceptInvitation(
  db: TDb,
  events: TEvents,
  pharmacistId: number,
  invitationId: number,
  now: Date,
  legalForm?: TLegalForm,
  proposal?: TProposalInput,
): Promise<void> {
  const [mine] = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.pharmacistId, pharmacistId)));
  if (!mine) throw notFound(INVITATION_MESSAGES.invitationNotFound, 'invitation_not_found');
  // Like applying (docs/rules.md#applications): the owner reads the CV of whom they accepted.
  if (!(await hasCv(db, pharmacistId))) throw badRequest(MESSAGES.cvNotFound, 'cv_missing');
  await writeTransaction(db, async (tx) => {
    if (!(await lockPharmacist(tx, pharmacistId))) throw unauthorized();
    const invitation = await lockInvitation(tx, pharmacistId, invitationId, now, { accepting: true });
    refuseUnlessOpen(invitation, now);
    const ids = { offerId: invitation.offerId, farmacistaId: pharmacistId, ownerId: invitation.ownerId };
    let applicationId: number;
    if (proposal) {
      applicationId = await waitingInvitedApplication(tx, events, ids, now, legalForm);
      await insertProposal(tx, events, { id: applicationId, ...ids }, proposal, now, 'proposal.');
    } else applicationId = await acceptInvitedApplication(tx, events, ids, now, legalForm);
    await tx
      .update(invitations)
      .set({ status: 'accepted', decidedAt: now, applicationId })
      .where(eq(invitations.id, invitation.id));
    await events.record(tx, {
      type: 'invitation.accepted',
      invitationId: invitation.id,
      offerId: invitation.offerId,
      pharmacistId,
      ownerId: invitation.ownerId,
    });
  });
}

/** POST /api/invitations/{id}/decline/: the pharmacist says no, with an optional reason the owner is told. */
export async function declineInvitation(
  db: TDb,
  events: TEvents,
  pharmacistId: number,
  invitationId: number,
  reason: string | null,
  now: Date,
): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const invitation = await lockInvitation(tx, pharmacistId, invitationId, now, { accepting: false });
    await tx
      .update(invitations)
      .set({ status: 'declined', decidedAt: now, declineReason: reason })
      .where(eq(invitations.id, invitation.id));
    await events.record(tx, {
      type: 'invitation.declined',
      invitationId: invitation.id,
      offerId: invitation.offerId,
      pharmacistId,
      ownerId: invitation.ownerId,
      reason,
    });
  });
}
