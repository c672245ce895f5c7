/**
 * Urgent shifts (decision 096, docs/rules.md#urgent-shifts): the owner side marks an open shift whose first day starts
 * within URGENT_WINDOW_HOURS as urgent; at once, in the same transaction, every pharmacist free that day within her
 * radius gets an urgent_alerts row (one INSERT … SELECT, however many there are) and the event `offer.marked_urgent`
 * makes the notifications (bell, then push and mail through the notifier). Marking again changes nothing and answers
 * the same count.
 */
import { addDays, LIMITS, romeInstant, type TMyOffer, todayInItaly } from '@farmaponte/shared';
import { partsFitting, URGENT_MESSAGES, URGENT_WINDOW_HOURS } from '@farmaponte/shared/urgent-shifts';
import { and, between, count, eq, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import {
  applications,
  availability,
  availabilityDays,
  externalBusyTimes,
  offers,
  professionalFiles,
  urgentAlerts,
  users,
} from '../../db/schema';
import { conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { boxAround, distanceKmSql } from '../../lib/sql';
import { writeTransaction } from '../../lib/transactions';
import { offerStatusOf, ownOffer } from '../offers';

type TUrgentOffer = {
  id: number;
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  hourlyPay: number | null;
  legalForms: string[];
  lat: number | null;
  lng: number | null;
};

/** The first day's start and end as instants (Europe/Rome): the whole day when the shift has no hours. */
export function shiftBounds(offer: Pick<TUrgentOffer, 'dateFrom' | 'startTime' | 'endTime'> & { dateFrom: string }) {
  const start = romeInstant(offer.dateFrom, offer.startTime ?? '00:00');
  if (!offer.startTime || !offer.endTime) return { start, end: romeInstant(addDays(offer.dateFrom, 1), '00:00') };
  // A shift whose end is not after its start ends the next day (a night).
  const endDay = offer.endTime <= offer.startTime ? addDays(offer.dateFrom, 1) : offer.dateFrom;
  return { start, end: romeInstant(endDay, offer.endTime) };
}

/**
 * The pharmacists an urgent shift reaches, as a select of their ids (decision 096): a visible calendar with the first
 * day free in a part the shift's hours fit, the pharmacy within her radius of her comune and the pay she asks met (as
 * the owners' search of who is free matches, availability/service.ts); a pharmacist's account with a confirmed address
 * (the invitations' rule), not suspended; no accepted shift covering that day; no busy time of her external calendar
 * overlapping the shift's hours; not already an applicant to this offer; and, for an offer worked only freelance, a
 * partita IVA and an insurance in force to its last day (professional-file/readiness.ts).
 */
function reachedPharmacists(db: TDb, offer: TUrgentOffer & { dateFrom: string; lat: number; lng: number }, now: Date) {
  const day = offer.dateFrom;
  const pharmacy = { lat: offer.lat, lng: offer.lng };
  const box = boxAround(pharmacy, LIMITS.availabilityRadiusMaxKm);
  const { start, end } = shiftBounds(offer);
  const parts = partsFitting(offer.startTime, offer.endTime);
  const freelanceOnly = !offer.legalForms.includes('dipendente');
  const lastDay = offer.dateTo ?? day;
  const conditions: (SQL | undefined)[] = [
    eq(availability.visible, true),
    between(availability.lat, box.minLat, box.maxLat),
    between(availability.lng, box.minLng, box.maxLng),
    sql`${distanceKmSql(availability.lat, availability.lng, pharmacy)} <= ${availability.radiusKm}`,
    eq(users.role, 'farmacista'),
    isNull(users.suspendedAt),
    isNotNull(users.emailVerifiedAt),
    offer.hourlyPay != null ? or(isNull(availability.minPay), lte(availability.minPay, offer.hourlyPay)) : undefined,
    sql`exists (select 1 from ${availabilityDays} where ${availabilityDays.userId} = ${availability.userId} and ${availabilityDays.day} = ${day} and ${availabilityDays.part} = any(${sql.param(parts)}::text[]))`,
    sql`not exists (select 1 from ${applications} inner join ${offers} on ${offers.id} = ${applications.offerId}
      where ${applications.farmacistaId} = ${availability.userId} and ${applications.status} = 'accepted'
        and coalesce(${offers.dateFrom}, ${offers.dateTo}) <= ${day} and coalesce(${offers.dateTo}, ${offers.dateFrom}) >= ${day})`,
    sql`not exists (select 1 from ${applications} where ${applications.farmacistaId} = ${availability.userId} and ${applications.offerId} = ${offer.id})`,
    sql`not exists (select 1 from ${externalBusyTimes} where ${externalBusyTimes.userId} = ${availability.userId}
      and ${externalBusyTimes.startsAt} < ${new Date(end).toISOString()}::timestamptz and ${externalBusyTimes.endsAt} > ${new Date(start).toISOString()}::timestamptz)`,
    freelanceOnly
      ? sql`exists (select 1 from ${professionalFiles} where ${professionalFiles.userId} = ${availability.userId}
          and ${professionalFiles.partitaIva} <> '' and ${professionalFiles.insuranceCompany} <> ''
          and ${professionalFiles.insuranceExpiresOn} >= ${lastDay < todayInItaly(now) ? todayInItaly(now) : lastDay})`
      : undefined,
  ];
  return db
    .select({
      offerId: sql<number>`${offer.id}::integer`.as('offer_id'),
      pharmacistId: availability.userId,
      createdAt: sql<Date>`${now.toISOString()}::timestamptz`.as('created_at'),
    })
    .from(availability)
    .innerJoin(users, eq(users.id, availability.userId))
    .where(and(...conditions));
}

/** How many pharmacists an urgent shift reached. */
export async function urgentReached(db: TDb, offerId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(urgentAlerts).where(eq(urgentAlerts.offerId, offerId));
  return Number(row?.n ?? 0);
}

/**
 * POST /api/offers/{id}/urgent/ for the pharmacy `ownerId` (its person allowed to write, requireOwner): 404 for
 * another pharmacy's offer or none; 409 `offer_not_open` unless open and published, `offer_without_date`,
 * `shift_started` once the first day has started, `urgent_too_early` before the 72 hours. The offer's row is locked
 * first, so two marks at once go one after the other: the second finds it urgent and tells nobody again. Answers
 * whether this call marked it, how many were reached, and the offer as its owner now sees it.
 */
export async function markUrgent(
  db: TDb,
  events: TEvents,
  ownerId: number,
  offerId: number,
  now: Date,
): Promise<{ marked: boolean; reached: number; offer: TMyOffer }> {
  const result = await writeTransaction(db, async (tx) => {
    const [offer] = await tx
      .select({
        id: offers.id,
        dateFrom: offers.dateFrom,
        dateTo: offers.dateTo,
        startTime: offers.startTime,
        endTime: offers.endTime,
        hourlyPay: offers.hourlyPay,
        legalForms: offers.legalForms,
        lat: offers.lat,
        lng: offers.lng,
        closedAt: offers.closedAt,
        publishedAt: offers.publishedAt,
        acceptedCount: offers.acceptedCount,
        positions: offers.positions,
        urgentAt: offers.urgentAt,
      })
      .from(offers)
      .where(and(eq(offers.id, offerId), eq(offers.ownerId, ownerId)))
      .for('update');
    // Someone else's offer is as good as missing: its existence is not revealed.
    if (!offer) throw notFound();
    if (offer.urgentAt) return { marked: false, reached: await urgentReached(tx, offerId) };
    if (offerStatusOf(offer, todayInItaly(now)) !== 'open') throw conflict(URGENT_MESSAGES.notOpen, 'offer_not_open');
    if (!offer.dateFrom) throw conflict(URGENT_MESSAGES.noDate, 'offer_without_date');
    const { start } = shiftBounds({ ...offer, dateFrom: offer.dateFrom });
    if (start <= now.getTime()) throw conflict(URGENT_MESSAGES.started, 'shift_started');
    if (start - now.getTime() > URGENT_WINDOW_HOURS * 3_600_000) throw conflict(URGENT_MESSAGES.tooFar, 'urgent_too_early');
    await tx.update(offers).set({ urgentAt: now, updatedAt: now }).where(eq(offers.id, offerId));
    // An offer not placed on the map yet reaches nobody: there is no distance to measure.
    const reached =
      offer.lat == null || offer.lng == null
        ? []
        : await tx
            .insert(urgentAlerts)
            .select(reachedPharmacists(tx, { ...offer, dateFrom: offer.dateFrom, lat: offer.lat, lng: offer.lng }, now))
            .onConflictDoNothing()
            .returning({ pharmacistId: urgentAlerts.pharmacistId });
    await events.record(tx, { type: 'offer.marked_urgent', offerId, ownerId });
    return { marked: true, reached: reached.length };
  });
  return { ...result, offer: await ownOffer(db, ownerId, offerId, now) };
}
