/**
 * The warning before a freelance relationship looks like employment (decision 093, RECLASSIFICATION in
 * packages/shared/src/engagement.ts), per organisation and pharmacist over the 12 months up to the last day of the
 * engagement asked about (today for one without dates), counting it as if it were accepted:
 * - `shifts`: the days with a freelance shift for any pharmacy of the organisation (a day counts once);
 * - `sameWeekdayWeeks`: the most weeks with such a shift on one weekday (a weekday occurs once a week, so its days);
 * - `hoursPerMonth`: the hours of those shifts in the busiest calendar month;
 * - `share`: the organisation's share of all her accepted engagements on the platform (any form, any organisation)
 *   in the window, read only from `shareMinimumEngagements` engagements on.
 * It warns and never blocks.
 */
import { addDays, RECLASSIFICATION, shiftPeriod, todayInItaly } from '@farmaponte/shared';
import { CONTRACT_MESSAGES, RECLASSIFICATION_TEXT, type TReclassification } from '@farmaponte/shared/contracts';
import { and, eq, or } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, organisationPharmacies } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { daysOf, minutesOfDay } from './terms';

export interface TEngagement {
  id: number;
  freelance: boolean;
  /** Of the organisation asked about. */
  ours: boolean;
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  /** When it was accepted (an engagement without dates is in the window by this day). */
  acceptedOn: string;
}

/** The 12 months up to `to`, both days included: 2031-03-31 → 2030-04-01. */
export function windowEndingOn(to: string): { from: string; to: string } {
  const [y, m, d] = to.split('-').map(Number) as [number, number, number];
  const sameDay = new Date(Date.UTC(y, m - 1 - RECLASSIFICATION.windowMonths, d));
  if (sameDay.getUTCDate() !== d) sameDay.setUTCDate(0);
  return { from: addDays(sameDay.toISOString().slice(0, 10), 1), to };
}

/** The indicators of a set of engagements in a window: pure arithmetic, golden-tested by hand. */
export function reclassificationOf(engagements: TEngagement[], window: { from: string; to: string }): TReclassification {
  const { thresholds } = RECLASSIFICATION;
  const shiftDays = new Set<string>();
  const monthMinutes = new Map<string, number>();
  let total = 0;
  let ours = 0;
  for (const engagement of engagements) {
    const period = shiftPeriod(engagement.dateFrom, engagement.dateTo);
    const inWindow = period
      ? period.first <= window.to && period.last >= window.from
      : engagement.acceptedOn >= window.from && engagement.acceptedOn <= window.to;
    if (!inWindow) continue;
    total += 1;
    if (engagement.ours) ours += 1;
    if (!(engagement.ours && engagement.freelance && period)) continue;
    const first = period.first < window.from ? window.from : period.first;
    const last = period.last > window.to ? window.to : period.last;
    for (const day of daysOf(first, last)) {
      shiftDays.add(day);
      if (!(engagement.startTime && engagement.endTime)) continue;
      const month = day.slice(0, 7);
      monthMinutes.set(month, (monthMinutes.get(month) ?? 0) + minutesOfDay(day, engagement.startTime, engagement.endTime));
    }
  }
  const weekdays = new Map<number, number>();
  for (const day of shiftDays) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    weekdays.set(weekday, (weekdays.get(weekday) ?? 0) + 1);
  }
  const busiest = Math.max(0, ...monthMinutes.values());
  const shareRead = total >= thresholds.shareMinimumEngagements;
  const values = {
    shifts: shiftDays.size,
    sameWeekdayWeeks: Math.max(0, ...weekdays.values()),
    hoursPerMonth: Math.round((busiest / 60) * 100) / 100,
    share: shareRead ? Math.round((ours / total) * 1000) / 1000 : null,
  };
  const indicators = (['shifts', 'sameWeekdayWeeks', 'hoursPerMonth', 'share'] as const).map((key) => {
    const value = values[key];
    const threshold = thresholds[key];
    return {
      key,
      value,
      threshold,
      over: value !== null && value >= threshold,
      label: RECLASSIFICATION_TEXT.labels[key](threshold),
    };
  });
  return {
    at_risk: indicators.some((indicator) => indicator.over),
    from: window.from,
    to: window.to,
    indicators,
    title: RECLASSIFICATION_TEXT.title,
    explanation: RECLASSIFICATION_TEXT.explanation,
    advice: [...RECLASSIFICATION_TEXT.advice],
    source: RECLASSIFICATION.source,
  };
}

/**
 * The warning for a freelance application of the pharmacy `pharmacyId` (owner's read; another pharmacy's, or an
 * employee one, 404).
 */
export async function reclassificationOfApplication(
  db: TDb,
  pharmacyId: number,
  applicationId: number,
  now: Date,
): Promise<TReclassification> {
  const found = await freelanceReclassification(db, pharmacyId, applicationId, now);
  if (!found) throw notFound(CONTRACT_MESSAGES.reclassificationNotFound, 'reclassification_not_found');
  return found;
}

/** The warning for a freelance application of the pharmacy, undefined for any other (an acceptance's answer). */
export async function freelanceReclassification(
  db: TDb,
  pharmacyId: number,
  applicationId: number,
  now: Date,
): Promise<TReclassification | undefined> {
  const [asked] = await db
    .select({
      farmacistaId: applications.farmacistaId,
      legalForm: applications.legalForm,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      organisationId: organisationPharmacies.organisationId,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(organisationPharmacies, eq(organisationPharmacies.pharmacyId, offers.ownerId))
    .where(and(eq(applications.id, applicationId), eq(offers.ownerId, pharmacyId)));
  if (asked?.legalForm !== 'libera_professione') return undefined;
  const today = todayInItaly(now);
  const rows = await db
    .select({
      id: applications.id,
      legalForm: applications.legalForm,
      statusChangedAt: applications.statusChangedAt,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      startTime: offers.startTime,
      endTime: offers.endTime,
      organisationId: organisationPharmacies.organisationId,
      ownerId: offers.ownerId,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(organisationPharmacies, eq(organisationPharmacies.pharmacyId, offers.ownerId))
    .where(
      and(
        eq(applications.farmacistaId, asked.farmacistaId),
        or(eq(applications.status, 'accepted'), eq(applications.id, applicationId)),
      ),
    );
  const engagements = rows.map((row) => ({
    id: row.id,
    freelance: row.legalForm === 'libera_professione',
    ours: asked.organisationId === null ? row.ownerId === pharmacyId : row.organisationId === asked.organisationId,
    dateFrom: row.dateFrom,
    dateTo: row.dateTo,
    startTime: row.startTime,
    endTime: row.endTime,
    // This one, as if accepted now.
    acceptedOn: row.id === applicationId ? today : todayInItaly(row.statusChangedAt),
  }));
  const lastDay = shiftPeriod(asked.dateFrom, asked.dateTo)?.last ?? today;
  return reclassificationOf(engagements, windowEndingOn(lastDay));
}
