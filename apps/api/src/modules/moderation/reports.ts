/** Reports (decision 062): filing one about an offer, a user, a message or a review, and the admins' desk of them. */
import { LIMITS, MESSAGES, type TAdminReport, type TReportInput, type TReportsQuery, todayInItaly } from '@farmaponte/shared';
import { and, asc, count, eq, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, reports, reviews, users, verifications } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { type TCounterStore, takeQuota } from '../../lib/limiter';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/sql';
import type { TAuditActor } from '../audit';
import { reportedMessage } from '../messages';
import { offerStatusSql } from '../offers';

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
export async function reportedUser(db: TDb, reporterId: number, input: TReportInput): Promise<number> {
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

export async function insertReport(
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
