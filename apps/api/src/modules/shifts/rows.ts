/**
 * Worked shifts' rows (decision 075): an accepted application with its offer, pharmacy, pharmacist and the owner's
 * answer, selected for a list or locked for a change. The SQL both the lists and the writes start from.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, workedHoursReviews } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { lockOffers } from '../offers';

const pharmacistProfiles = alias(profiles, 'pharmacist_profiles');

/** Whose shifts: the pharmacist who worked them, the owner of the offers, or several owners (a group, decision 091). */
export type TShiftParty = { farmacistaId: number } | { ownerId: number } | { ownerIds: number[] };

/** The Italian days a list covers, both included. */
export type TRange = { from: string; to: string };

const shiftColumns = {
  applicationId: applications.id,
  status: applications.status,
  legalForm: applications.legalForm,
  farmacistaId: applications.farmacistaId,
  ownerId: offers.ownerId,
  offerId: offers.id,
  title: offers.title,
  dateFrom: offers.dateFrom,
  dateTo: offers.dateTo,
  startTime: offers.startTime,
  endTime: offers.endTime,
  hourlyPay: offers.hourlyPay,
  pharmacy: profiles.denominazioneFarmacia,
  comune: profiles.comuneFarmacia,
  name: pharmacistProfiles.name,
  surname: pharmacistProfiles.surname,
  reviewStatus: workedHoursReviews.status,
  reviewNote: workedHoursReviews.note,
  correctedAt: workedHoursReviews.correctedAt,
  decidedAt: workedHoursReviews.decidedAt,
};

export type TShiftRow = {
  applicationId: number;
  status: string;
  legalForm: 'dipendente' | 'libera_professione';
  farmacistaId: number;
  ownerId: number;
  offerId: number;
  title: string;
  dateFrom: string | null;
  dateTo: string | null;
  startTime: string | null;
  endTime: string | null;
  hourlyPay: number | null;
  pharmacy: string;
  comune: string;
  name: string;
  surname: string;
  reviewStatus: 'pending' | 'confirmed' | 'disputed' | null;
  reviewNote: string | null;
  correctedAt: Date | null;
  decidedAt: Date | null;
};

export const partyCondition = (who: TShiftParty): SQL =>
  'farmacistaId' in who
    ? eq(applications.farmacistaId, who.farmacistaId)
    : 'ownerIds' in who
      ? inArray(offers.ownerId, who.ownerIds)
      : eq(offers.ownerId, who.ownerId);

/** The first and last day of an offer in SQL (a single-day offer may have only one of its dates). */
export const firstDay = sql`coalesce(${offers.dateFrom}, ${offers.dateTo})`;
export const lastDay = sql`coalesce(${offers.dateTo}, ${offers.dateFrom})`;

/** Applications with their offer, pharmacy, pharmacist and owner's answer: the caller adds its condition. */
export function selectShifts(db: TDb) {
  return db
    .select(shiftColumns)
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .innerJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId))
    .leftJoin(workedHoursReviews, eq(workedHoursReviews.applicationId, applications.id));
}

/**
 * A shift locked for a change, in the lock order (docs/architecture.md): its offer first, then the application; 404
 * unless `who` is its pharmacist or the offer's owner. The application's lock is what the pharmacist's corrections,
 * her expenses and the owner's answers wait for, so they take turns.
 */
export async function lockShift(tx: TDb, applicationId: number, who: TShiftParty): Promise<TShiftRow> {
  const whose = and(eq(applications.id, applicationId), partyCondition(who));
  const [found] = await tx
    .select({ offerId: applications.offerId })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(whose);
  // Someone else's shift is as good as missing: its existence is not revealed.
  if (!found) throw notFound();
  await lockOffers(tx, [found.offerId]);
  const [row] = (await selectShifts(tx).where(whose).for('update', { of: applications })) as TShiftRow[];
  // The offer was deleted (with its applications) while this request waited for it.
  if (!row) throw notFound();
  return row;
}
