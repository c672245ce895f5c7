/**
 * Never double booked (docs/rules.md#applications, decision 071): a pharmacist holds no two accepted applications whose
 * offers share a day and overlapping hours (or a day, when either offer has no hours or ends the next morning, and then
 * the morning after its last day too). An offer without both dates is
 * an open-ended job and shares no day with anything. The rule in SQL, for the check before an acceptance and for the
 * owner's list of waiting applications, which names the other shift before 'Accetta' is tried.
 */
import { INVITATION_MESSAGES, type TDoubleBooking, type TOtherShift } from '@farmaponte/shared';
import { and, eq, inArray, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applications, offers, profiles } from '../../db/schema';
import { conflict } from '../../lib/errors';

const bookedApplication = alias(applications, 'booked_application');
const bookedOffer = alias(offers, 'booked_offer');
const bookedOwner = alias(profiles, 'booked_owner');

/** Both dates: the offer occupies those days (a single day has both equal). */
const hasDays = (offer: typeof offers | typeof bookedOffer) => and(isNotNull(offer.dateFrom), isNotNull(offer.dateTo));
/**
 * Both hours, the end after the start: the offer occupies that part of each of its days; without them, or for a night
 * service that ends the next morning (decision 094), the whole day, which is the safe side.
 */
const hasHours = (offer: typeof offers | typeof bookedOffer) =>
  and(isNotNull(offer.startTime), isNotNull(offer.endTime), sql`${offer.startTime} < ${offer.endTime}`);

/** A night that ends the next morning reaches the day after its last: 1 day more, else 0. */
const nextMorning = (offer: typeof offers | typeof bookedOffer) =>
  sql`(case when ${offer.startTime} >= ${offer.endTime} then 1 else 0 end)`;

/** `bookedOffer` shares a day with `offers` (the offer being decided), and hours too when both have them. */
function overlapsOffer(): SQL {
  return and(
    hasDays(offers),
    hasDays(bookedOffer),
    sql`${bookedOffer.dateFrom} <= ${offers.dateTo} + ${nextMorning(offers)}`,
    sql`${offers.dateFrom} <= ${bookedOffer.dateTo} + ${nextMorning(bookedOffer)}`,
    or(
      sql`not (${hasHours(offers)})`,
      sql`not (${hasHours(bookedOffer)})`,
      and(sql`${bookedOffer.startTime} < ${offers.endTime}`, sql`${offers.startTime} < ${bookedOffer.endTime}`),
    ),
  ) as SQL;
}

/**
 * The pharmacist's accepted shift, on another offer, that overlaps the offer `offers` (in the outer query), soonest
 * first: a JSON object `{title, pharmacy, date_from, date_to}` or null. `farmacistaId` is the outer query's column or a value.
 */
export function bookedShiftSql(farmacistaId: SQL | typeof applications.farmacistaId | number): SQL<TDoubleBooking> {
  const booked = new QueryBuilder()
    .select({
      shift: sql`json_build_object('title', ${bookedOffer.title}, 'pharmacy', ${bookedOwner.denominazioneFarmacia}, 'date_from', ${bookedOffer.dateFrom}, 'date_to', ${bookedOffer.dateTo})`,
    })
    .from(bookedApplication)
    .innerJoin(bookedOffer, eq(bookedOffer.id, bookedApplication.offerId))
    .innerJoin(bookedOwner, eq(bookedOwner.userId, bookedOffer.ownerId))
    .where(
      and(
        eq(bookedApplication.farmacistaId, farmacistaId),
        // Constant text, not a parameter: the received page's prepared statement keeps only its own parameters.
        sql`${bookedApplication.status} = 'accepted'`,
        ne(bookedApplication.offerId, offers.id),
        overlapsOffer(),
      ),
    )
    .orderBy(bookedOffer.dateFrom, bookedApplication.id)
    .limit(1);
  return sql<TDoubleBooking>`(${booked})`.mapWith(parseJson);
}

/**
 * For the owner's list: the shift that double books the applicant of `applications` (the outer query's row) while the
 * application waits for an answer (sent, seen), else null; the other statuses need no warning and cost no lookup.
 */
export function waitingDoubleBookingSql(): SQL<TDoubleBooking> {
  return sql<TDoubleBooking>`case when ${applications.status} in ('sent', 'seen') then ${bookedShiftSql(applications.farmacistaId)} end`.mapWith(
    parseJson,
  );
}

/** json columns come parsed from node-postgres and PGlite alike; a driver that sends text is read too. */
function parseJson(value: unknown): TDoubleBooking {
  return (typeof value === 'string' ? JSON.parse(value) : (value ?? null)) as TDoubleBooking;
}

/**
 * The pharmacist's applications still waiting for an answer (sent, seen) on other offers that share a day and hours
 * with this one: an acceptance for this offer withdraws them (decision 083), so she is never asked to work two places
 * at once. Read before the offers are locked (their ids are locked with the accepted one, in id order) and again after.
 */
export async function overlappingWaitingApplications(
  db: TDb,
  farmacistaId: number,
  offerId: number,
): Promise<{ id: number; offerId: number; ownerId: number; shift: TOtherShift }[]> {
  const rows = await db
    .select({
      id: bookedApplication.id,
      offerId: bookedApplication.offerId,
      ownerId: bookedOffer.ownerId,
      title: bookedOffer.title,
      pharmacy: bookedOwner.denominazioneFarmacia,
      dateFrom: bookedOffer.dateFrom,
      dateTo: bookedOffer.dateTo,
    })
    .from(offers)
    .innerJoin(
      bookedApplication,
      and(
        eq(bookedApplication.farmacistaId, farmacistaId),
        inArray(bookedApplication.status, ['sent', 'seen']),
        ne(bookedApplication.offerId, offers.id),
      ),
    )
    .innerJoin(bookedOffer, eq(bookedOffer.id, bookedApplication.offerId))
    .innerJoin(bookedOwner, eq(bookedOwner.userId, bookedOffer.ownerId))
    .where(and(eq(offers.id, offerId), overlapsOffer()))
    .orderBy(bookedApplication.id);
  return rows.map((row) => ({
    id: row.id,
    offerId: row.offerId,
    ownerId: row.ownerId,
    shift: { title: row.title, pharmacy: row.pharmacy, date_from: row.dateFrom, date_to: row.dateTo },
  }));
}

/** The shift that double books the pharmacist if they are accepted for this offer, or null. */
export async function doubleBookingOf(db: TDb, farmacistaId: number, offerId: number): Promise<TDoubleBooking> {
  const [row] = await db
    .select({ booked: bookedShiftSql(farmacistaId) })
    .from(offers)
    .where(eq(offers.id, offerId));
  return row?.booked ?? null;
}

/**
 * 409 `double_booked` naming the other shift, to the owner who accepts or to the pharmacist who accepts an invitation.
 * The caller holds the pharmacist's user row (step 1 of the lock order, docs/architecture.md): every acceptance of
 * this pharmacist waits for it, so two overlapping acceptances at once cannot both pass this check.
 */
export async function refuseDoubleBooking(
  db: TDb,
  farmacistaId: number,
  offerId: number,
  who: 'owner' | 'pharmacist' | 'applicant',
) {
  const booked = await doubleBookingOf(db, farmacistaId, offerId);
  if (!booked) return;
  const message =
    who === 'owner'
      ? INVITATION_MESSAGES.doubleBookedOwner(booked)
      : who === 'pharmacist'
        ? INVITATION_MESSAGES.doubleBookedPharmacist(booked)
        : INVITATION_MESSAGES.doubleBookedApplying(booked);
  throw conflict(message, 'double_booked');
}
