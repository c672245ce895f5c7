/**
 * An offer's pay terms as stored (decision 094): the columns an input writes, the checks against the stored offer, and
 * the totals per legal form worked out with payLines at every write (the search sorts and filters on them). Offers
 * written before the totals existed are filled in at start-up, in batches.
 */
import {
  legalTermsOf,
  MESSAGES,
  PAY_MESSAGES,
  payLines,
  shiftDaysOf,
  sumAmounts,
  type TLegalForm,
  type TOfferPayload,
  type TPayTerms,
  type TPayTermsInput,
} from '@farmaponte/shared';
import { eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offerPayTermColumns } from '../../db/offer-pay-columns';
import { offers, profiles } from '../../db/schema';
import { badRequest, INVALID_PAY_TERMS } from '../../lib/errors';
import { findComune } from '../geo';

/** The pay-terms columns an input writes: an object replaces every one of them (what it leaves out is cleared), null clears them. */
export function payTermsColumns(terms: TPayTermsInput | null) {
  return {
    nightService: terms?.night_service ?? null,
    nightFrom: terms?.night_service ? (terms.night_from ?? null) : null,
    feeHourly: terms?.fee_hourly ?? null,
    nightFee: terms?.night_fee ?? null,
    holidayFee: terms?.holiday_fee ?? null,
    extraHolidays: [...(terms?.extra_holidays ?? [])].sort(),
    travelMode: terms?.travel_mode ?? null,
    travelAmount: terms?.travel_mode === 'fisso' ? (terms.travel_amount ?? null) : null,
    travelPerKm: terms?.travel_mode === 'km' ? (terms.travel_per_km ?? null) : null,
    travelCap: terms?.travel_mode === 'km' ? (terms.travel_cap ?? null) : null,
    travelPerDay: terms?.travel_mode ? (terms.travel_per_day ?? false) : false,
    lodgingNights: terms?.lodging_nights ?? null,
    lodgingNote: terms?.lodging_nights ? (terms.lodging_note ?? '') : '',
    negotiationMaxHourly: terms?.negotiation_max_hourly ?? null,
    // Travel is negotiated only with the fee (an offer without a bound on the fee is not negotiable).
    negotiationMaxTravel: terms?.negotiation_max_hourly != null ? (terms.negotiation_max_travel ?? null) : null,
  };
}

/** What pay terms an input writes: none for a new offer that names none; on an edit, absent is unchanged. */
export const writtenPayTerms = (terms: TPayTermsInput | null | undefined) => (terms === undefined ? {} : payTermsColumns(terms));

/** What the pay of an offer depends on, as stored. */
export type TOfferPayState = Pick<
  typeof offers.$inferSelect,
  | 'legalForms'
  | 'ccnlLevel'
  | 'hourlyPay'
  | 'dateFrom'
  | 'dateTo'
  | 'startTime'
  | 'endTime'
  | 'nightService'
  | 'nightFrom'
  | 'feeHourly'
  | 'nightFee'
  | 'holidayFee'
  | 'extraHolidays'
  | 'negotiationMaxHourly'
>;

/** An offer about to be written, as it will be stored (the columns it leaves out take their defaults). */
export function payStateOf(row: Partial<typeof offers.$inferInsert> & { legalForms: TLegalForm[] }): TOfferPayState {
  return {
    legalForms: row.legalForms,
    ccnlLevel: row.ccnlLevel ?? null,
    hourlyPay: row.hourlyPay ?? null,
    dateFrom: row.dateFrom ?? null,
    dateTo: row.dateTo ?? null,
    startTime: row.startTime ?? null,
    endTime: row.endTime ?? null,
    nightService: row.nightService ?? null,
    nightFrom: row.nightFrom ?? null,
    feeHourly: row.feeHourly ?? null,
    nightFee: row.nightFee ?? null,
    holidayFee: row.holidayFee ?? null,
    extraHolidays: row.extraHolidays ?? [],
    negotiationMaxHourly: row.negotiationMaxHourly ?? null,
  };
}

/** A new offer's input as it will be stored: its legal forms and level as insertOffers writes them. */
export function payStateOfInput(input: TOfferPayload): TOfferPayState {
  const legal = legalTermsOf({ legal_forms: input.legal_forms, ccnl_level: input.ccnl_level });
  return payStateOf({
    hourlyPay: input.hourly_pay,
    dateFrom: input.date_from,
    dateTo: input.date_to,
    startTime: input.start_time,
    endTime: input.end_time,
    ...payTermsColumns(input.pay_terms ?? null),
    legalForms: legal.legal_forms,
    ccnlLevel: legal.ccnl_level,
  });
}

/** The terms payLines takes for one form of the offer: the employee's hourly pay, or the freelancer's fee and own rates. */
export function payTermsOf(offer: TOfferPayState, form: TLegalForm): TPayTerms {
  const freelance = form === 'libera_professione';
  return {
    legal_form: form,
    ccnl_level: offer.ccnlLevel,
    hourly: freelance ? (offer.feeHourly ?? offer.hourlyPay) : offer.hourlyPay,
    night_service: offer.nightService,
    night_from: offer.nightFrom,
    night_fee: freelance ? offer.nightFee : null,
    holiday_fee: freelance ? offer.holidayFee : null,
    extra_holidays: offer.extraHolidays,
  };
}

/** The shift's days and hours as payLines takes them. */
export const shiftDaysOfOffer = (offer: TOfferPayState) =>
  shiftDaysOf(offer.dateFrom, offer.dateTo, offer.startTime, offer.endTime);

/** The ISTAT code of the pharmacy's comune (its patron saint), or null when the comune is unknown. */
export const istatOf = (comune: string, province?: string | null) =>
  (comune && findComune(comune, province || undefined)?.istat) || null;

/**
 * The shift's pay under one form: the sum of its hour-by-hour lines; null when the form is not offered, the offer has
 * no days or no hours, or a freelancer's fee is not known.
 */
function formTotal(offer: TOfferPayState, form: TLegalForm, istat: string | null): number | null {
  if (!offer.legalForms.includes(form) || !offer.startTime || !offer.endTime) return null;
  const terms = payTermsOf(offer, form);
  if (terms.hourly === null && form === 'libera_professione') return null;
  const lines = payLines(terms, shiftDaysOfOffer(offer), istat);
  // No hours paid (no days, or hours written before decision 094 that end before they start): no total.
  return lines.length ? sumAmounts(lines) : null;
}

/** The totals stored with an offer, and when they were worked out. */
export function payTotalsColumns(offer: TOfferPayState, istat: string | null, now: Date) {
  return {
    payTotalDipendente: formTotal(offer, 'dipendente', istat),
    payTotalLibera: formTotal(offer, 'libera_professione', istat),
    payComputedAt: now,
  };
}

/**
 * What is wrong with the offer's pay terms against the rest of it, by field (`pay_terms.night_fee`): the server's own
 * check of what the schema checks on the input alone, now on the offer as it is stored after the write.
 */
export function payTermsProblems(offer: TOfferPayState): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!offer.legalForms.includes('libera_professione') && (offer.nightFee ?? offer.holidayFee ?? offer.feeHourly) !== null)
    problems['pay_terms.night_fee'] = PAY_MESSAGES.feesNeedFreelance;
  if (offer.negotiationMaxHourly !== null) {
    const offered = offer.feeHourly ?? offer.hourlyPay;
    if (offered === null) problems['pay_terms.negotiation_max_hourly'] = PAY_MESSAGES.negotiationNeedsPay;
    else if (offer.negotiationMaxHourly <= offered)
      problems['pay_terms.negotiation_max_hourly'] = PAY_MESSAGES.negotiationMaxHourly;
  }
  const { dateFrom: first, dateTo: last } = offer;
  if (offer.extraHolidays.some((day) => !(first && last && day >= first && day <= last)))
    problems['pay_terms.extra_holidays'] = PAY_MESSAGES.extraHolidays;
  return problems;
}

/** 400 when the stored offer's hours or pay terms do not fit (the write's transaction is rolled back). */
export function refuseBadPay(offer: TOfferPayState): void {
  const { startTime: start, endTime: end } = offer;
  if (start && end && end <= start && (!offer.nightService || end === start)) {
    const message = offer.nightService ? MESSAGES.offerTimeOrder : PAY_MESSAGES.overnightNeedsNight;
    throw badRequest(message, 'validation_error', { end_time: message });
  }
  const problems = payTermsProblems(offer);
  const [first] = Object.values(problems);
  if (first) throw badRequest(first, INVALID_PAY_TERMS, problems);
}

const payStateColumns = {
  id: offers.id,
  legalForms: offers.legalForms,
  ...offerPayTermColumns,
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  startTime: offers.startTime,
  endTime: offers.endTime,
  comune: profiles.comuneFarmacia,
  province: offers.province,
};

/** Writes the totals of many offers in one statement. */
async function storeTotals(db: TDb, rows: { id: number; dipendente: number | null; libera: number | null }[], now: Date) {
  if (!rows.length) return;
  const values = sql.join(
    rows.map((row) => sql`(${row.id}::integer, ${row.dipendente}::numeric, ${row.libera}::numeric)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${offers} set pay_total_dipendente = v.dipendente, pay_total_libera = v.libera, pay_computed_at = ${now.toISOString()}::timestamptz from (values ${values}) as v(id, dipendente, libera) where ${offers.id} = v.id`,
  );
}

/**
 * Works out again the totals of these offers from what is stored (after an edit), checking first that their hours and
 * pay terms fit (`check`): a 400 rolls the edit back.
 */
export async function recomputeOfferPay(db: TDb, offerIds: number[], now: Date, check = true): Promise<void> {
  if (!offerIds.length) return;
  const rows = await db
    .select(payStateColumns)
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(inArray(offers.id, offerIds))
    .orderBy(offers.id);
  if (check) for (const row of rows) refuseBadPay(row);
  await storeTotals(db, rows.map(totalsRow), now);
}

function totalsRow(row: TOfferPayState & { id: number; comune: string; province: string }) {
  const totals = payTotalsColumns(row, istatOf(row.comune, row.province), new Date(0));
  return { id: row.id, dipendente: totals.payTotalDipendente, libera: totals.payTotalLibera };
}

/**
 * Fills in the totals of the offers written before they existed (pay_computed_at null), `batch` at a time through the
 * partial index, as placeOffers places those not placed yet. Returns how many offers it wrote.
 */
export async function fillOfferPay(db: TDb, now: Date, batch = 500): Promise<number> {
  let written = 0;
  for (;;) {
    const rows = await db
      .select(payStateColumns)
      .from(offers)
      .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
      .where(isNull(offers.payComputedAt))
      .orderBy(offers.id)
      .limit(batch);
    await storeTotals(db, rows.map(totalsRow), now);
    written += rows.length;
    if (rows.length < batch) return written;
  }
}
