/**
 * The reliability record's part of the hiring loop (decision 074): a no-show the owner reports, and how late a
 * cancellation of an accepted shift is; each kept as a reliability event of the application, once.
 */
import {
  addDays,
  LIMITS,
  RELIABILITY_MESSAGES,
  romeInstant,
  shiftPeriod,
  type TApplicationStatus,
  todayInItaly,
} from '@farmaponte/shared';
import type { TDb } from '../../db/client';
import { reliabilityEvents } from '../../db/schema';
import { conflict } from '../../lib/errors';
import { writeTransaction } from '../../lib/transactions';
import { lockApplication } from './locks';

/** Why a no-show of this application cannot be reported today, by the answer's code (a report once made aside). */
const NO_SHOW_REFUSALS = {
  no_show_not_accepted: RELIABILITY_MESSAGES.noShowNotAccepted,
  no_show_without_dates: RELIABILITY_MESSAGES.noShowWithoutDates,
  no_show_too_early: RELIABILITY_MESSAGES.noShowTooEarly,
  no_show_too_late: RELIABILITY_MESSAGES.noShowTooLate,
} as const;

/**
 * The rule of a no-show's report (decision 074), for the report itself and for the owner's cards: an accepted
 * application of an offer with dates, from its first day to LIMITS.reviewWindowDays after its last (Italian days).
 * Null when it may be reported on `today`, else the refusal's code.
 */
export function noShowRefusal(
  application: { status: TApplicationStatus; dateFrom: string | null; dateTo: string | null },
  today: string,
): keyof typeof NO_SHOW_REFUSALS | null {
  if (application.status !== 'accepted') return 'no_show_not_accepted';
  const period = shiftPeriod(application.dateFrom, application.dateTo);
  if (!period) return 'no_show_without_dates';
  if (today < period.first) return 'no_show_too_early';
  if (today > addDays(period.last, LIMITS.reviewWindowDays)) return 'no_show_too_late';
  return null;
}

/**
 * POST /api/applications/{id}/no-show/: the owner reports that the accepted pharmacist did not come, from the shift's
 * first day until its review window closes (409 before, after, twice or for an application not accepted); recorded in
 * the pharmacist's reliability record (decision 074).
 */
export async function reportNoShow(db: TDb, ownerId: number, applicationId: number, reason: string, now: Date): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const application = await lockApplication(tx, applicationId, { ownerId });
    const refusal = noShowRefusal(application, todayInItaly(now));
    if (refusal) throw conflict(NO_SHOW_REFUSALS[refusal], refusal);
    const recorded = await recordReliabilityEvent(tx, {
      userId: application.farmacistaId,
      kind: 'no_show',
      application,
      reason,
      at: now,
    });
    if (!recorded) throw conflict(RELIABILITY_MESSAGES.noShowAlreadyReported, 'no_show_reported');
  });
}

/**
 * How late a cancellation of an accepted shift is (decision 074): `very_late_cancellation` under
 * LIMITS.veryLateCancellationHours before its first day's start on Rome's clock (or once it has begun),
 * `late_cancellation` under LIMITS.lateCancellationDays, else null (an offer without dates is never late).
 */
export function cancellationLateness(
  shift: { dateFrom: string | null; dateTo: string | null; startTime: string | null },
  now: Date,
): 'late_cancellation' | 'very_late_cancellation' | null {
  const period = shiftPeriod(shift.dateFrom, shift.dateTo);
  if (!period) return null;
  const hoursLeft = (romeInstant(period.first, shift.startTime ?? '00:00') - now.getTime()) / 3_600_000;
  if (hoursLeft < LIMITS.veryLateCancellationHours) return 'very_late_cancellation';
  if (hoursLeft < LIMITS.lateCancellationDays * 24) return 'late_cancellation';
  return null;
}

/** One reliability event in the change's transaction; false when the application already has one of that kind. */
export async function recordReliabilityEvent(
  tx: TDb,
  event: {
    userId: number;
    kind: 'late_cancellation' | 'very_late_cancellation' | 'no_show';
    application: { id: number; title: string; dateFrom: string | null; dateTo: string | null };
    reason: string;
    at: Date;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(reliabilityEvents)
    .values({
      userId: event.userId,
      kind: event.kind,
      applicationId: event.application.id,
      offerTitle: event.application.title,
      firstDay: event.application.dateFrom ?? event.application.dateTo,
      reason: event.reason || null,
      at: event.at,
    })
    .onConflictDoNothing()
    .returning({ id: reliabilityEvents.id });
  return inserted.length > 0;
}
