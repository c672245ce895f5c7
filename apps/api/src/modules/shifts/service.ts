/**
 * Worked shifts (decision 075): the accepted applications of offers with dates, day by day up to today (Italian
 * calendar), with the offer's hours or the pharmacist's corrected ones, what they are worth at the offer's hourly pay,
 * the owner's answer to a correction, and how the hours close (closing.ts). The lists' SQL; the writes are in review.ts.
 */
import {
  addDays,
  LIMITS,
  shiftPeriod,
  sumAmounts,
  type TWorkedShift,
  type TWorkedShiftMonth,
  todayInItaly,
} from '@farmaponte/shared';
import { and, eq, gte, inArray, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, workedHours } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { agreedHourlyOf, engagementPay, linesOfEachDay, payBases, type TPayBasis } from '../engagement-pay';
import { closingRecords, shiftClosing, type TClosingRecords } from './closing';
import { firstDay, lastDay, partyCondition, selectShifts, type TRange, type TShiftParty, type TShiftRow } from './rows';
import { daysBetween, grossCents, monthRange, workedMinutes } from './worked-time';

export type { TShiftParty } from './rows';

/** The accepted shifts of `who` with a day inside the range, oldest first. */
function shiftRows(db: TDb, who: TShiftParty, range: TRange) {
  return selectShifts(db)
    .where(
      and(
        partyCondition(who),
        eq(applications.status, 'accepted'),
        or(isNotNull(offers.dateFrom), isNotNull(offers.dateTo)),
        sql`${firstDay} <= ${range.to}`,
        sql`${lastDay} >= ${range.from}`,
      ),
    )
    .orderBy(firstDay, applications.id);
}

type TCorrections = Map<number, Map<string, { start: string; end: string }>>;

/** The corrected hours of these applications inside the range, by application and day. */
async function correctionsOf(db: TDb, applicationIds: number[], range: TRange): Promise<TCorrections> {
  const found: TCorrections = new Map();
  if (!applicationIds.length) return found;
  const rows = await db
    .select({
      applicationId: workedHours.applicationId,
      day: workedHours.day,
      start: workedHours.startTime,
      end: workedHours.endTime,
    })
    .from(workedHours)
    .where(
      and(inArray(workedHours.applicationId, applicationIds), gte(workedHours.day, range.from), lte(workedHours.day, range.to)),
    );
  for (const row of rows) {
    const days = found.get(row.applicationId) ?? new Map();
    days.set(row.day, { start: row.start, end: row.end });
    found.set(row.applicationId, days);
  }
  return found;
}

/** A shift as answered: its days inside the range (none after today), their hours and pay, the owner's answer. */
function toWorkedShift(
  row: TShiftRow,
  basis: TPayBasis | undefined,
  corrections: TCorrections,
  range: TRange,
  today: string,
  records: TClosingRecords,
): TWorkedShift | null {
  const period = shiftPeriod(row.dateFrom, row.dateTo);
  if (!(period && basis)) return null;
  const hourly = agreedHourlyOf(basis);
  const from = period.first > range.from ? period.first : range.from;
  const to = [period.last, range.to, today].sort()[0] as string;
  const corrected = corrections.get(row.applicationId);
  let minutes = 0;
  let cents = 0;
  let withoutHours = 0;
  const worked = daysBetween(from, to).map((day) => {
    const own = corrected?.get(day);
    const start = own?.start ?? row.startTime;
    const end = own?.end ?? row.endTime;
    return start && end ? { day, start, end, corrected: Boolean(own) } : { day, start: null, end: null, corrected: Boolean(own) };
  });
  if (!worked.length) return null;
  // Each day's lines once, for its amount and for the pay of the shift (a freelancer without a fee has none).
  const lines = basis.legalForm === 'libera_professione' && hourly === null ? null : linesOfEachDay(basis, hourly, worked);
  const days = worked.map(({ day: date, start, end, corrected: own }, index) => {
    const dayMinutes = start && end ? workedMinutes(date, start, end) : 0;
    if (!(start && end)) withoutHours += 1;
    const dayCents = hourly == null ? null : grossCents(dayMinutes, hourly);
    minutes += dayMinutes;
    cents += dayCents ?? 0;
    const dayLines = lines?.[index] ?? [];
    return {
      date,
      start_time: start,
      end_time: end,
      corrected: own,
      minutes: dayMinutes,
      gross: dayCents == null ? null : dayCents / 100,
      amount: start && end && dayLines.length ? sumAmounts(dayLines) : null,
    };
  });
  // A one-off trip is paid with the shift's first day; a trip paid each day, with each day shown.
  const withTravel = from === period.first || (basis.travelPerDay && basis.agreedTravel === null);
  const correctableUntil = addDays(period.last, LIMITS.workedHoursCorrectionDays);
  return {
    application_id: row.applicationId,
    offer: {
      id: row.offerId,
      title: row.title,
      date_from: row.dateFrom,
      date_to: row.dateTo,
      start_time: row.startTime,
      end_time: row.endTime,
      hourly_pay: row.hourlyPay,
    },
    pharmacy: { name: row.pharmacy, comune: row.comune },
    pharmacist: { id: row.farmacistaId, name: row.name, surname: row.surname },
    days,
    minutes,
    gross: hourly == null ? null : cents / 100,
    pay: engagementPay(basis, worked, { hourly, withTravel, dayLines: lines ?? undefined }),
    days_without_hours: withoutHours,
    review:
      row.reviewStatus && row.correctedAt
        ? {
            status: row.reviewStatus,
            note: row.reviewNote,
            corrected_at: row.correctedAt.toISOString(),
            decided_at: row.decidedAt?.toISOString() ?? null,
          }
        : null,
    correctable_until: correctableUntil,
    can_correct: row.status === 'accepted' && today <= correctableUntil,
    closing: shiftClosing(row, period.last, today, records),
  };
}

/** The worked shifts of `who` with days inside the range, each with only those days and the pharmacy it was for. */
async function pharmacyShifts(db: TDb, who: TShiftParty, range: TRange, now: Date) {
  const today = todayInItaly(now);
  const upTo = range.to < today ? range.to : today;
  if (upTo < range.from) return [];
  const shown = { from: range.from, to: upTo };
  const rows = (await shiftRows(db, who, shown)) as TShiftRow[];
  const ids = rows.map((row) => row.applicationId);
  const [corrections, bases, records] = await Promise.all([
    correctionsOf(db, ids, shown),
    payBases(db, ids),
    closingRecords(db, ids, today),
  ]);
  return rows.flatMap((row) => {
    const shift = toWorkedShift(row, bases.get(row.applicationId), corrections, shown, today, records);
    return shift ? [{ pharmacyId: row.ownerId, shift }] : [];
  });
}

/** The worked shifts of `who` with days inside the range, each with only those days. */
export async function workedShifts(db: TDb, who: TShiftParty, range: TRange, now: Date): Promise<TWorkedShift[]> {
  return (await pharmacyShifts(db, who, range, now)).map(({ shift }) => shift);
}

/** The worked shifts of these pharmacies (owner accounts) in the range, each with the pharmacy's id (decision 091). */
export function pharmaciesWorkedShifts(db: TDb, pharmacyIds: number[], range: TRange, now: Date) {
  return pharmacyShifts(db, { ownerIds: pharmacyIds }, range, now);
}

/** The month's totals: shifts, minutes, the gross of those with a pay, and the days still without hours. */
export function monthTotals(shifts: TWorkedShift[]): TWorkedShiftMonth['totals'] {
  const cents = shifts.reduce((sum, shift) => sum + Math.round((shift.gross ?? 0) * 100), 0);
  return {
    shifts: shifts.length,
    minutes: shifts.reduce((sum, shift) => sum + shift.minutes, 0),
    gross: cents / 100,
    grand_total: shifts.reduce((sum, shift) => sum + Math.round((shift.pay.grand_total ?? 0) * 100), 0) / 100,
    days_without_hours: shifts.reduce((sum, shift) => sum + shift.days_without_hours, 0),
  };
}

/** GET /api/shifts/mine/ and /owner/: a month of worked shifts with its totals. */
export async function workedShiftMonth(
  db: TDb,
  who: TShiftParty,
  { year, month }: { year: number; month: number },
  now: Date,
): Promise<TWorkedShiftMonth> {
  const shifts = await workedShifts(db, who, monthRange(year, month), now);
  return { year, month, shifts, totals: monthTotals(shifts) };
}

/**
 * These shifts, each over all its days so far, by application (the answer of a correction, of the owner's answer, of an
 * expense; an invoice's lines): one query of each kind for any number of them. Missing: not a shift with dates.
 */
export async function wholeShifts(db: TDb, applicationIds: number[], now: Date): Promise<Map<number, TWorkedShift>> {
  const found = new Map<number, TWorkedShift>();
  if (!applicationIds.length) return found;
  const rows = (await selectShifts(db).where(inArray(applications.id, applicationIds))) as TShiftRow[];
  const periods = rows.flatMap((row) => {
    const period = shiftPeriod(row.dateFrom, row.dateTo);
    return period ? [{ row, range: { from: period.first, to: period.last } }] : [];
  });
  if (!periods.length) return found;
  const ids = periods.map(({ row }) => row.applicationId);
  // One read of the corrections over the days of them all; each shift keeps only its own days.
  const span = {
    from: periods.map(({ range }) => range.from).sort()[0] as string,
    to: periods
      .map(({ range }) => range.to)
      .sort()
      .at(-1) as string,
  };
  const today = todayInItaly(now);
  const [corrections, bases, records] = await Promise.all([
    correctionsOf(db, ids, span),
    payBases(db, ids),
    closingRecords(db, ids, today),
  ]);
  for (const { row, range } of periods) {
    const shift = toWorkedShift(row, bases.get(row.applicationId), corrections, range, today, records);
    if (shift) found.set(row.applicationId, shift);
  }
  return found;
}

/** One shift over all its days so far; 404 when it is not one. */
export async function oneShift(db: TDb, applicationId: number, now: Date): Promise<TWorkedShift> {
  const shift = (await wholeShifts(db, [applicationId], now)).get(applicationId);
  if (!shift) throw notFound();
  return shift;
}

/** The pharmacist as the statement names them: name, surname and albo entry. */
export async function statementPerson(db: TDb, farmacistaId: number) {
  const [person] = await db
    .select({
      name: profiles.name,
      surname: profiles.surname,
      ordine: profiles.ordineProvincia,
      albo: profiles.numeroIscrizioneAlbo,
    })
    .from(profiles)
    .where(eq(profiles.userId, farmacistaId));
  if (!person) throw notFound();
  return person;
}
