/**
 * GET /api/offers/{id}/pay/ (decision 094): the shift's pay for one pharmacist, hour by hour, under one of its legal
 * forms; the trip from the comune given (or her profile's) to the pharmacy, lodging and the bounds of a negotiation.
 * Anyone may read it for an open offer; its owner for their own in any state; nobody else (404).
 */
import {
  ccnlHourly,
  lineBelowMinimum,
  MESSAGES,
  payLines,
  sumAmounts,
  type TLegalForm,
  type TOfferPay,
  type TOfferPayQuery,
  todayInItaly,
  travelPay,
  tripKm,
} from '@farmaponte/shared';
import { ENGAGEMENT_MESSAGES } from '@farmaponte/shared/messages-engagement';
import { eq } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { offerPayTermColumns } from '../../db/offer-pay-columns';
import { offers, profiles } from '../../db/schema';
import { badRequest, notFound } from '../../lib/errors';
import { findComune, pharmacyPosition } from '../geo';
import { istatOf, payTermsOf, shiftDaysOfOffer } from './pay';
import { offerStatusSql } from './status';

/** Who asks: a pharmacist (her profile's comune is the trip's start), an owner-side person (the pharmacies in reach), or nobody. */
export type TPayViewer = { pharmacistId: number } | { pharmacyIds: number[] } | null;

async function offerOf(db: TDb, offerId: number, now: Date) {
  const [row] = await db
    .select({
      ownerId: offers.ownerId,
      status: offerStatusSql(todayInItaly(now)),
      legalForms: offers.legalForms,
      ...offerPayTermColumns,
      dateFrom: offers.dateFrom,
      dateTo: offers.dateTo,
      startTime: offers.startTime,
      endTime: offers.endTime,
      province: offers.province,
      comune: profiles.comuneFarmacia,
      lat: profiles.lat,
      lng: profiles.lng,
    })
    .from(offers)
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .where(eq(offers.id, offerId));
  return row;
}

/** Where her trip starts: the comune asked for (400 when unknown), else her profile's, else nowhere known. */
async function tripStart(db: TDb, query: TOfferPayQuery, viewer: TPayViewer) {
  if (query.comune) {
    const comune = findComune(query.comune, query.provincia || undefined);
    if (!comune) throw badRequest(MESSAGES.invalidComune, 'validation_error', { comune: MESSAGES.invalidComune });
    return comune;
  }
  if (!viewer || !('pharmacistId' in viewer)) return undefined;
  const [profile] = await db
    .select({ comune: profiles.comune, provincia: profiles.provinciaResidenza })
    .from(profiles)
    .where(eq(profiles.userId, viewer.pharmacistId));
  return profile?.comune ? findComune(profile.comune, profile.provincia || undefined) : undefined;
}

export async function offerPay(
  db: TDb,
  offerId: number,
  query: TOfferPayQuery,
  viewer: TPayViewer,
  now: Date,
): Promise<TOfferPay> {
  const offer = await offerOf(db, offerId, now);
  const own = Boolean(offer && viewer && 'pharmacyIds' in viewer && viewer.pharmacyIds.includes(offer.ownerId));
  // An offer not open is as good as missing to anyone but its owner, as are unpublished ones (never `open`).
  if (!offer || !(own || offer.status === 'open')) throw notFound(MESSAGES.offerNotFound, 'offer_not_found');
  const form: TLegalForm = query.legal_form ?? offer.legalForms[0] ?? 'dipendente';
  if (!offer.legalForms.includes(form))
    throw badRequest(ENGAGEMENT_MESSAGES.legalFormNotOffered, 'legal_form_not_offered', {
      legal_form: ENGAGEMENT_MESSAGES.legalFormNotOffered,
    });
  const start = await tripStart(db, query, viewer);

  const terms = payTermsOf(offer, form);
  const days = offer.startTime && offer.endTime ? shiftDaysOfOffer(offer) : [];
  const priced = days.length > 0 && !(form === 'libera_professione' && terms.hourly === null);
  const lines = priced ? payLines(terms, days, istatOf(offer.comune, offer.province)) : [];
  const total = priced ? sumAmounts(lines) : null;
  const below = lineBelowMinimum(lines);

  let travel: TOfferPay['travel'] = null;
  if (offer.travelMode) {
    const pharmacy = pharmacyPosition(offer);
    const km =
      start && pharmacy.lat !== null && pharmacy.lng !== null ? tripKm(start, { lat: pharmacy.lat, lng: pharmacy.lng }) : null;
    const workingDays = shiftDaysOfOffer(offer).length;
    const amount = travelPay(
      {
        mode: offer.travelMode,
        amount: offer.travelAmount,
        per_km: offer.travelPerKm,
        cap: offer.travelCap,
        per_day: offer.travelPerDay,
      },
      km,
      workingDays,
    );
    travel = { mode: offer.travelMode, km, amount, per_day: offer.travelPerDay, from_comune: start?.nome ?? null };
  }
  const negotiable = offer.negotiationMaxHourly !== null || offer.negotiationMaxTravel !== null;
  return {
    legal_form: form,
    hourly: terms.hourly,
    ccnl_minimum: ccnlHourly(offer.ccnlLevel ?? '1', offer.dateFrom ?? todayInItaly(now)),
    lines,
    total,
    minutes: lines.reduce((sum, line) => sum + line.minutes, 0),
    travel,
    lodging: offer.lodgingNights ? { nights: offer.lodgingNights, note: offer.lodgingNote } : null,
    grand_total: total === null ? null : sumAmounts([{ amount: total }, { amount: travel?.amount ?? 0 }]),
    below_minimum: below?.minimum != null ? { ...pick(below), minimum: below.minimum } : null,
    negotiation: negotiable ? { max_hourly: offer.negotiationMaxHourly, max_travel: offer.negotiationMaxTravel } : null,
  };
}

const pick = ({ day, from, to, rate }: { day: string; from: string; to: string; rate: number }) => ({ day, from, to, rate });
