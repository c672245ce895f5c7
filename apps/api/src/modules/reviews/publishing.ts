/**
 * Reviews made public (docs/rules.md#reviews): both at once when the second is written, or by the `reviews-publish`
 * round once the window closes; and the `review-invitations` round that asks both sides when it opens. Each records its
 * event (decision 087): the notifications follow from it.
 */
import { addDays, LIMITS, todayInItaly } from '@farmaponte/shared';
import { and, eq, gte, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, reviews, shiftReminders } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { lockOffers } from '../offers';
import { selectSides, type TSides } from './rows';
import { reviewWindow, windowState } from './window';

/** Publishes every unpublished review of these applications and tells each subject; in the caller's transaction. */
export async function publish(tx: TDb, events: TEvents, applicationIds: number[], now: Date): Promise<number> {
  if (!applicationIds.length) return 0;
  const published = await tx
    .update(reviews)
    .set({ publishedAt: now })
    .where(and(inArray(reviews.applicationId, applicationIds), isNull(reviews.publishedAt)))
    .returning({ id: reviews.id });
  if (!published.length) return 0;
  await events.record(tx, { type: 'reviews.published', reviewIds: published.map((row) => row.id) });
  return published.length;
}

/**
 * The `reviews-publish` job's round: the unpublished reviews whose window has closed are published (each application
 * in its own transaction, under its offer's and application's locks like a review written at that moment).
 */
export async function publishClosedReviews(db: TDb, events: TEvents, now: Date, signal?: AbortSignal): Promise<number> {
  const lastDay = sql<string>`coalesce(${offers.dateTo}, ${offers.dateFrom})`;
  // A window closes at the latest LIMITS.reviewWindowDays + 1 days after the last day: only those are candidates.
  const candidates = (await selectSides(db)
    .where(
      and(
        inArray(applications.id, db.select({ id: reviews.applicationId }).from(reviews).where(isNull(reviews.publishedAt))),
        lte(lastDay, addDays(todayInItaly(now), -LIMITS.reviewWindowDays)),
      ),
    )
    .orderBy(applications.id)) as TSides[];
  let published = 0;
  for (const row of candidates) {
    if (signal?.aborted) break;
    if (windowState(reviewWindow(row), now) !== 'closed') continue;
    published += await writeTransaction(db, async (tx) => {
      await lockOffers(tx, [row.offerId]);
      await tx.select({ id: applications.id }).from(applications).where(eq(applications.id, row.applicationId)).for('update');
      return publish(tx, events, [row.applicationId], now);
    });
  }
  return published;
}

/**
 * The `review-invitations` job's round: once a shift's window opens, both sides are asked for a review, once per
 * application (the `shift_reminders` row `review_invitation`, inserted before the notifications in one transaction:
 * an instance that runs the round at the same time inserts nothing and tells no one).
 */
export async function sendReviewInvitations(db: TDb, events: TEvents, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayInItaly(now);
  const lastDay = sql<string>`coalesce(${offers.dateTo}, ${offers.dateFrom})`;
  const candidates = (await selectSides(db)
    .where(
      and(
        eq(applications.status, 'accepted'),
        gte(lastDay, addDays(today, -(LIMITS.reviewWindowDays + 1))),
        lte(lastDay, today),
        notExists(
          db
            .select({ one: sql`1` })
            .from(shiftReminders)
            .where(and(eq(shiftReminders.applicationId, applications.id), eq(shiftReminders.kind, 'review_invitation'))),
        ),
      ),
    )
    .orderBy(applications.id)) as TSides[];
  let sent = 0;
  for (const row of candidates) {
    if (signal?.aborted) break;
    if (windowState(reviewWindow(row), now) !== 'open') continue;
    sent += await writeTransaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(shiftReminders)
        .values({ applicationId: row.applicationId, kind: 'review_invitation', sentAt: now })
        .onConflictDoNothing()
        .returning({ applicationId: shiftReminders.applicationId });
      if (!claimed) return 0;
      await events.record(tx, {
        type: 'review.requested',
        applicationId: row.applicationId,
        pharmacistId: row.farmacistaId,
        ownerId: row.ownerId,
      });
      return 1;
    });
  }
  return sent;
}
