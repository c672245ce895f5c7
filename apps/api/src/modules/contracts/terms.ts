/**
 * A contract's terms (decision 093), read in the caller's transaction from what the parties keep: the organisation and
 * the pharmacy, the pharmacist's profile (albo entry) and professional file, and the deal (days, hours, hourly fee,
 * expenses). The fee is the hourly fee × each day's hours × the days, both dates included; without dates or hours,
 * only the fee per hour (the total null).
 */
import { addDays, CONTRACT_TEMPLATE, romeInstant, shiftDaysOf, shiftPeriod } from '@farmaponte/shared';
import type { TContractTerms } from '@farmaponte/shared/contracts';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applications, offers, organisationPharmacies, organisations, professionalFiles, profiles } from '../../db/schema';
import { agreedHourlyOf, engagementPay, offeredHourly, payBases, type TPayBasis } from '../engagement-pay';

/** The days, hours and money of a version: the offer's, with the changes a PUT made. */
export interface TDeal {
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  hourly: number | null;
  expenses: number;
}

/** Minutes from `start` to `end` (HH:MM) on a day in Italy; an end at or before the start is the next morning. */
export function minutesOfDay(day: string, start: string, end: string): number {
  const endDay = end <= start ? addDays(day, 1) : day;
  return Math.round((romeInstant(endDay, end) - romeInstant(day, start)) / 60_000);
}

/** Every day of a period, both included. */
export function daysOf(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The shift and fee parts of the terms: the days, their minutes and the total in cents (rounded for each day). */
export function shiftAndFee(deal: TDeal, title: string): Pick<TContractTerms, 'shift' | 'fee'> {
  const period = shiftPeriod(deal.dateFrom, deal.dateTo);
  const days = period ? daysOf(period.first, period.last) : [];
  const hasHours = deal.startTime !== null && deal.endTime !== null;
  const minutes = hasHours ? days.map((day) => minutesOfDay(day, deal.startTime as string, deal.endTime as string)) : [];
  const firstDay = period?.first ?? '2000-01-03';
  const perDay = hasHours ? minutesOfDay(firstDay, deal.startTime as string, deal.endTime as string) : null;
  const total = hasHours && days.length ? minutes.reduce((sum, m) => sum + m, 0) : null;
  const hourlyCents = deal.hourly === null ? null : Math.round(deal.hourly * 100);
  const totalCents =
    total === null || hourlyCents === null ? null : minutes.reduce((sum, m) => sum + Math.round((m * hourlyCents) / 60), 0);
  return {
    shift: {
      title,
      date_from: period?.first ?? null,
      date_to: period?.last ?? null,
      days: days.length,
      start_time: deal.startTime,
      end_time: deal.endTime,
      minutes_per_day: perDay,
      total_minutes: total,
    },
    fee: { hourly: deal.hourly, expenses: deal.expenses, total: totalCents === null ? null : totalCents / 100 },
  };
}

/** The last day the contract is kept: its last day (or the day it was written, without dates) + the retention years. */
export function keepUntilOf(lastDay: string | null, createdDay: string): string {
  const from = lastDay ?? createdDay;
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + CONTRACT_TEMPLATE.retentionYears, m - 1, d));
  // 29 February + 10 years: 28 February.
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

const pharmacyProfiles = alias(profiles, 'pharmacy_profile');
const pharmacistProfiles = alias(profiles, 'pharmacist_profile');

/** Who the parties of an application are, as the contract names them; undefined when the application is gone. */
export async function partiesOfContract(tx: TDb, applicationId: number) {
  const [row] = await tx
    .select({
      applicationId: applications.id,
      offerId: offers.id,
      pharmacyId: offers.ownerId,
      farmacistaId: applications.farmacistaId,
      title: offers.title,
      offer: {
        dateFrom: offers.dateFrom,
        dateTo: offers.dateTo,
        startTime: offers.startTime,
        endTime: offers.endTime,
        hourly: offers.hourlyPay,
      },
      organisationId: organisations.id,
      organisation: {
        name: organisations.name,
        partita_iva: organisations.partitaIva,
        codice_fiscale: organisations.codiceFiscale,
        sede_legale: organisations.sedeLegale,
        pec: organisations.pec,
      },
      pharmacy: {
        name: pharmacyProfiles.denominazioneFarmacia,
        address: pharmacyProfiles.indirizzoFarmacia,
        comune: pharmacyProfiles.comuneFarmacia,
      },
      pharmacist: {
        name: pharmacistProfiles.name,
        surname: pharmacistProfiles.surname,
        alboNumber: pharmacistProfiles.numeroIscrizioneAlbo,
        alboOrdine: pharmacistProfiles.ordineProvincia,
        alboDate: pharmacistProfiles.dataIscrizioneAlbo,
      },
      file: {
        codiceFiscale: professionalFiles.codiceFiscale,
        birthDate: professionalFiles.birthDate,
        birthPlaceCode: professionalFiles.birthPlaceCode,
        partitaIva: professionalFiles.partitaIva,
        taxRegime: professionalFiles.taxRegime,
        company: professionalFiles.insuranceCompany,
        policy: professionalFiles.insurancePolicyNumber,
        cover: professionalFiles.insuranceCover,
        expiresOn: professionalFiles.insuranceExpiresOn,
      },
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .leftJoin(organisationPharmacies, eq(organisationPharmacies.pharmacyId, offers.ownerId))
    .leftJoin(organisations, eq(organisations.id, organisationPharmacies.organisationId))
    .leftJoin(pharmacyProfiles, eq(pharmacyProfiles.userId, offers.ownerId))
    .leftJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId))
    .leftJoin(professionalFiles, eq(professionalFiles.userId, applications.farmacistaId))
    .where(eq(applications.id, applicationId));
  const basis = row && (await payBases(tx, [applicationId])).get(applicationId);
  if (!(row && basis)) return undefined;
  // The offer's hourly figure is her form's: a freelancer's fee when the offer gives one (decision 094).
  return { ...row, offer: { ...row.offer, hourly: offeredHourly(basis) }, basis: basis as TPayBasis };
}

export type TContractParties = NonNullable<Awaited<ReturnType<typeof partiesOfContract>>>;

/** The offer's days and hours, and the hourly figure as agreed (the settled one, else the offer's), with no expenses. */
export const dealOfParties = (parties: TContractParties, expenses = 0): TDeal => ({
  ...parties.offer,
  hourly: agreedHourlyOf(parties.basis),
  expenses,
});

/** The pay of a deal hour by hour (decision 094), with the travel and lodging as agreed. */
export function payOfDeal(parties: TContractParties, deal: TDeal, shift: TContractTerms['shift']) {
  return engagementPay(parties.basis, shiftDaysOf(shift.date_from, shift.date_to, deal.startTime, deal.endTime), {
    hourly: deal.hourly,
  });
}

/** The organisation and the pharmacy as a document names them ('' for what they have not given). */
export function employerOf(parties: TContractParties): Pick<TContractTerms, 'organisation' | 'pharmacy'> {
  const o = parties.organisation;
  return {
    organisation: {
      name: o?.name ?? '',
      partita_iva: o?.partita_iva ?? '',
      codice_fiscale: o?.codice_fiscale ?? '',
      sede_legale: o?.sede_legale ?? '',
      pec: o?.pec ?? '',
    },
    pharmacy: {
      name: parties.pharmacy?.name ?? '',
      address: parties.pharmacy?.address ?? '',
      comune: parties.pharmacy?.comune ?? '',
    },
  };
}

/** The terms of a version: the parties as they are now, the deal, and the offer's values it was written from. */
export function termsOf(parties: TContractParties, deal: TDeal, createdDay: string): TContractTerms {
  const { shift, fee } = shiftAndFee(deal, parties.title);
  const p = parties.pharmacist;
  const f = parties.file;
  return {
    template: { version: CONTRACT_TEMPLATE.version, since: CONTRACT_TEMPLATE.since, source: CONTRACT_TEMPLATE.source },
    ...employerOf(parties),
    pharmacist: {
      name: p?.name ?? '',
      surname: p?.surname ?? '',
      codice_fiscale: f?.codiceFiscale ?? '',
      partita_iva: f?.partitaIva ?? '',
      tax_regime: f?.taxRegime ?? null,
      albo: { number: p?.alboNumber ?? '', ordine: p?.alboOrdine ?? '', date: p?.alboDate ?? '' },
      insurance: {
        company: f?.company ?? '',
        policy_number: f?.policy ?? '',
        cover: f?.cover ?? null,
        expires_on: f?.expiresOn ?? null,
      },
    },
    shift,
    fee,
    pay: payOfDeal(parties, deal, shift),
    cancellation: {
      notice_hours: CONTRACT_TEMPLATE.cancellationNoticeHours,
      late_share: CONTRACT_TEMPLATE.lateCancellationShare,
    },
    retention: {
      years: CONTRACT_TEMPLATE.retentionYears,
      keep_until: keepUntilOf(shift.date_to, createdDay),
      source: CONTRACT_TEMPLATE.retentionSource,
    },
    offer: {
      date_from: parties.offer.dateFrom,
      date_to: parties.offer.dateTo,
      start_time: parties.offer.startTime,
      end_time: parties.offer.endTime,
      hourly_pay: parties.offer.hourly,
    },
  };
}

/** The deal a version was written with, read back from its terms. */
export const dealOfTerms = (terms: TContractTerms): TDeal => ({
  dateFrom: terms.shift.date_from,
  dateTo: terms.shift.date_to,
  startTime: terms.shift.start_time,
  endTime: terms.shift.end_time,
  hourly: terms.fee.hourly,
  expenses: terms.fee.expenses,
});
