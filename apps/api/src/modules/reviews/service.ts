/**
 * Reviews after the shift (decisions 073 and 074, docs/rules.md#reviews): each side of an accepted application reviews
 * the other once while the window is open; both are published together when the second is written, or by the
 * `reviews-publish` job when the window closes. No answer shows an unpublished review but to its author. Writing,
 * reading, replying, reporting and hiding here; the rows in rows.ts, the publishing and its rounds in publishing.ts.
 */
import {
  addDays,
  formatDateTime,
  LIMITS,
  REVIEW_MESSAGES,
  type TApplicationReview,
  type TReview,
  type TReviewInput,
  type TReviewReportInput,
  type TReviewsPage,
  type TReviewsQuery,
  type TRole,
  todayInItaly,
} from '@farmaponte/shared';
import { and, desc, eq, gte, isNotNull, isNull, lte, notExists, type Placeholder, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, reviews, users, verifications } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { preparedRows } from '../../lib/prepared-rows';
import { isUniqueViolation } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { reportUser, resolveReviewReports } from '../moderation';
import { lockOffers } from '../offers';
import { ratingSummary } from '../ratings';
import { publish } from './publishing';
import { isSide, selectReviews, selectSides, sidesOf, type TReviewRow, type TSides, toReview } from './rows';
import { reviewWindow, windowState } from './window';

/**
 * POST /api/applications/{id}/review/: the author's review of the other side, once (409 the second time), while the
 * window is open (409 before and after). The offer is locked, then the application (docs/architecture.md), so the two
 * sides writing at once take turns: the second publishes both.
 */
export async function writeReview(
  db: TDb,
  events: TEvents,
  userId: number,
  applicationId: number,
  input: TReviewInput,
  now: Date,
): Promise<{ review: TReview; published: boolean }> {
  const whose = and(eq(applications.id, applicationId), isSide(userId));
  const id = await writeTransaction(db, async (tx) => {
    const [found] = await selectSides(tx).where(whose);
    // Someone else's application is as good as missing.
    if (!found) throw notFound();
    await lockOffers(tx, [found.offerId]);
    const [row] = (await selectSides(tx).where(whose).for('update', { of: applications })) as TSides[];
    if (!row) throw notFound();
    if (row.status !== 'accepted') throw conflict(REVIEW_MESSAGES.notAccepted, 'review_not_accepted');
    const window = reviewWindow(row);
    const state = windowState(window, now);
    if (state === 'none') throw conflict(REVIEW_MESSAGES.withoutDates, 'review_without_dates');
    if (state === 'not_yet' && window)
      throw conflict(REVIEW_MESSAGES.notYet(formatDateTime(window.opensAt.toISOString())), 'review_not_yet');
    if (state === 'closed') throw conflict(REVIEW_MESSAGES.windowClosed, 'review_window_closed');
    const side = sidesOf(row, userId);
    const written = await tx.select({ authorId: reviews.authorId }).from(reviews).where(eq(reviews.applicationId, applicationId));
    if (written.some((review) => review.authorId === userId)) throw conflict(REVIEW_MESSAGES.alreadyWritten, 'review_exists');
    const owner = side.role === 'titolare';
    const [inserted] = await tx
      .insert(reviews)
      .values({
        applicationId,
        authorId: userId,
        subjectId: side.subjectId,
        authorRole: side.role,
        rating: input.rating,
        comment: input.comment || null,
        punctuality: owner ? (input.punctuality ?? null) : null,
        communication: owner ? (input.communication ?? null) : null,
        handover: owner ? (input.handover ?? null) : null,
        wouldHireAgain: owner ? (input.would_hire_again ?? null) : null,
        welcome: owner ? null : (input.welcome ?? null),
        taskClarity: owner ? null : (input.task_clarity ?? null),
        payAsAgreed: owner ? null : (input.pay_as_agreed ?? null),
        createdAt: now,
      })
      .returning({ id: reviews.id });
    if (!inserted) throw notFound();
    // The other side's review is in: both are published now, in this transaction.
    if (written.length) await publish(tx, events, [applicationId], now);
    return inserted.id;
  }).catch((error: unknown) => {
    if (isUniqueViolation(error)) throw conflict(REVIEW_MESSAGES.alreadyWritten, 'review_exists');
    throw error;
  });
  const [row] = (await selectReviews(db).where(eq(reviews.id, id))) as TReviewRow[];
  if (!row) throw notFound();
  return { review: toReview(row), published: row.publishedAt !== null };
}

/** An application's reviews as one side sees them; rows of both sides (never the other's unpublished one). */
function applicationReview(row: TSides, userId: number, rows: TReviewRow[], now: Date): TApplicationReview {
  const side = sidesOf(row, userId);
  const window = reviewWindow(row);
  const mine = rows.find((review) => review.authorId === userId);
  const theirs = rows.find((review) => review.authorId !== userId && review.publishedAt && !review.hiddenAt);
  return {
    application_id: row.applicationId,
    offer_title: row.title,
    subject: { id: side.subjectId, name: side.subjectName, role: side.role === 'titolare' ? 'farmacista' : 'titolare' },
    my_role: side.role,
    opens_at: window?.opensAt.toISOString() ?? null,
    closes_at: window?.closesAt.toISOString() ?? null,
    can_review: row.status === 'accepted' && !mine && windowState(window, now) === 'open',
    mine: mine ? toReview(mine) : null,
    theirs: theirs ? toReview(theirs) : null,
  };
}

/** GET /api/applications/{id}/review/: the window, one's own review and the other's once published; 404 to others. */
export async function getApplicationReview(
  db: TDb,
  userId: number,
  applicationId: number,
  now: Date,
): Promise<TApplicationReview> {
  const [row] = (await selectSides(db).where(and(eq(applications.id, applicationId), isSide(userId)))) as TSides[];
  if (!row) throw notFound();
  const rows = (await selectReviews(db).where(eq(reviews.applicationId, applicationId))) as TReviewRow[];
  return applicationReview(row, userId, rows, now);
}

/**
 * GET /api/reviews/pending/: the accepted shifts `userId` may review now (the window open, their review not written),
 * the most recently ended first.
 */
export async function pendingReviews(db: TDb, userId: number, now: Date): Promise<TApplicationReview[]> {
  const today = todayInItaly(now);
  const lastDay = sql<string>`coalesce(${offers.dateTo}, ${offers.dateFrom})`;
  const rows = (await selectSides(db)
    .where(
      and(
        isSide(userId),
        eq(applications.status, 'accepted'),
        // A window opens at the earliest on the shift's last day and stays open LIMITS.reviewWindowDays after the next.
        gte(lastDay, addDays(today, -(LIMITS.reviewWindowDays + 1))),
        lte(lastDay, today),
        notExists(
          db
            .select({ one: sql`1` })
            .from(reviews)
            .where(and(eq(reviews.applicationId, applications.id), eq(reviews.authorId, userId))),
        ),
      ),
    )
    .orderBy(desc(lastDay), desc(applications.id))) as TSides[];
  return rows.map((row) => applicationReview(row, userId, [], now)).filter((review) => review.can_review);
}

/**
 * Whether `viewer` may read the reviews of `subjectId` (docs/rules.md#reviews): an owner's, anyone logged in; a
 * pharmacist's, the pharmacist, admins and owners an admin verified (403 `owner_not_verified` before). Anyone else,
 * and an id that is no pharmacist or owner, is not found.
 */
async function checkMayRead(db: TDb, viewer: { id: number; role: TRole }, subjectId: number): Promise<void> {
  const [subject] = await preparedRows(
    db,
    'review_subject_role',
    () =>
      db
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, sql.placeholder('subjectId'))),
    { subjectId },
  );
  if (!subject || subject.role === 'admin') throw notFound(REVIEW_MESSAGES.reviewNotFound, 'reviews_not_found');
  if (subject.role === 'titolare' || viewer.id === subjectId || viewer.role === 'admin') return;
  if (viewer.role !== 'titolare') throw notFound(REVIEW_MESSAGES.reviewNotFound, 'reviews_not_found');
  const [owner] = await db
    .select({ status: verifications.status })
    .from(verifications)
    .where(eq(verifications.userId, viewer.id));
  if (owner?.status !== 'verified') throw forbidden(REVIEW_MESSAGES.ownerNotVerified, 'owner_not_verified');
}

const shown = (subjectId: number | Placeholder) =>
  and(eq(reviews.subjectId, subjectId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt));

/**
 * GET /api/users/{id}/reviews/: the published, shown reviews of a person, newest first, with their average. Its reads
 * are named prepared statements (preparedRows): planned once per connection, a page of 100 rows mapped in one loop.
 */
export async function listUserReviews(
  db: TDb,
  viewer: { id: number; role: TRole },
  subjectId: number,
  { page, page_size }: TReviewsQuery,
): Promise<TReviewsPage> {
  await checkMayRead(db, viewer, subjectId);
  const [summary, rows] = await Promise.all([
    ratingSummary(db, subjectId),
    preparedRows(
      db,
      'user_reviews_page',
      () =>
        selectReviews(db)
          .where(shown(sql.placeholder('subjectId')))
          .orderBy(desc(reviews.publishedAt), desc(reviews.id))
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset')),
      { subjectId, limit: page_size, offset: (page - 1) * page_size },
    ),
  ]);
  return { ...summary, results: (rows as TReviewRow[]).map(toReview) };
}

/** POST /api/reviews/{id}/reply/: the subject's one reply to a published, shown review (409 the second time). */
export async function replyToReview(db: TDb, userId: number, reviewId: number, reply: string, now: Date): Promise<TReview> {
  await writeTransaction(db, async (tx) => {
    const [review] = await tx
      .select({ reply: reviews.reply })
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), shown(userId)))
      .for('update');
    if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound, 'review_not_found');
    if (review.reply !== null) throw conflict(REVIEW_MESSAGES.alreadyReplied, 'review_reply_exists');
    await tx.update(reviews).set({ reply, repliedAt: now }).where(eq(reviews.id, reviewId));
  });
  const [row] = (await selectReviews(db).where(eq(reviews.id, reviewId))) as TReviewRow[];
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound, 'review_not_found');
  return toReview(row);
}

/**
 * POST /api/reviews/{id}/report/: a published, shown review the reporter may read is reported to the admins' desk as
 * a report of its author (decision 062), with the review quoted; anything else is not found.
 */
export async function reportReview(
  db: TDb,
  viewer: { id: number; role: TRole },
  reviewId: number,
  input: TReviewReportInput,
  now: Date,
): Promise<number> {
  const [row] = (await selectReviews(db).where(
    and(eq(reviews.id, reviewId), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)),
  )) as TReviewRow[];
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound, 'review_not_found');
  await checkMayRead(db, viewer, row.subjectId).catch(() => {
    throw notFound(REVIEW_MESSAGES.reviewNotFound, 'review_not_found');
  });
  const quoted = `Recensione n. ${row.id} (${row.rating}/5) per «${row.title}»: «${row.comment ?? ''}»`;
  return reportUser(db, viewer.id, row.authorId, input, quoted, now, row.id);
}

/**
 * POST /api/admin/reviews/{id}/hide/: an admin hides a review with a reason, resolving the open reports that name it
 * (`hide_review`), with one audit entry, in one transaction. Lock order: the review, then its reports; the review's
 * lock decides between two admins at once (the second finds it hidden: 409).
 */
export async function hideReview(db: TDb, actor: TAuditActor, reviewId: number, reason: string, now: Date): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const [review] = await tx
      .select({ authorId: reviews.authorId, hiddenAt: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, reviewId))
      .for('update');
    if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound, 'review_not_found');
    if (review.hiddenAt) throw conflict(REVIEW_MESSAGES.alreadyHidden, 'review_hidden');
    await tx.update(reviews).set({ hiddenAt: now, hiddenReason: reason }).where(eq(reviews.id, reviewId));
    const resolved = await resolveReviewReports(tx, actor, reviewId, reason, now);
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'review.hide',
        targetUserId: review.authorId,
        targetType: 'review',
        targetId: reviewId,
        details: { reason, reportsResolved: resolved },
      },
      now,
    );
  });
}
