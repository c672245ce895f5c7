/**
 * Worked shifts (decision 075): the accepted applications of offers with dates, day by day up to today (Italian
 * calendar), with the offer's hours or the pharmacist's corrected ones, what they are worth at the offer's hourly pay,
 * and the owner's answer to a correction. All of the feature's SQL.
 */
import {
  addDays,
  LIMITS,
  SHIFT_MESSAGES,
  shiftPeriod,
  type THoursReviewInput,
  type TWorkedHoursInput,
  type TWorkedShift,
  type TWorkedShiftMonth,
  todayInItaly,
} from '@farmaponte/shared';
import { and, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, workedHours, workedHoursReviews } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { agreedHourlyOf, dayAmount, engagementPay, payBases, type TPayBasis } from '../engagement-pay';
import { lockOffers } from '../offers';
import { daysBetween, grossCents, monthRange, workedMinutes } from './worked-time';

const pharmacistProfiles = alias(profiles, 'pharmacist_profiles');

/** Whose shifts: the pharmacist who worked them, the owner of the offers, or several owners (a group, decision 091). */
export type TShiftParty = { farmacistaId: number } | { ownerId: number } | { ownerIds: number[] };

/** The Italian days a list covers, both included. */
type TRange = { from: string; to: string };

const shiftColumns = {
  applicationId: applications.id,
  status: applications.status,
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

type TShiftRow = {
  applicationId: number;
  status: string;
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

const partyCondition = (who: TShiftParty): SQL =>
  'farmacistaId' in who
    ? eq(applications.farmacistaId, who.farmacistaId)
    : 'ownerIds' in who
      ? inArray(offers.ownerId, who.ownerIds)
      : eq(offers.ownerId, who.ownerId);

/** The first and last day of an offer in SQL (a single-day offer may have only one of its dates). */
const firstDay = sql`coalesce(${offers.dateFrom}, ${offers.dateTo})`;
const lastDay = sql`coalesce(${offers.dateTo}, ${offers.dateFrom})`;

/** Applications with their offer, pharmacy, pharmacist and owner's answer: the caller adds its condition. */
function selectShifts(db: TDb) {
  return db
    .select(shiftColumns)
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
    .innerJoin(pharmacistProfiles, eq(pharmacistProfiles.userId, applications.farmacistaId))
    .leftJoin(workedHoursReviews, eq(workedHoursReviews.applicationId, applications.id));
}

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
  const days = daysBetween(from, to).map((date) => {
    const own = corrected?.get(date);
    const start = own?.start ?? row.startTime;
    const end = own?.end ?? row.endTime;
    const dayMinutes = start && end ? workedMinutes(date, start, end) : 0;
    if (!(start && end)) withoutHours += 1;
    const dayCents = hourly == null ? null : grossCents(dayMinutes, hourly);
    minutes += dayMinutes;
    cents += dayCents ?? 0;
    return {
      date,
      start_time: start && end ? start : null,
      end_time: start && end ? end : null,
      corrected: Boolean(own),
      minutes: dayMinutes,
      gross: dayCents == null ? null : dayCents / 100,
      amount: start && end ? dayAmount(basis, { day: date, start, end }, hourly) : null,
    };
  });
  if (!days.length) return null;
  const worked = days.map((d) => ({ day: d.date, start: d.start_time, end: d.end_time }));
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
    pay: engagementPay(basis, worked, { hourly, withTravel }),
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
  const [corrections, bases] = await Promise.all([correctionsOf(db, ids, shown), payBases(db, ids)]);
  return rows.flatMap((row) => {
    const shift = toWorkedShift(row, bases.get(row.applicationId), corrections, shown, today);
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

/** One shift over all its days so far (the answer of a correction or of the owner's answer). */
export async function oneShift(db: TDb, applicationId: number, now: Date): Promise<TWorkedShift> {
  const [row] = (await selectShifts(db).where(eq(applications.id, applicationId))) as TShiftRow[];
  const period = row && shiftPeriod(row.dateFrom, row.dateTo);
  if (!row || !period) throw notFound();
  const range = { from: period.first, to: period.last };
  const [corrections, bases] = await Promise.all([correctionsOf(db, [applicationId], range), payBases(db, [applicationId])]);
  const shift = toWorkedShift(row, bases.get(applicationId), corrections, range, todayInItaly(now));
  if (!shift) throw notFound();
  return shift;
}

/**
 * A shift locked for a change, in the lock order (docs/architecture.md): its offer first, then the application; 404
 * unless `who` is its pharmacist or the offer's owner. The application's lock is what the pharmacist's corrections and
 * the owner's answers wait for, so they take turns.
 */
async function lockShift(tx: TDb, applicationId: number, who: TShiftParty) {
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

/**
 * The pharmacist's hours of some days of an accepted shift (docs/rules.md#worked-shifts): days of the offer's period
 * that have come, until LIMITS.workedHoursCorrectionDays after its last day (409 after). A day given the offer's own
 * hours goes back to them. While corrected days remain, the owner's answer is `pending`; the owner is notified when it
 * becomes so (not again for each day while it already is).
 */
export async function correctWorkedHours(
  db: TDb,
  events: TEvents,
  farmacistaId: number,
  applicationId: number,
  { days }: TWorkedHoursInput,
  now: Date,
): Promise<{ shift: TWorkedShift; pending: boolean }> {
  const today = todayInItaly(now);
  const pending = await writeTransaction(db, async (tx) => {
    const shift = await lockShift(tx, applicationId, { farmacistaId });
    if (shift.status !== 'accepted') throw conflict(SHIFT_MESSAGES.notAccepted, 'shift_not_accepted');
    const period = shiftPeriod(shift.dateFrom, shift.dateTo);
    if (!period) throw conflict(SHIFT_MESSAGES.withoutDates, 'shift_without_dates');
    if (today > addDays(period.last, LIMITS.workedHoursCorrectionDays))
      throw conflict(SHIFT_MESSAGES.windowClosed, 'hours_window_closed');
    const fields: Record<string, string> = {};
    days.forEach((day, index) => {
      if (day.date < period.first || day.date > period.last) fields[`days.${index}.date`] = SHIFT_MESSAGES.dayOutsideShift;
      else if (day.date > today) fields[`days.${index}.date`] = SHIFT_MESSAGES.dayInFuture;
    });
    const [firstProblem] = Object.values(fields);
    if (firstProblem) throw badRequest(firstProblem, 'validation_error', fields);

    const asOffered = days.filter((day) => day.start_time === shift.startTime && day.end_time === shift.endTime);
    const own = days.filter((day) => !asOffered.includes(day));
    if (asOffered.length)
      await tx.delete(workedHours).where(
        and(
          eq(workedHours.applicationId, applicationId),
          inArray(
            workedHours.day,
            asOffered.map((day) => day.date),
          ),
        ),
      );
    for (const day of own)
      await tx
        .insert(workedHours)
        .values({ applicationId, day: day.date, startTime: day.start_time, endTime: day.end_time, updatedAt: now })
        .onConflictDoUpdate({
          target: [workedHours.applicationId, workedHours.day],
          set: { startTime: day.start_time, endTime: day.end_time, updatedAt: now },
        });
    const [left] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(workedHours)
      .where(eq(workedHours.applicationId, applicationId));
    if (Number(left?.n ?? 0) === 0) {
      // Every day is as offered again: nothing for the owner to answer.
      await tx.delete(workedHoursReviews).where(eq(workedHoursReviews.applicationId, applicationId));
      return false;
    }
    await tx
      .insert(workedHoursReviews)
      .values({ applicationId, status: 'pending', note: null, correctedAt: now, decidedAt: null })
      .onConflictDoUpdate({
        target: workedHoursReviews.applicationId,
        set: { status: 'pending', note: null, correctedAt: now, decidedAt: null },
      });
    if (shift.reviewStatus !== 'pending')
      await events.record(tx, {
        type: 'hours.submitted',
        applicationId,
        ownerId: shift.ownerId,
        pharmacistId: farmacistaId,
        day: days[0]?.date ?? period.last,
      });
    return true;
  });
  return { shift: await oneShift(db, applicationId, now), pending };
}

/**
 * The owner confirms or disputes (with a note) the pharmacist's corrected hours, once for each correction: 409 when
 * there is none to answer, when it was answered, or when a newer correction arrived than the one the owner saw.
 */
export async function reviewWorkedHours(
  db: TDb,
  events: TEvents,
  ownerId: number,
  applicationId: number,
  { status, note, corrected_at }: THoursReviewInput,
  now: Date,
): Promise<TWorkedShift> {
  await writeTransaction(db, async (tx) => {
    const shift = await lockShift(tx, applicationId, { ownerId });
    if (shift.status !== 'accepted') throw conflict(SHIFT_MESSAGES.notAccepted, 'shift_not_accepted');
    if (!shift.reviewStatus || !shift.correctedAt) throw conflict(SHIFT_MESSAGES.nothingToReview, 'hours_not_submitted');
    if (corrected_at && Date.parse(corrected_at) !== shift.correctedAt.getTime())
      throw conflict(SHIFT_MESSAGES.hoursChanged, 'hours_changed');
    if (shift.reviewStatus !== 'pending') throw conflict(SHIFT_MESSAGES.alreadyAnswered, 'hours_already_answered');
    await tx
      .update(workedHoursReviews)
      .set({ status, note: note || null, decidedAt: now })
      .where(eq(workedHoursReviews.applicationId, applicationId));
    await events.record(tx, {
      type: 'hours.answered',
      applicationId,
      ownerId,
      pharmacistId: shift.farmacistaId,
      confirmed: status === 'confirmed',
      note: note || null,
    });
  });
  return oneShift(db, applicationId, now);
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
