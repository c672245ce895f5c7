/**
 * Reliability records (decision 074): for many people at once, the shifts completed over the last
 * LIMITS.reliabilityWindowMonths (accepted applications whose offer's last day has passed, as pharmacist or as owner,
 * but those reported as a no-show) and their late cancellations and no-shows, with the share of shifts kept. A list
 * shows them beside each person's rating, so both come from one statement.
 */
import { addDays, LIMITS, type TRatingSummary, type TReliability, todayInItaly } from '@farmaponte/shared';
import { type Placeholder, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, reliabilityEvents, reviews } from '../../db/schema';
import { preparedRows } from '../../lib/prepared-rows';
import { shownReview } from './service';

export const NO_RECORD: TReliability = { completed: 0, late: 0, very_late: 0, no_show: 0, percentage: null };

type TValue<T> = T | Placeholder;

/**
 * The query of these people's ratings and records, one row per person (public, for the strict floor). `today` and
 * `since` are days (YYYY-MM-DD), `sinceAt` the start of `since` as an ISO instant. The ids are one array parameter, so
 * the statement has one text for any number of people and is prepared once per connection (docs/decisions/036); each
 * person costs a few index lookups (reviews by subject, accepted applications by pharmacist, offers by owner, events by
 * person), whatever the size of the tables.
 */
export function ratingsAndRecordsQuery(
  db: TDb,
  {
    ids,
    today,
    since,
    sinceAt,
  }: { ids: TValue<number[]>; today: TValue<string>; since: TValue<string>; sinceAt: TValue<string> },
) {
  const lastDay = sql`coalesce(${offers.dateTo}, ${offers.dateFrom})`;
  // A no-show's application stays accepted: it is no shift completed.
  const ended = sql`${applications.status} = 'accepted' and ${lastDay} < ${sql.param(today)}::date
    and ${lastDay} >= ${sql.param(since)}::date
    and not exists (select 1 from ${reliabilityEvents} where ${reliabilityEvents.applicationId} = ${applications.id}
                    and ${reliabilityEvents.kind} = 'no_show')`;
  const count = (from: ReturnType<typeof sql>) => sql<number>`(select count(*) from ${from})`.mapWith(Number);
  return db
    .select({
      userId: sql<number>`person.id`.mapWith(Number),
      reviews: sql<number>`shown.n`.mapWith(Number),
      average: sql<string | null>`shown.average`,
      asPharmacist: count(
        sql`${applications} join ${offers} on ${offers.id} = ${applications.offerId}
            where ${applications.farmacistaId} = person.id and ${ended}`,
      ),
      asOwner: count(
        sql`${offers} join ${applications} on ${applications.offerId} = ${offers.id}
            where ${offers.ownerId} = person.id and ${ended}`,
      ),
      late: sql<number>`events.late`.mapWith(Number),
      veryLate: sql<number>`events.very_late`.mapWith(Number),
      noShow: sql<number>`events.no_show`.mapWith(Number),
    })
    .from(
      sql`unnest(${sql.param(ids)}::int[]) as person(id)
        cross join lateral (
          select count(*) as n, avg(${reviews.rating}) as average from ${reviews}
          where ${reviews.subjectId} = person.id and ${shownReview}
        ) as shown
        cross join lateral (
          select count(*) filter (where ${reliabilityEvents.kind} = 'late_cancellation') as late,
                 count(*) filter (where ${reliabilityEvents.kind} = 'very_late_cancellation') as very_late,
                 count(*) filter (where ${reliabilityEvents.kind} = 'no_show') as no_show
          from ${reliabilityEvents}
          where ${reliabilityEvents.userId} = person.id and ${reliabilityEvents.at} >= ${sql.param(sinceAt)}::timestamptz
        ) as events`,
    );
}

/** The window of the records on this day: its last 12 months. */
export function recordsWindow(now: Date) {
  const today = todayInItaly(now);
  const since = addDays(today, -Math.round(LIMITS.reliabilityWindowMonths * 30.44));
  return { today, since, sinceAt: `${since}T00:00:00Z` };
}

/**
 * These people's ratings (average to one decimal and count of published, shown reviews) and reliability records, in
 * one prepared statement; people with no review or no record are absent from each map.
 */
export async function ratingsAndRecords(
  db: TDb,
  userIds: readonly number[],
  now: Date,
): Promise<{ ratings: Map<number, TRatingSummary>; records: Map<number, TReliability> }> {
  const ratings = new Map<number, TRatingSummary>();
  const records = new Map<number, TReliability>();
  const ids = [...new Set(userIds)];
  if (!ids.length) return { ratings, records };
  const rows = await preparedRows(
    db,
    'ratings_and_records',
    () =>
      ratingsAndRecordsQuery(db, {
        ids: sql.placeholder('ids'),
        today: sql.placeholder('today'),
        since: sql.placeholder('since'),
        sinceAt: sql.placeholder('sinceAt'),
      }),
    { ids, ...recordsWindow(now) },
  );
  for (const row of rows) {
    if (row.reviews)
      ratings.set(row.userId, {
        count: row.reviews,
        average: row.average == null ? null : Math.round(Number(row.average) * 10) / 10,
      });
    const completed = row.asPharmacist + row.asOwner;
    const all = completed + row.late + row.veryLate + row.noShow;
    if (all)
      records.set(row.userId, {
        completed,
        late: row.late,
        very_late: row.veryLate,
        no_show: row.noShow,
        percentage: Math.round((completed / all) * 100),
      });
  }
  return { ratings, records };
}
