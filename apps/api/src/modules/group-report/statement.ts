/**
 * The group's monthly statement (decision 091): each day worked in the month for the pharmacies asked, as the worked
 * shifts count it (decision 075, `pharmaciesWorkedShifts`: the same days, hours and cents as the pharmacist's
 * statement and the report), grouped by pharmacy with its totals and the group's.
 */
import { monthRange, type THoursReviewStatus } from '@farmaponte/shared';
import { ORGANISATION_MESSAGES } from '@farmaponte/shared/organisation';
import type { TDb } from '../../db/client';
import { notFound } from '../../lib/errors';
import { pharmaciesWorkedShifts } from '../shifts';
import type { TPharmacy, TReportScope } from './service';

/** One day worked: who, for what, its hours and what it is worth (null without an hourly pay). */
export interface TStatementDay {
  date: string;
  pharmacist: string;
  title: string;
  start: string | null;
  end: string | null;
  minutes: number;
  hourlyPay: number | null;
  cents: number | null;
  corrected: boolean;
  review: THoursReviewStatus | null;
}

export interface TStatementTotal {
  days: number;
  minutes: number;
  cents: number;
}

export interface TStatement {
  organisation: string;
  year: number;
  month: number;
  /** The one pharmacy asked for, or null for the whole group the person sees. */
  pharmacy: TPharmacy | null;
  /** How many pharmacies the statement covers. */
  covered: number;
  /** The pharmacies with days worked (the one asked for even without), by name, each with its days and total. */
  sections: (TPharmacy & { days: TStatementDay[]; total: TStatementTotal })[];
  total: TStatementTotal;
}

const totalOf = (days: TStatementDay[]): TStatementTotal => ({
  days: days.length,
  minutes: days.reduce((sum, day) => sum + day.minutes, 0),
  cents: days.reduce((sum, day) => sum + (day.cents ?? 0), 0),
});

/** The statement of `month` for `pharmacyId` (404 outside the scope) or, without it, every pharmacy of the scope. */
export async function monthStatement(
  db: TDb,
  scope: TReportScope,
  pharmacyId: number | undefined,
  { year, month }: { year: number; month: number },
  now: Date,
): Promise<TStatement> {
  const asked = pharmacyId === undefined ? null : scope.pharmacies.find((pharmacy) => pharmacy.id === pharmacyId);
  if (asked === undefined) throw notFound(ORGANISATION_MESSAGES.pharmacyNotFound, 'pharmacy_not_found');
  const pharmacies = asked ? [asked] : scope.pharmacies;
  const worked = await pharmaciesWorkedShifts(
    db,
    pharmacies.map((pharmacy) => pharmacy.id),
    monthRange(year, month),
    now,
  );
  const daysOf = new Map<number, (TStatementDay & { applicationId: number })[]>();
  for (const { pharmacyId: id, shift } of worked) {
    const list = daysOf.get(id) ?? [];
    for (const day of shift.days)
      list.push({
        applicationId: shift.application_id,
        date: day.date,
        pharmacist: `${shift.pharmacist.name} ${shift.pharmacist.surname}`.trim(),
        title: shift.offer.title,
        start: day.start_time,
        end: day.end_time,
        minutes: day.minutes,
        hourlyPay: shift.pay.hourly ?? shift.offer.hourly_pay,
        cents: day.gross == null ? null : Math.round(day.gross * 100),
        corrected: day.corrected,
        review: day.corrected && shift.review ? shift.review.status : null,
      });
    daysOf.set(id, list);
  }
  const sections = pharmacies.flatMap((pharmacy) => {
    const days = (daysOf.get(pharmacy.id) ?? []).sort(
      (a, b) =>
        a.date.localeCompare(b.date) || a.pharmacist.localeCompare(b.pharmacist, 'it') || a.applicationId - b.applicationId,
    );
    return days.length || asked ? [{ ...pharmacy, days, total: totalOf(days) }] : [];
  });
  return {
    organisation: scope.organisation.name,
    year,
    month,
    pharmacy: asked,
    covered: pharmacies.length,
    sections,
    total: totalOf(sections.flatMap((section) => section.days)),
  };
}

/** The statement's subject in its file's name: 'gruppo', or the pharmacy's name in lower-case ASCII words. */
export function statementSubject(statement: TStatement, groupSubject: string): string {
  if (!statement.pharmacy) return groupSubject;
  const words = statement.pharmacy.name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words || `farmacia-${statement.pharmacy.id}`;
}
