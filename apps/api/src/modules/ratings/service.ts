/**
 * Ratings where people choose (decision 074): a person's average and count of published, shown reviews, for many
 * people in one query, so a list of offers, applications or pharmacists adds one query and not one per row. It
 * imports no other feature, so offers, applications, invitations and availability may all use it.
 */
import type { TRatingSummary } from '@farmaponte/shared';
import { and, avg, count, isNotNull, isNull, type Placeholder, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { reviews } from '../../db/schema';
import { preparedRows } from '../../lib/prepared-rows';

/** A review that counts towards a rating: published, and not hidden by an admin. */
export const shownReview = and(isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt));

/** No review yet: what a list shows for a person without any. */
export const NO_RATING: TRatingSummary = { count: 0, average: null };

/**
 * The query of these people's published, shown reviews, counted and averaged per person. The ids are one array
 * parameter (`= any($1)`), so one statement text serves a page of 20 pharmacies or a list of 2,000, and is prepared
 * once per connection (docs/decisions/036).
 */
export function ratingSummariesQuery(db: TDb, ids: number[] | Placeholder) {
  return db
    .select({ userId: reviews.subjectId, n: count(), average: avg(reviews.rating) })
    .from(reviews)
    .where(and(sql`${reviews.subjectId} = any(${sql.param(ids)})`, shownReview))
    .groupBy(reviews.subjectId);
}

/** The average (one decimal) and count of each person's published, shown reviews; people without any are absent. */
export async function ratingSummaries(db: TDb, userIds: readonly number[]): Promise<Map<number, TRatingSummary>> {
  const found = new Map<number, TRatingSummary>();
  const ids = [...new Set(userIds)];
  if (!ids.length) return found;
  const rows = await preparedRows(db, 'rating_summaries', () => ratingSummariesQuery(db, sql.placeholder('ids')), { ids });
  for (const row of rows)
    found.set(row.userId, {
      count: Number(row.n),
      average: row.average == null ? null : Math.round(Number(row.average) * 10) / 10,
    });
  return found;
}

/** One person's summary (the reviews page's heading). */
export async function ratingSummary(db: TDb, userId: number): Promise<TRatingSummary> {
  return (await ratingSummaries(db, [userId])).get(userId) ?? NO_RATING;
}
