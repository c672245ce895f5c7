/**
 * What an engagement pays as agreed (decision 094), for the contract, the worked shifts and the data export: the terms
 * of her application's form with the settled figures where a negotiation settled them, the pharmacy's comune for its
 * patron saint, and her trip from her profile's comune to the pharmacy. The hours are the caller's: the offer's days
 * (the contract) or the days as worked (the statement).
 */
import {
  addDays,
  payLines,
  roundCents,
  sumAmounts,
  type TEngagementPay,
  type TLegalForm,
  type TPayLine,
  type TPayTerms,
  type TShiftDay,
  travelPay,
  tripKm,
} from '@farmaponte/shared';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { offerPayTermColumns } from '../../db/offer-pay-columns';
import { applications, offers, profiles } from '../../db/schema';
import { findComune } from '../geo';

const pharmacyProfiles = alias(profiles, 'pay_pharmacy_profile');
const pharmacistProfiles = alias(profiles, 'pay_pharmacist_profile');

const basisColumns = {
  applicationId: applications.id,
  legalForm: applications.legalForm,
  agreedHourly: applications.agreedHourly,
  agreedTravel: applications.agreedTravel,
  ...offerPayTermColumns,
  offerProvince: offers.province,
  offerLat: offers.lat,
  offerLng: offers.lng,
  pharmacyComune: pharmacyProfiles.comuneFarmacia,
  herComune: pharmacistProfiles.comune,
  herProvince: pharmacistProfiles.provinciaResidenza,
};

/** What an application's pay is worked out from. */
export type TPayBasis = {
  [K in keyof typeof basisColumns]: (typeof basisColumns)[K]['_']['notNull'] extends true
    ? (typeof basisColumns)[K]['_']['data']
    : (typeof basisColumns)[K]['_']['data'] | null;
};

/** The pay bases of these applications, by id (one statement, whatever their number). */
export async function payBases(db: TDb, applicationIds: readonly number[]): Promise<Map<number, TPayBasis>> {
  if (!applicationIds.length) return new Map();
  const rows = (await db
    .select(basisColumns)
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(pharmacyProfiles, eq(pharmacyProfiles.userId, offers.ownerId))
    .leftJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId))
    .where(inArray(applications.id, [...applicationIds]))) as TPayBasis[];
  return new Map(rows.map((row) => [row.applicationId, row]));
}

/** The hourly figure the offer gives her form: the freelance fee when it differs, else the hourly pay. */
export const offeredHourly = (basis: Pick<TPayBasis, 'legalForm' | 'feeHourly' | 'hourlyPay'>) =>
  basis.legalForm === 'libera_professione' ? (basis.feeHourly ?? basis.hourlyPay) : basis.hourlyPay;

/** The hourly figure as agreed: the settled one, else the offered one. */
export const agreedHourlyOf = (basis: TPayBasis) => basis.agreedHourly ?? offeredHourly(basis);

/** The terms payLines reads for her form, at `hourly`. */
export function payTermsOf(basis: TPayBasis, hourly: number | null): TPayTerms {
  const freelance = basis.legalForm === 'libera_professione';
  return {
    legal_form: basis.legalForm as TLegalForm,
    ccnl_level: basis.ccnlLevel,
    hourly,
    night_service: basis.nightService,
    night_from: basis.nightFrom,
    night_fee: freelance ? basis.nightFee : null,
    holiday_fee: freelance ? basis.holidayFee : null,
    extra_holidays: basis.extraHolidays,
  };
}

/** The pharmacy's comune (ISTAT code), for its patron saint. */
export const pharmacyIstat = (basis: TPayBasis) =>
  basis.pharmacyComune ? (findComune(basis.pharmacyComune, basis.offerProvince || undefined)?.istat ?? null) : null;

/** Her trip there and back, in km; null when her comune or the pharmacy's place is unknown. */
export function tripKmOf(basis: TPayBasis): number | null {
  const from = basis.herComune ? findComune(basis.herComune, basis.herProvince || undefined) : undefined;
  const pharmacy =
    basis.offerLat != null && basis.offerLng != null
      ? { lat: basis.offerLat, lng: basis.offerLng }
      : basis.pharmacyComune
        ? findComune(basis.pharmacyComune, basis.offerProvince || undefined)
        : undefined;
  return from && pharmacy ? tripKm(from, pharmacy) : null;
}

/**
 * Days whose hours end at or before they start, without night service (a worked night the pharmacist wrote): split at
 * midnight, so each part is paid on its own day. With night service payLines reads them as one night.
 */
function withNightsSplit(days: readonly TShiftDay[], nightService: TPayBasis['nightService']): TShiftDay[] {
  if (nightService) return [...days];
  return days.flatMap((d) =>
    d.start && d.end && d.end <= d.start
      ? [
          { day: d.day, start: d.start, end: '24:00' },
          { day: addDays(d.day, 1), start: '00:00', end: d.end },
        ]
      : [d],
  );
}

/**
 * The lines of each day on its own, in order: a line never joins the hours of two worked days (a night's morning and
 * the next shift on the same calendar day stay two lines), so each worked day's amount is the sum of its own lines.
 */
function daysLines(basis: TPayBasis, hourly: number | null, days: readonly TShiftDay[]) {
  return linesOfEachDay(basis, hourly, days).flat();
}

/** Each day's own lines (as daysLines joins them), for a caller that shows each day's amount and the pay of them all. */
export function linesOfEachDay(basis: TPayBasis, hourly: number | null, days: readonly TShiftDay[]): TPayLine[][] {
  const terms = payTermsOf(basis, hourly);
  const istat = pharmacyIstat(basis);
  return days.map((day) => payLines(terms, withNightsSplit([day], basis.nightService), istat));
}

export type TPayOptions = {
  /** The hourly figure when the caller holds another (a contract's fee changed by the owner); default: as agreed. */
  hourly?: number | null;
  /** Whether the travel is paid with these days (a statement shows a one-off trip with the shift's first day only). */
  withTravel?: boolean;
  /** Each day's lines when the caller has worked them out (linesOfEachDay at the same hourly): not worked out again. */
  dayLines?: readonly (readonly TPayLine[])[];
};

/** The pay of these days for the application of `basis`: lines, total, travel, lodging, grand total. */
export function engagementPay(basis: TPayBasis, days: readonly TShiftDay[], options: TPayOptions = {}): TEngagementPay {
  const hourly = options.hourly === undefined ? agreedHourlyOf(basis) : options.hourly;
  const freelance = basis.legalForm === 'libera_professione';
  // A freelancer without a fee has nothing to count hour by hour (an employee's pay falls back on the CCNL minimum).
  const lines = freelance && hourly === null ? [] : (options.dayLines?.flat() ?? daysLines(basis, hourly, days));
  const total = lines.length ? sumAmounts(lines) : null;
  const workingDays = days.filter((d) => d.start && d.end).length;
  let travel: TEngagementPay['travel'] = null;
  if (options.withTravel !== false && (basis.agreedTravel !== null || basis.travelMode)) {
    const km = tripKmOf(basis);
    const amount =
      basis.agreedTravel ??
      travelPay(
        {
          mode: basis.travelMode,
          amount: basis.travelAmount,
          per_km: basis.travelPerKm,
          cap: basis.travelCap,
          per_day: basis.travelPerDay,
        },
        km,
        workingDays,
      );
    travel = { amount, km, mode: basis.travelMode };
  }
  const lodging = basis.lodgingNights ? { nights: basis.lodgingNights, note: basis.lodgingNote } : null;
  return {
    legal_form: basis.legalForm as TLegalForm,
    hourly,
    agreed: basis.agreedHourly !== null || basis.agreedTravel !== null,
    lines,
    total,
    travel,
    lodging,
    grand_total: total === null ? null : roundCents(total + (travel?.amount ?? 0)),
  };
}
