/**
 * The writes of worked shifts' hours (decisions 075 and 095): the pharmacist's corrections and the owner's answer,
 * each in one transaction that locks the shift first (rows.ts), so they take turns. An engagement billed in an invoice
 * takes neither any more; hours the clock confirmed take no answer.
 */
import {
  addDays,
  hoursState,
  INVOICE_MESSAGES,
  LIMITS,
  SHIFT_MESSAGES,
  shiftPeriod,
  type THoursReviewInput,
  type TWorkedHoursInput,
  type TWorkedShift,
  todayInItaly,
} from '@farmaponte/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { workedHours, workedHoursReviews } from '../../db/schema';
import { badRequest, conflict } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { isInvoiced } from './closing';
import { lockShift, type TShiftRow } from './rows';
import { oneShift } from './service';

/**
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
    if (await isInvoiced(tx, applicationId)) throw conflict(INVOICE_MESSAGES.shiftInvoiced, 'shift_invoiced');
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
 * What the owner may answer now, or the 409 that says why not: nothing once the engagement is invoiced or the clock
 * confirmed the hours (`hours_closed`); a correction the owner did not see (`hours_changed`); hours never corrected may
 * be confirmed (not disputed) once the shift's last day has come; a dispute may be turned into a confirmation.
 */
async function refuseReview(
  tx: TDb,
  shift: TShiftRow,
  { status, corrected_at }: THoursReviewInput,
  today: string,
): Promise<void> {
  if (shift.status !== 'accepted') throw conflict(SHIFT_MESSAGES.notAccepted, 'shift_not_accepted');
  const period = shiftPeriod(shift.dateFrom, shift.dateTo);
  if (!period) throw conflict(SHIFT_MESSAGES.withoutDates, 'shift_without_dates');
  const hours = hoursState(period.last, shift.reviewStatus ? { status: shift.reviewStatus } : null, today);
  if (hours.confirmed_by === 'automatica' || (await isInvoiced(tx, shift.applicationId)))
    throw conflict(INVOICE_MESSAGES.hoursClosed, 'hours_closed');
  if (corrected_at && Date.parse(corrected_at) !== shift.correctedAt?.getTime())
    throw conflict(SHIFT_MESSAGES.hoursChanged, 'hours_changed');
  if (!shift.reviewStatus) {
    if (status === 'disputed') throw conflict(SHIFT_MESSAGES.nothingToReview, 'hours_not_submitted');
    if (period.last > today) throw conflict(INVOICE_MESSAGES.hoursNotOver, 'shift_not_over');
    return;
  }
  if (shift.reviewStatus === 'pending' || (shift.reviewStatus === 'disputed' && status === 'confirmed')) return;
  throw conflict(SHIFT_MESSAGES.alreadyAnswered, 'hours_already_answered');
}

/**
 * The owner confirms or disputes (with a note) the pharmacist's corrected hours, once for each correction; confirms
 * hours never corrected once the shift is over (a review with no correction); confirms hours disputed before. The
 * pharmacist is told, and the pharmacy's audit log says who answered (decision 095).
 */
export async function reviewWorkedHours(
  db: TDb,
  events: TEvents,
  ownerId: number,
  applicationId: number,
  answer: THoursReviewInput,
  now: Date,
  actor: TAuditActor,
): Promise<TWorkedShift> {
  const { status, note } = answer;
  await writeTransaction(db, async (tx) => {
    const shift = await lockShift(tx, applicationId, { ownerId });
    await refuseReview(tx, shift, answer, todayInItaly(now));
    await tx
      .insert(workedHoursReviews)
      .values({ applicationId, status, note: note || null, correctedAt: null, decidedAt: now })
      .onConflictDoUpdate({
        target: workedHoursReviews.applicationId,
        set: { status, note: note || null, decidedAt: now },
      });
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'hours.review',
        targetUserId: shift.farmacistaId,
        targetType: 'application',
        targetId: applicationId,
        details: { status, pharmacy_id: ownerId, corrected_at: shift.correctedAt?.toISOString() ?? null },
      },
      now,
    );
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
