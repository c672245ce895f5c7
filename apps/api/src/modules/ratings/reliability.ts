/**
 * Reliability records (decision 074): for many people at once, the shifts completed over the last
 * LIMITS.reliabilityWindowMonths (accepted applications whose offer's last day has passed, as pharmacist or as owner,
 * but those reported as a no-show) and their late cancellations and no-shows, with the share of shifts kept.
 */
import { addDays, LIMITS, type TReliability, todayInItaly } from '@farmaponte/shared';
import { and, count, eq, gte, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, reliabilityEvents } from '../../db/schema';

export const NO_RECORD: TReliability = { completed: 0, late: 0, very_late: 0, no_show: 0, percentage: null };

export async function reliabilityRecords(db: TDb, userIds: readonly number[], now: Date): Promise<Map<number, TReliability>> {
  const found = new Map<number, TReliability>();
  const ids = [...new Set(userIds)];
  if (!ids.length) return found;
  const today = todayInItaly(now);
  const since = addDays(today, -Math.round(LIMITS.reliabilityWindowMonths * 30.44));
  const lastDay = sql<string>`coalesce(${offers.dateTo}, ${offers.dateFrom})`;
  // A no-show's application stays accepted: it is no shift completed.
  const noShow = db
    .select({ one: sql`1` })
    .from(reliabilityEvents)
    .where(and(eq(reliabilityEvents.applicationId, applications.id), eq(reliabilityEvents.kind, 'no_show')));
  const ended = and(eq(applications.status, 'accepted'), lt(lastDay, today), gte(lastDay, since), notExists(noShow));
  const [asPharmacist, asOwner, events] = await Promise.all([
    db
      .select({ userId: applications.farmacistaId, n: count() })
      .from(applications)
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(and(inArray(applications.farmacistaId, ids), ended))
      .groupBy(applications.farmacistaId),
    db
      .select({ userId: offers.ownerId, n: count() })
      .from(applications)
      .innerJoin(offers, eq(offers.id, applications.offerId))
      .where(and(inArray(offers.ownerId, ids), ended))
      .groupBy(offers.ownerId),
    db
      .select({ userId: reliabilityEvents.userId, kind: reliabilityEvents.kind, n: count() })
      .from(reliabilityEvents)
      .where(and(inArray(reliabilityEvents.userId, ids), gte(reliabilityEvents.at, new Date(`${since}T00:00:00Z`))))
      .groupBy(reliabilityEvents.userId, reliabilityEvents.kind),
  ]);
  const record = (userId: number) => {
    const current = found.get(userId) ?? { ...NO_RECORD };
    found.set(userId, current);
    return current;
  };
  for (const row of [...asPharmacist, ...asOwner]) record(row.userId).completed += Number(row.n);
  for (const row of events) {
    const current = record(row.userId);
    if (row.kind === 'late_cancellation') current.late += Number(row.n);
    else if (row.kind === 'very_late_cancellation') current.very_late += Number(row.n);
    else current.no_show += Number(row.n);
  }
  for (const current of found.values()) {
    const all = current.completed + current.late + current.very_late + current.no_show;
    current.percentage = all ? Math.round((current.completed / all) * 100) : null;
  }
  return found;
}
