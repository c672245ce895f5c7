/**
 * Reports, the admins' desk and suspensions (decision 062, docs/rules.md#reports-and-suspensions). A report is one row;
 * resolving one resolves every open report on the same target. Suspending an account ends its sessions, closes its
 * offers, withdraws its waiting applications and mails the reason, in one transaction with its audit entry.
 */
import {
  LIMITS,
  MESSAGES,
  type TAdminReport,
  type TReportAction,
  type TReportInput,
  type TReportsQuery,
  todayInItaly,
} from '@farmaponte/shared';
import { and, asc, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, reports, reviews, users, verifications } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { withdrawPendingApplicationsOf } from '../applications';
import { recordAdminAction, type TAuditActor } from '../audit';
import { revokeAllSessions } from '../auth';
import { enqueueMail } from '../mail';
import { reportedMessage } from '../messages';
import type { TNotifier } from '../notifications';
import { closeOffersByAdmin, lockOffers, offerStatusSql } from '../offers';
import { suspensionMail } from './suspension-mail';

/** Reports one account may file a day (decision 020's write quotas): tries count, so a burst cannot pass it. */
export function takeReportQuota(counters: TCounterStore, reporterId: number) {
  return takeQuota(counters, `reports:${reporterId}`, {
    max: LIMITS.reportsPerDay,
    windowMs: LIMITS.reportsWindowMs,
    message: MESSAGES.reportsPerDayLimit,
    code: 'report_quota',
  });
}

const targetNotFound = () => notFound(MESSAGES.reportTargetNotFound, 'report_target_not_found');
const reportingSelf = () => badRequest(MESSAGES.reportSelf, 'report_self');

/**
 * Who a report is about, or 404. An offer counts when the reporter can see it: published and not hidden, or one they
 * applied to. A user counts when the two have an application between them (the other party of an application is the
 * only person the app shows), so a report cannot probe which ids are accounts.
 */
async function reportedUser(db: TDb, reporterId: number, input: TReportInput): Promise<number> {
  if (input.target_type === 'offer') {
    const [offer] = await db
      .select({
        ownerId: offers.ownerId,
        // Names written out: in a one-table select Drizzle leaves columns unqualified, which the subquery would rebind.
        visible: sql<boolean>`("offers"."published_at" is not null and "offers"."hidden_at" is null) or exists (select 1 from applications a where a.offer_id = "offers"."id" and a.farmacista_id = ${reporterId})`,
      })
      .from(offers)
      .where(eq(offers.id, input.target_id));
    if (offer?.ownerId === reporterId) throw reportingSelf();
    if (!offer?.visible) throw targetNotFound();
    return offer.ownerId;
  }
  if (input.target_id === reporterId) throw reportingSelf();
  const [met] = await db
    .select({ id: applications.id })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      or(
        and(eq(applications.farmacistaId, input.target_id), eq(offers.ownerId, reporterId)),
        and(eq(applications.farmacistaId, reporterId), eq(offers.ownerId, input.target_id)),
      ),
    )
    .limit(1);
  if (!met) throw targetNotFound();
  return input.target_id;
}

/**
 * Files a report; 409 while the reporter has an open one on the same target (the unique index decides races). A report
 * of a message (decision 072) reports its author, with the message quoted under the reporter's details for the desk; a
 * message the author did not write to the reporter is not found.
 */
export async function createReport(db: TDb, reporterId: number, input: TReportInput, now: Date): Promise<number> {
  const targetUserId = await reportedUser(db, reporterId, input);
  const quoted =
    input.message_id === undefined ? undefined : await reportedMessage(db, input.message_id, reporterId, targetUserId);
  if (input.message_id !== undefined && !quoted) throw targetNotFound();
  const details = [input.details, quoted].filter(Boolean).join('\n\n');
  return insertReport(
    db,
    { reporterId, targetType: input.target_type, targetId: input.target_id, targetUserId },
    input,
    details,
    now,
  );
}

/**
 * Files a report of a person whom the caller has already found visible to the reporter (a review's author, decision
 * 074), with what they wrote quoted in the details; the same 409 while an open one exists.
 */
export async function reportUser(
  db: TDb,
  reporterId: number,
  targetUserId: number,
  input: Pick<TReportInput, 'reason' | 'details'>,
  quoted: string,
  now: Date,
  reviewId: number | null = null,
): Promise<number> {
  if (targetUserId === reporterId) throw reportingSelf();
  const details = [input.details, quoted].filter(Boolean).join('\n\n');
  return insertReport(
    db,
    { reporterId, targetType: 'user', targetId: targetUserId, targetUserId, reviewId },
    input,
    details,
    now,
  );
}

/**
 * Inside the transaction hiding a review (decision 074), after the review's lock: the open reports naming it are
 * locked (id order) and resolved as `hide_review`, with the admin's reason as the note. Returns their ids.
 */
export async function resolveReviewReports(
  tx: TDb,
  actor: TAuditActor,
  reviewId: number,
  reason: string,
  now: Date,
): Promise<number[]> {
  const open = and(eq(reports.reviewId, reviewId), eq(reports.status, 'open'));
  await tx.select({ id: reports.id }).from(reports).where(open).orderBy(asc(reports.id)).for('update');
  const resolved = await tx
    .update(reports)
    .set({ status: 'resolved', resolvedAction: 'hide_review', resolvedNote: reason, resolvedAt: now, resolvedBy: actor.id })
    .where(open)
    .returning({ id: reports.id });
  return resolved.map((row) => row.id).sort((a, b) => a - b);
}

async function insertReport(
  db: TDb,
  target: { reporterId: number; targetType: 'offer' | 'user'; targetId: number; targetUserId: number; reviewId?: number | null },
  input: Pick<TReportInput, 'reason'>,
  details: string,
  now: Date,
): Promise<number> {
  try {
    const [row] = await db
      .insert(reports)
      .values({ ...target, reason: input.reason, details: details || null, createdAt: now })
      .returning({ id: reports.id });
    if (!row) throw targetNotFound();
    return row.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.reportDuplicate, 'report_duplicate');
    // The reporter's account, or the person reported, was deleted meanwhile.
    if (isForeignKeyViolation(error)) throw targetNotFound();
    throw error;
  }
}

/** The desk's page: reports of one status, grouped by target (the group with the oldest report first). */
export async function listReports(db: TDb, query: TReportsQuery, now: Date): Promise<{ count: number; results: TAdminReport[] }> {
  const where = eq(reports.status, query.status);
  const reporter = sql<string>`(select ${users.email} from ${users} where ${users.id} = ${reports.reporterId})`;
  const groupStart = sql`min(${reports.createdAt}) over (partition by ${reports.targetType}, ${reports.targetId})`;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(reports).where(where),
    db
      .select({
        id: reports.id,
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        details: reports.details,
        status: reports.status,
        createdAt: reports.createdAt,
        reporterEmail: reporter,
        resolvedAction: reports.resolvedAction,
        resolvedNote: reports.resolvedNote,
        resolvedAt: reports.resolvedAt,
        offerTitle: offers.title,
        offerStatus: sql<string | null>`case when ${offers.id} is null then null else ${offerStatusSql(todayInItaly(now))} end`,
        offerHidden: sql<boolean>`${offers.hiddenAt} is not null`,
        userId: users.id,
        userEmail: users.email,
        userRole: users.role,
        userSuspended: sql<boolean>`${users.suspendedAt} is not null`,
        name: profiles.name,
        surname: profiles.surname,
        verification: verifications.status,
        earlier: sql<number>`(select count(*)::int from reports e where e.target_user_id = ${reports.targetUserId} and e.status = 'resolved' and e.id <> ${reports.id})`,
        reviewId: reviews.id,
        reviewRating: reviews.rating,
        reviewComment: reviews.comment,
        reviewHidden: sql<boolean>`${reviews.hiddenAt} is not null`,
        reviewOfferTitle: sql<
          string | null
        >`(select o.title from applications a join offers o on o.id = a.offer_id where a.id = ${reviews.applicationId})`,
        earlierActions: sql<
          string[] | null
        >`(select array_agg(distinct e.resolved_action) from reports e where e.target_user_id = ${reports.targetUserId} and e.status = 'resolved' and e.id <> ${reports.id})`,
      })
      .from(reports)
      .leftJoin(offers, and(eq(reports.targetType, 'offer'), eq(offers.id, reports.targetId)))
      .leftJoin(users, eq(users.id, reports.targetUserId))
      .leftJoin(profiles, eq(profiles.userId, reports.targetUserId))
      .leftJoin(verifications, eq(verifications.userId, reports.targetUserId))
      .leftJoin(reviews, eq(reviews.id, reports.reviewId))
      .where(where)
      .orderBy(
        query.status === 'open'
          ? asc(groupStart)
          : sql`max(${reports.resolvedAt}) over (partition by ${reports.targetType}, ${reports.targetId}) desc`,
        asc(reports.targetType),
        asc(reports.targetId),
        asc(reports.id),
      )
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
  ]);
  return {
    count: Number(total?.n ?? 0),
    results: rows.map((row) => {
      const person = row.userId === null ? null : `${row.name ?? ''} ${row.surname ?? ''}`.trim() || (row.userEmail ?? '');
      return {
        id: row.id,
        target_type: row.targetType,
        target_id: row.targetId,
        reason: row.reason,
        details: row.details,
        status: row.status,
        created_at: row.createdAt.toISOString(),
        reporter_email: row.reporterEmail ?? '',
        target: {
          label: row.targetType === 'offer' ? (row.offerTitle ?? '') : (person ?? ''),
          offer_status: row.targetType === 'offer' ? row.offerStatus : null,
          offer_hidden: row.targetType === 'offer' && Boolean(row.offerHidden),
          user_id: row.userId,
          user_email: row.userEmail,
          user_name: person,
          user_role: row.userRole,
          verification_status: row.verification,
          suspended: Boolean(row.userSuspended),
        },
        review:
          row.reviewId === null
            ? null
            : {
                id: row.reviewId,
                rating: row.reviewRating ?? 0,
                comment: row.reviewComment,
                offer_title: row.reviewOfferTitle ?? '',
                hidden: Boolean(row.reviewHidden),
              },
        earlier_reports: Number(row.earlier ?? 0),
        earlier_actions: row.earlierActions ?? [],
        resolved_action: row.resolvedAction,
        resolved_note: row.resolvedNote,
        resolved_at: row.resolvedAt?.toISOString() ?? null,
      };
    }),
  };
}

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
  notifier: TNotifier,
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
    notifier,
    owned.map((row) => row.id),
    { hide: false },
    now,
  );
  await withdrawPendingApplicationsOf(tx, notifier, userId, now);
  await revokeAllSessions(tx, userId, now);
  await enqueueMail(tx, { userId, to: user.email, ...suspensionMail(reason) }, now);
  await recordAdminAction(tx, actor, { action: 'user.suspend', targetUserId: userId, details: { reason, offersClosed } }, now);
  return { userId, suspended: true, offersClosed };
}

/** POST /api/admin/users/{id}/suspend/ (decision 062). */
export function suspendUser(db: TDb, notifier: TNotifier, actor: TAuditActor, userId: number, reason: string, now: Date) {
  return writeTransaction(db, (tx) => suspendInTransaction(tx, notifier, actor, userId, reason, now));
}

/** POST /api/admin/users/{id}/reinstate/: the account may log in again; its closed offers stay closed. */
export async function reinstateUser(db: TDb, actor: TAuditActor, userId: number, now: Date): Promise<void> {
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
  });
}

export interface TResolution {
  resolved: number;
  /** The account suspended by this resolution, whose cached sessions every instance must forget. */
  suspendedUserId: number | null;
  offersChanged: boolean;
}

/**
 * Resolves a report and every other open report on the same target, with the action taken (decision 062). Locks in
 * the lock order: the person's row (suspend), the offer (hide), then the reports; the report's own update decides
 * between two admins at once (the second finds it resolved: 409).
 */
export async function resolveReport(
  db: TDb,
  notifier: TNotifier,
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
    let suspendedUserId: number | null = null;
    let offersChanged = false;
    if (action === 'suspend_user') {
      if (report.targetUserId === null) throw conflict(MESSAGES.reportTargetGone, 'report_target_gone');
      const outcome = await suspendInTransaction(tx, notifier, actor, report.targetUserId, note, now, {
        alreadySuspendedIsFine: true,
      });
      if (outcome.suspended) suspendedUserId = outcome.userId;
      offersChanged = outcome.offersClosed > 0;
    }
    if (action === 'hide_offer') {
      const [held] = await lockOffers(tx, [report.targetId]);
      if (held === undefined) throw conflict(MESSAGES.reportTargetGone, 'report_target_gone');
      await closeOffersByAdmin(tx, notifier, [held], { hide: true }, now);
      offersChanged = true;
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
    return { resolved: 1 + others.length, suspendedUserId, offersChanged };
  });
}
