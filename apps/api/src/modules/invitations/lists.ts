/** The invitations as each side lists them: a pharmacist's, and those of an owner's offer. */
import {
  LIMITS,
  type TInvitationStatus,
  type TOwnerInvitation,
  type TPharmacistInvitation,
  todayInItaly,
} from '@farmaponte/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invitations, offers, profiles, verifications } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { pharmacistSummaryColumns } from '../favourites';
import { openOfferCondition, shownOfferColumns, toShownOffer } from '../offers';
import { NO_RATING, NO_RECORD, ratingsAndRecords } from '../ratings';

import { invitationStatusSql } from './expiry';

const invitationColumns = (now: Date) => ({
  id: invitations.id,
  status: invitationStatusSql(now),
  invitedBy: invitations.invitedBy,
  message: invitations.message,
  createdAt: invitations.createdAt,
  expiresAt: invitations.expiresAt,
  decidedAt: invitations.decidedAt,
  declineReason: invitations.declineReason,
  applicationId: invitations.applicationId,
});

type TInvitationRow = {
  id: number;
  status: TInvitationStatus;
  invitedBy: 'owner' | 'auto';
  message: string | null;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
  declineReason: string | null;
  applicationId: number | null;
};

export function invitationFields(row: TInvitationRow) {
  return {
    id: row.id,
    status: row.status,
    invited_by: row.invitedBy,
    message: row.message,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    decline_reason: row.declineReason,
    application_id: row.applicationId,
  };
}

/** The invitations of a pharmacist (or one of them), newest first, each with its offer and whether that is still open. */
export async function listPharmacistInvitations(
  db: TDb,
  pharmacistId: number,
  now: Date,
  invitationId?: number,
): Promise<TPharmacistInvitation[]> {
  const rows = await db
    .select({
      ...invitationColumns(now),
      offer: shownOfferColumns,
      isOpen: sql<boolean>`${openOfferCondition(todayInItaly(now))}`,
    })
    .from(invitations)
    .innerJoin(offers, eq(offers.id, invitations.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(invitations.pharmacistId, pharmacistId), invitationId ? eq(invitations.id, invitationId) : undefined))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(LIMITS.invitationsListMax);
  return rows.map((row) => ({
    ...invitationFields(row),
    offer: { ...toShownOffer(row.offer), is_open: Boolean(row.isOpen) },
  }));
}

/** The invitations of an owner's offer (or one of them), newest first; 404 for someone else's offer. */
export async function listOfferInvitations(
  db: TDb,
  ownerId: number,
  offerId: number,
  now: Date,
  invitationId?: number,
): Promise<TOwnerInvitation[]> {
  const [offer] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)));
  if (!offer) throw notFound();
  const rows = await db
    .select({ ...invitationColumns(now), offerId: invitations.offerId, pharmacist: pharmacistSummaryColumns })
    .from(invitations)
    .innerJoin(profiles, eq(profiles.userId, invitations.pharmacistId))
    .leftJoin(verifications, eq(verifications.userId, invitations.pharmacistId))
    .where(and(eq(invitations.offerId, offerId), invitationId ? eq(invitations.id, invitationId) : undefined))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(LIMITS.invitationsListMax);
  const ids = rows.map((row) => row.pharmacist.id);
  const { ratings, records } = await ratingsAndRecords(db, ids, now);
  return rows.map((row) => ({
    ...invitationFields(row),
    offer_id: row.offerId,
    pharmacist: {
      ...row.pharmacist,
      rating: ratings.get(row.pharmacist.id) ?? NO_RATING,
      reliability: records.get(row.pharmacist.id) ?? NO_RECORD,
    },
  }));
}
