/** What an offer is: the one rule that says whether it is still open, its status, and how it is shown. */

import { romeMinuteOfDay, type TOffer, type TOfferStatus, type TPayTermsOut, todayInItaly } from '@farmaponte/shared';
import { and, gte, isNotNull, isNull, lt, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { offers, organisationPharmacies, organisations, profiles } from '../../db/schema';
import { pharmacyPosition } from '../geo';

/** The dates' half of "an offer is open": it has no end date, or its end date is today or later on the Italian calendar (docs/rules.md#offers). */
export function isOfferOpen(dateTo: string | null, today: string): boolean {
  return dateTo == null || dateTo >= today;
}

type TOfferState = {
  dateTo: string | null;
  closedAt: Date | null;
  acceptedCount: number;
  positions: number;
  publishedAt: Date | null;
};

/**
 * An offer's status (decisions 023, 049): `expired` once its last day has passed, else `closed` while its owner has
 * closed it, else `pending_verification` while its owner waits for an admin's approval (not published yet), else
 * `filled` with as many accepted as positions, else `open`. offerStatusSql is the same rule in SQL.
 */
export function offerStatusOf(offer: TOfferState, today: string): TOfferStatus {
  if (!isOfferOpen(offer.dateTo, today)) return 'expired';
  if (offer.closedAt) return 'closed';
  if (!offer.publishedAt) return 'pending_verification';
  if (offer.acceptedCount >= offer.positions) return 'filled';
  return 'open';
}

/** offerStatusOf as an SQL expression on the offers table. */
export function offerStatusSql(today: string | Placeholder): SQL<TOfferStatus> {
  return sql<TOfferStatus>`case when ${offers.dateTo} < ${today} then 'expired' when ${offers.closedAt} is not null then 'closed' when ${offers.publishedAt} is null then 'pending_verification' when ${offers.acceptedCount} >= ${offers.positions} then 'filled' else 'open' end`;
}

/**
 * "offerStatusOf is open" as a condition on the offers table, for what runs in the database: lists, flags, counts, the
 * apply check, the search, the map and the alerts. An offer whose owner waits for approval is never open.
 */
export function openOfferCondition(today: string | Placeholder): SQL {
  return and(
    or(isNull(offers.dateTo), gte(offers.dateTo, today)),
    isNull(offers.closedAt),
    lt(offers.acceptedCount, offers.positions),
    isNotNull(offers.publishedAt),
  ) as SQL;
}

/**
 * The name of the organisation a pharmacy belongs to when it runs more than one pharmacy (decision 089), else null:
 * two reads by primary key and index per offer.
 */
function groupNameOf(pharmacyId: typeof offers.ownerId) {
  return sql<
    string | null
  >`(select ${organisations.name} from ${organisationPharmacies} join ${organisations} on ${organisations.id} = ${organisationPharmacies.organisationId} where ${organisationPharmacies.pharmacyId} = ${pharmacyId} and exists (select 1 from ${organisationPharmacies} as others where others.organisation_id = ${organisationPharmacies.organisationId} and others.pharmacy_id <> ${pharmacyId}))`;
}

/**
 * An offer's pay terms as one object (decision 094), or null for the many offers that set none: built in SQL, so a list
 * row costs nothing more in JavaScript when there are none.
 */
export function payTermsSql() {
  return sql<TPayTermsOut | null>`case when ${offers.nightService} is null and ${offers.feeHourly} is null and ${offers.nightFee} is null and ${offers.holidayFee} is null and cardinality(${offers.extraHolidays}) = 0 and ${offers.travelMode} is null and ${offers.lodgingNights} is null and ${offers.negotiationMaxHourly} is null then null else json_build_object(
    'night_service', ${offers.nightService}, 'night_from', ${offers.nightFrom}, 'fee_hourly', ${offers.feeHourly},
    'night_fee', ${offers.nightFee}, 'holiday_fee', ${offers.holidayFee}, 'extra_holidays', to_json(${offers.extraHolidays}),
    'travel_mode', ${offers.travelMode}, 'travel_amount', ${offers.travelAmount}, 'travel_per_km', ${offers.travelPerKm},
    'travel_cap', ${offers.travelCap}, 'travel_per_day', ${offers.travelPerDay}, 'lodging_nights', ${offers.lodgingNights},
    'lodging_note', ${offers.lodgingNote}, 'negotiation_max_hourly', ${offers.negotiationMaxHourly},
    'negotiation_max_travel', ${offers.negotiationMaxTravel}) end`;
}

/** The shift's pay for one pharmacist under each form, as stored when the offer was written. */
export function payTotalsSql() {
  return sql<{
    dipendente: number | null;
    libera_professione: number | null;
  }>`json_build_object('dipendente', ${offers.payTotalDipendente}, 'libera_professione', ${offers.payTotalLibera})`;
}

/** The columns of an offer as shown (with its pharmacy), for a select joined on the owner's profile. */
export const shownOfferColumns = {
  id: offers.id,
  title: offers.title,
  description: offers.description,
  salary: offers.salary,
  date_from: offers.dateFrom,
  date_to: offers.dateTo,
  denominazione_farmacia: profiles.denominazioneFarmacia,
  gruppo: groupNameOf(offers.ownerId),
  comune_farmacia: profiles.comuneFarmacia,
  positions: offers.positions,
  hourly_pay: offers.hourlyPay,
  start_time: offers.startTime,
  end_time: offers.endTime,
  legal_forms: offers.legalForms,
  ccnl_level: offers.ccnlLevel,
  // The owner's own coordinates; toShownOffer falls back to the comune's.
  lat: profiles.lat,
  lng: profiles.lng,
  pay_terms: payTermsSql(),
  pay_totals: payTotalsSql(),
};

/**
 * A row selected with shownOfferColumns, placed where its pharmacy is on the map. The row is fresh from the database
 * and changed in place: copying it without two keys (`{ a, ...rest }`) cost ≈ 8 µs a row, a third of an owner's
 * /offers/mine/ (the profile of decision 033).
 */
export function toShownOffer<T extends TOffer>(row: T): T {
  const { lat, lng } = pharmacyPosition({ lat: row.lat, lng: row.lng, comune: row.comune_farmacia });
  row.lat = lat;
  row.lng = lng;
  return row;
}

/** Rome's wall clock now as 'YYYY-MM-DD HH:MM', what urgentNowSql compares a shift's start with. */
export function romeClock(now: Date): string {
  const minute = romeMinuteOfDay(now);
  return `${todayInItaly(now)} ${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/**
 * An urgent shift still to start (decision 096): marked urgent, and its first day's start (its start time, else
 * midnight; Rome's clock) after `clock` (romeClock). Compared as text, 'YYYY-MM-DD HH:MM' on both sides, so the
 * search's statement needs no time zone. isUrgentNow is the same rule on a row.
 */
export function urgentNowSql(clock: string | Placeholder): SQL<boolean> {
  return sql<boolean>`(${offers.urgentAt} is not null and (to_char(${offers.dateFrom}, 'YYYY-MM-DD') || ' ' || coalesce(${offers.startTime}, '00:00')) > ${clock})`;
}

export function isUrgentNow(offer: { urgentAt: Date | null; dateFrom: string | null; startTime: string | null }, now: Date) {
  return offer.urgentAt != null && offer.dateFrom != null && `${offer.dateFrom} ${offer.startTime ?? '00:00'}` > romeClock(now);
}
