/**
 * The application's status machine (docs/rules.md#applications, decision 087): which moves are allowed and by what
 * cause, and the one place a status is written, with its step of history and its event (`application.status_changed`,
 * which the notifications and the live streams follow). No other module writes an application's status.
 *
 *   sent ──seen──► seen ──► accepted ──► rejected (the owner cancels, with a message)
 *    │  └──────────┴─► rejected (the owner; or answered when the offer fills or closes)
 *    └──────────┴─► withdrawn (the pharmacist; her booking elsewhere at the same hours; her suspension)
 *   accepted ──► withdrawn (the pharmacist)      withdrawn ──► sent (she applies again) | accepted (an invitation)
 */
import { MESSAGES, type TApplicationStatus } from '@farmaponte/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applicationEvents, applications, offers } from '../../db/schema';
import type { TStatusCause } from '../../lib/domain-events';
import type { TEvents } from '../../lib/event-bus';

/** The pharmacy's person who made a step (decision 089): kept with it by name, shown in the history. */
export type TStepActor = { id: number; name: string };

/** Each status's moves: to which status, by which causes. */
const MOVES: Record<TApplicationStatus, Partial<Record<TApplicationStatus, readonly TStatusCause[]>>> = {
  sent: {
    seen: ['cv_opened'],
    accepted: ['owner', 'invitation'],
    rejected: ['owner', 'offer_filled', 'offer_closed'],
    withdrawn: ['pharmacist', 'booked_elsewhere', 'suspension'],
  },
  seen: {
    accepted: ['owner', 'invitation'],
    rejected: ['owner', 'offer_filled', 'offer_closed'],
    withdrawn: ['pharmacist', 'booked_elsewhere', 'suspension'],
  },
  accepted: { rejected: ['owner'], withdrawn: ['pharmacist'] },
  rejected: {},
  withdrawn: { sent: ['pharmacist'], accepted: ['invitation'] },
};

/** Whether the machine allows this move (the verbs check their own rules and answers before they write). */
export function canMove(from: TApplicationStatus, to: TApplicationStatus, cause: TStatusCause): boolean {
  return MOVES[from][to]?.includes(cause) ?? false;
}

/**
 * Moves these applications to `to` for `cause`, each with its step of history and its event, in the caller's
 * transaction, which holds their offers and the applications (the lock order). A move the machine does not allow is a
 * mistake of the code, not of the request: it throws.
 */
export async function moveApplications(
  tx: TDb,
  events: TEvents,
  applicationIds: number[],
  to: TApplicationStatus,
  {
    cause,
    message,
    now,
    submittedAt,
    actor,
  }: { cause: TStatusCause; message: string | null; now: Date; submittedAt?: Date; actor?: TStepActor | null },
): Promise<void> {
  if (!applicationIds.length) return;
  const before = await tx
    .select({
      id: applications.id,
      status: applications.status,
      offerId: applications.offerId,
      pharmacistId: applications.farmacistaId,
      ownerId: offers.ownerId,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(inArray(applications.id, applicationIds))
    .orderBy(applications.id);
  for (const row of before)
    if (!canMove(row.status, to, cause))
      throw new Error(`application ${row.id}: ${row.status} → ${to} by ${cause} is not a move`);
  await writeStatus(tx, applicationIds, to, message, now, submittedAt, actor ?? null);
  for (const row of before)
    await events.record(tx, {
      type: 'application.status_changed',
      applicationId: row.id,
      offerId: row.offerId,
      pharmacistId: row.pharmacistId,
      ownerId: row.ownerId,
      from: row.status,
      to,
      cause,
      message,
    });
}

/** The status and its step of history, written together (the rows' events are the caller's). */
async function writeStatus(
  db: TDb,
  applicationIds: number[],
  status: TApplicationStatus,
  message: string | null,
  now: Date,
  submittedAt?: Date,
  actor: TStepActor | null = null,
) {
  await db
    .update(applications)
    .set({ status, message, statusChangedAt: now, ...(submittedAt ? { submittedAt } : {}) })
    .where(inArray(applications.id, applicationIds));
  await db.insert(applicationEvents).values(
    applicationIds.map((applicationId) => ({
      applicationId,
      status,
      message,
      at: now,
      actorId: actor?.id ?? null,
      actorName: actor?.name || null,
    })),
  );
}

/**
 * A status as if it had happened, with its step of history, without the machine, the rules or any event: for the
 * factories of tests and the demo, which build states rather than live through them.
 */
export function writeStatusAsIf(
  db: TDb,
  applicationIds: number[],
  status: TApplicationStatus,
  message: string | null,
  now: Date,
) {
  if (!applicationIds.length) return Promise.resolve();
  return writeStatus(db, applicationIds, status, message, now);
}

/** One more or one fewer accepted place on the offer (never below zero). */
export async function addAccepted(db: TDb, offerId: number, delta: 1 | -1): Promise<void> {
  await db
    .update(offers)
    .set({ acceptedCount: sql`greatest(${offers.acceptedCount} + ${delta}, 0)` })
    .where(eq(offers.id, offerId));
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
 * When an offer fills or closes, the applications still waiting (sent, seen) are answered `rejected` with the standard
 * message (the notifications tell each applicant): no one waits for an answer that will never come. The caller holds
 * the offer's lock (the lock order), so no other write holds these applications meanwhile.
 */
export async function answerWaitingApplications(
  tx: TDb,
  events: TEvents,
  offerId: number,
  reason: 'filled' | 'closed',
  now: Date,
): Promise<void> {
  const waiting = await tx
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.offerId, offerId), inArray(applications.status, ['sent', 'seen'])))
    .orderBy(applications.id)
    .for('update');
  await moveApplications(
    tx,
    events,
    waiting.map((row) => row.id),
    'rejected',
    {
      cause: reason === 'filled' ? 'offer_filled' : 'offer_closed',
      message: reason === 'filled' ? MESSAGES.autoRejectFilled : MESSAGES.autoRejectClosed,
      now,
    },
  );
}
