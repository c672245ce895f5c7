/**
 * What waits for a person, for the numbers on the frame's places (decision 096): three counts in one read, so the
 * frame asks once instead of loading each page's list.
 */
import type { TUserCounts } from '@farmaponte/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, invitations, offers } from '../../db/schema';
import { preparedRows } from '../../lib/prepared-rows';
import type { TSessionUser } from '../../lib/session-user-cache';
import { liveInvitation } from '../invitations';
import { unreadMessageTotal } from '../messages';

/** `party`: the pharmacist, or the pharmacy an owner-side person acts for (partyOf). */
export async function countsOf(db: TDb, party: TSessionUser, now: Date): Promise<TUserCounts> {
  const pharmacist = party.role === 'farmacista';
  const [invitationCount, applicationCount, messageCount] = await Promise.all([
    pharmacist ? waitingInvitations(db, party.id, now) : 0,
    pharmacist ? 0 : waitingApplications(db, party.id),
    unreadMessageTotal(db, party.id),
  ]);
  return { invitations: invitationCount, applications: applicationCount, messages: messageCount };
}

/** Invitations the pharmacist may still answer: sent and not expired. */
async function waitingInvitations(db: TDb, pharmacistId: number, now: Date): Promise<number> {
  const [row] = await preparedRows(
    db,
    'waiting_invitations',
    () =>
      db
        .select({ n: count() })
        .from(invitations)
        .where(and(eq(invitations.pharmacistId, sql.placeholder('pharmacistId')), liveInvitation(sql.placeholder('now')))),
    { pharmacistId, now: now.toISOString() },
  );
  return Number(row?.n ?? 0);
}

/** Applications to the pharmacy's offers that wait for a decision: sent, or seen and not answered. */
async function waitingApplications(db: TDb, pharmacyId: number): Promise<number> {
  const [row] = await preparedRows(
    db,
    'waiting_applications',
    () =>
      db
        .select({ n: count() })
        .from(applications)
        .innerJoin(offers, eq(offers.id, applications.offerId))
        .where(and(eq(offers.ownerId, sql.placeholder('pharmacyId')), inArray(applications.status, ['sent', 'seen']))),
    { pharmacyId },
  );
  return Number(row?.n ?? 0);
}
