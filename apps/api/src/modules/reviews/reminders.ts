/**
 * The reminder before a shift (decision 074): LIMITS.shiftReminderHoursBefore before an accepted shift's first day
 * starts (Rome's clock; midnight without hours), both sides get a `shift_reminder` notification and its mail, with the
 * shift's calendar event attached again and the pharmacy's address; once per application, however many instances run
 * the job: the `shift_reminders` row (`before_shift`) is inserted before anyone is told, in the same transaction.
 */
import { addDays, LIMITS, romeInstant, todayInItaly } from '@farmaponte/shared';
import { and, eq, gte, lte, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, shiftReminders } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import type { TJob } from '../../lib/job';
import { writeTransaction } from '../../lib/transactions';

const HOUR_MS = 3_600_000;

/** One round: the accepted shifts starting within the next LIMITS.shiftReminderHoursBefore hours, each reminded once. */
export async function sendShiftReminders(db: TDb, events: TEvents, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayInItaly(now);
  const firstDay = sql<string>`coalesce(${offers.dateFrom}, ${offers.dateTo})`;
  const candidates = await db
    .select({
      applicationId: applications.id,
      farmacistaId: applications.farmacistaId,
      ownerId: offers.ownerId,
      firstDay,
      startTime: offers.startTime,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        eq(applications.status, 'accepted'),
        gte(firstDay, today),
        lte(firstDay, addDays(today, Math.ceil(LIMITS.shiftReminderHoursBefore / 24) + 1)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(shiftReminders)
            .where(and(eq(shiftReminders.applicationId, applications.id), eq(shiftReminders.kind, 'before_shift'))),
        ),
      ),
    )
    .orderBy(applications.id);
  let sent = 0;
  for (const row of candidates) {
    if (signal?.aborted) break;
    const startsIn = romeInstant(row.firstDay, row.startTime ?? '00:00') - now.getTime();
    if (startsIn <= 0 || startsIn > LIMITS.shiftReminderHoursBefore * HOUR_MS) continue;
    sent += await writeTransaction(db, async (tx) => {
      const [claimed] = await tx
        .insert(shiftReminders)
        .values({ applicationId: row.applicationId, kind: 'before_shift', sentAt: now })
        .onConflictDoNothing()
        .returning({ applicationId: shiftReminders.applicationId });
      if (!claimed) return 0;
      await events.record(tx, {
        type: 'shift.reminder_due',
        applicationId: row.applicationId,
        pharmacistId: row.farmacistaId,
        ownerId: row.ownerId,
      });
      return 1;
    });
  }
  return sent;
}

export function shiftRemindersJob(deps: { db: TDb; events: TEvents }): TJob<{ reminded: number }> {
  return {
    name: 'shift-reminders',
    every: 15 * 60,
    // Safe when instances run it at once: the shift_reminders row is inserted once, and only its inserter tells.
    exclusive: false,
    async run({ now, signal, log }) {
      const reminded = await sendShiftReminders(deps.db, deps.events, now(), signal);
      if (reminded) log.info({ reminded }, 'shift reminders sent');
      return { reminded };
    },
  };
}
