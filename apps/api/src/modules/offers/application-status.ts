/**
 * Application statuses written from the offers' side (docs/architecture.md, "the hiring loop"): the one place an
 * application's status is written with its step of history (`recordApplicationStatus`, which applications also calls:
 * offers cannot import applications), the waiting applications answered when an offer fills or closes, and the
 * accepted places an offer counts. Reads nothing of service.ts, so service.ts imports it and no circle forms.
 */
import { MESSAGES, NOTIFICATION_TEXT, type TApplicationStatus } from '@farmaponte/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, offers, profiles } from '../../db/schema';
import { afterCommit } from '../../lib/transactions';
import type { TNotifier } from '../notifications';

type TWaitingStatus = 'sent' | 'seen' | 'accepted';

/** The applicants of an offer in these statuses, with what a notification names (the offer and its pharmacy). */
export async function applicantsOf(db: TDb, offerId: number, statuses: TWaitingStatus[]) {
  return db
    .select({
      applicationId: applications.id,
      farmacistaId: applications.farmacistaId,
      status: applications.status,
      title: offers.title,
      pharmacy: profiles.denominazioneFarmacia,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(and(eq(applications.offerId, offerId), inArray(applications.status, statuses)))
    .orderBy(applications.id);
}

/**
 * Writes a status change of some applications with its step of history: the one place an application's status is
 * written, for this feature and for applications (offers cannot import applications, which depends on offers). Both
 * sides of each application are told live once the change is committed (decision 072): their lists reload.
 */
export async function recordApplicationStatus(
  db: TDb,
  applicationIds: number[],
  status: TApplicationStatus,
  message: string | null,
  now: Date,
  extra: { submittedAt?: Date } = {},
): Promise<void> {
  if (!applicationIds.length) return;
  const changed = await db
    .update(applications)
    .set({ status, message, statusChangedAt: now, ...extra })
    .where(inArray(applications.id, applicationIds))
    .returning({
      id: applications.id,
      farmacistaId: applications.farmacistaId,
      ownerId: sql<number>`(select ${offers.ownerId} from ${offers} where ${offers.id} = ${applications.offerId})`,
    });
  await db.insert(applicationEvents).values(applicationIds.map((applicationId) => ({ applicationId, status, message, at: now })));
  for (const row of changed)
    afterCommit(db, { type: 'application', applicationId: row.id, userIds: [row.farmacistaId, Number(row.ownerId)] });
}

/** Before a pharmacist's account is erased: the offers they were accepted for count one accepted fewer. */
export async function releaseAcceptedPlaces(db: TDb, farmacistaId: number): Promise<void> {
  await db
    .update(offers)
    .set({ acceptedCount: sql`greatest(${offers.acceptedCount} - 1, 0)` })
    .where(
      sql`${offers.id} in (select ${applications.offerId} from ${applications} where ${applications.farmacistaId} = ${farmacistaId} and ${applications.status} = 'accepted')`,
    );
}

/** Sets an offer's accepted count from its applications (the factories' states, without the decision rules). */
export async function countAccepted(db: TDb, offerId: number): Promise<void> {
  await db
    .update(offers)
    .set({
      acceptedCount: sql`(select count(*) from ${applications} where ${applications.offerId} = ${offerId} and ${applications.status} = 'accepted')`,
    })
    .where(eq(offers.id, offerId));
}

/**
 * When an offer is filled or closed, the applications still waiting (sent, seen) are answered `rejected` with the
 * standard message, and each applicant is told: no one waits for an answer that will never come. The caller holds
 * the offer's lock (the lock order, docs/architecture.md), so no other write holds these applications meanwhile.
 */
export async function answerWaitingApplications(
  db: TDb,
  notifier: TNotifier,
  offerId: number,
  reason: 'filled' | 'closed',
  now: Date,
): Promise<void> {
  const waiting = await applicantsOf(db, offerId, ['sent', 'seen']);
  const message = reason === 'filled' ? MESSAGES.autoRejectFilled : MESSAGES.autoRejectClosed;
  await recordApplicationStatus(
    db,
    waiting.map((w) => w.applicationId),
    'rejected',
    message,
    now,
  );
  const type = reason === 'filled' ? 'application_rejected' : 'offer_closed';
  for (const applicant of waiting)
    await notifier.notify(db, {
      userId: applicant.farmacistaId,
      type,
      ...NOTIFICATION_TEXT[type](applicant.pharmacy, applicant.title),
      link: '/mie_candidature',
      message,
    });
}
