/**
 * Reports, the admins' desk and suspensions (decision 062, docs/rules.md#reports-and-suspensions). A report is one row;
 * resolving one resolves every open report on the same target. Suspending an account ends its sessions, closes its
 * offers, withdraws its waiting applications and mails the reason, in one transaction with its audit entry.
 */
import { MESSAGES, type TReportAction } from '@farmaponte/shared';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, reports, users } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { withdrawPendingApplicationsOf } from '../hiring';
import { enqueueMail } from '../mail';
import { closeOffersByAdmin, lockOffers } from '../offers';
import { revokeAllSessions } from '../sessions';
import { suspensionMail } from './suspension-mail';

export interface TSuspensionOutcome {
  userId: number;
  /** False when the account was already suspended (a report resolved after an earlier suspension). */
  suspended: boolean;
  offersClosed: number;
}

/**
 * Suspends an account inside `tx`, in the lock order: the user's row, then the offers it owns or applied to (id
 * order), then their applications. Its sessions end, its open offers close (waiting applicants answered), its
 * waiting applications are withdrawn (owners told), and the reason is mailed through the outbox. 404 for no such
 * user, 403 for an admin, 409 when already suspended unless `alreadySuspendedIsFine`.
 */
async function suspendInTransaction(
  tx: TDb,
  events: TEvents,
  actor: TAuditActor,
  userId: number,
  reason: string,
  now: Date,
  { alreadySuspendedIsFine = false }: { alreadySuspendedIsFine?: boolean } = {},
): Promise<TSuspensionOutcome> {
  const [user] = await tx
    .select({ id: users.id, role: users.role, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  if (!user) throw notFound();
  if (user.role === 'admin') throw forbidden(MESSAGES.suspendAdmin, 'cannot_suspend_admin');
  if (user.suspendedAt) {
    if (alreadySuspendedIsFine) return { userId, suspended: false, offersClosed: 0 };
    throw conflict(MESSAGES.userAlreadySuspended, 'already_suspended');
  }
  if (!reason) throw badRequest(MESSAGES.suspendReasonRequired, 'validation_error', { reason: MESSAGES.suspendReasonRequired });
  await tx.update(users).set({ suspendedAt: now, suspendedReason: reason }).where(eq(users.id, userId));
  const owned = await tx
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.ownerId, userId), isNull(offers.closedAt)));
  const appliedTo = await tx
    .select({ id: applications.offerId })
    .from(applications)
    .where(and(eq(applications.farmacistaId, userId), inArray(applications.status, ['sent', 'seen'])));
  await lockOffers(
    tx,
    [...owned, ...appliedTo].map((row) => row.id),
  );
  const offersClosed = await closeOffersByAdmin(
    tx,
    events,
    owned.map((row) => row.id),
    { hide: false },
    now,
  );
  await withdrawPendingApplicationsOf(tx, events, userId, now);
  await revokeAllSessions(tx, events, userId, now);
  await events.record(tx, { type: 'user.suspended', userId });
  await enqueueMail(tx, { userId, to: user.email, ...suspensionMail(reason) }, now);
  await recordAdminAction(tx, actor, { action: 'user.suspend', targetUserId: userId, details: { reason, offersClosed } }, now);
  return { userId, suspended: true, offersClosed };
}

/** POST /api/admin/users/{id}/suspend/ (decision 062). */
export function suspendUser(db: TDb, events: TEvents, actor: TAuditActor, userId: number, reason: string, now: Date) {
  return writeTransaction(db, (tx) => suspendInTransaction(tx, events, actor, userId, reason, now));
}

/** POST /api/admin/users/{id}/reinstate/: the account may log in again; its closed offers stay closed. */
export async function reinstateUser(db: TDb, events: TEvents, actor: TAuditActor, userId: number, now: Date): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, suspendedAt: users.suspendedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user) throw notFound();
    if (!user.suspendedAt) throw conflict(MESSAGES.userNotSuspended, 'not_suspended');
    await tx.update(users).set({ suspendedAt: null, suspendedReason: null }).where(eq(users.id, userId));
    await recordAdminAction(tx, actor, { action: 'user.reinstate', targetUserId: userId }, now);
    await events.record(tx, { type: 'user.reinstated', userId });
  });
}

export interface TResolution {
  resolved: number;
}

/**
 * Resolves a report and every other open report on the same target, with the action taken (decision 062). Locks in
 * the lock order: the person's row (suspend), the offer (hide), then the reports; the report's own update decides
 * between two admins at once (the second finds it resolved: 409).
 */
export async function resolveReport(
  db: TDb,
  events: TEvents,
  actor: TAuditActor,
  reportId: number,
  { action, note }: { action: TReportAction; note: string },
  now: Date,
): Promise<TResolution> {
  const [report] = await db
    .select({
      targetType: reports.targetType,
      targetId: reports.targetId,
      targetUserId: reports.targetUserId,
      status: reports.status,
    })
    .from(reports)
    .where(eq(reports.id, reportId));
  if (!report) throw notFound(MESSAGES.reportNotFound, 'report_not_found');
  if (report.status !== 'open') throw conflict(MESSAGES.reportAlreadyResolved, 'report_resolved');
  if (action === 'hide_offer' && report.targetType !== 'offer')
    throw badRequest(MESSAGES.reportHideNotAnOffer, 'validation_error', { action: MESSAGES.reportHideNotAnOffer });
  return writeTransaction(db, async (tx) => {
    if (action === 'suspend_user') {
      if (report.targetUserId === null) throw conflict(MESSAGES.reportTargetGone, 'report_target_gone');
      await suspendInTransaction(tx, events, actor, report.targetUserId, note, now, { alreadySuspendedIsFine: true });
    }
    if (action === 'hide_offer') {
      const [held] = await lockOffers(tx, [report.targetId]);
      if (held === undefined) throw conflict(MESSAGES.reportTargetGone, 'report_target_gone');
      await closeOffersByAdmin(tx, events, [held], { hide: true }, now);
    }
    const resolution = {
      status: 'resolved' as const,
      resolvedAction: action,
      resolvedNote: note || null,
      resolvedAt: now,
      resolvedBy: actor.id,
    };
    const [mine] = await tx
      .update(reports)
      .set(resolution)
      .where(and(eq(reports.id, reportId), eq(reports.status, 'open')))
      .returning({ id: reports.id });
    if (!mine) throw conflict(MESSAGES.reportAlreadyResolved, 'report_resolved');
    const others = await tx
      .update(reports)
      .set(resolution)
      .where(
        and(
          eq(reports.targetType, report.targetType),
          eq(reports.targetId, report.targetId),
          eq(reports.status, 'open'),
          ne(reports.id, reportId),
        ),
      )
      .returning({ id: reports.id });
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'report.resolve',
        targetUserId: report.targetUserId,
        targetType: 'report',
        targetId: reportId,
        details: { action, note, target: `${report.targetType}:${report.targetId}`, alsoResolved: others.map((r) => r.id) },
      },
      now,
    );
    return { resolved: 1 + others.length };
  });
}
