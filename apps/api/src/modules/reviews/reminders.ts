/**
 * The reminder before a shift (decision 074): LIMITS.shiftReminderHoursBefore before an accepted shift's first day
 * starts (Rome's clock; midnight without hours), both sides get a `shift_reminder` notification and its mail, with the
 * shift's calendar event attached again and the pharmacy's address; once per application, however many instances run
 * the job: the `shift_reminders` row (`before_shift`) is inserted before anyone is told, in the same transaction.
 */
import { formatDate, LIMITS, NOTIFICATION_TEXT, todayInItaly } from '@farmaponte/shared';
import { and, eq, gte, lte, notExists, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, profiles, shiftReminders } from '../../db/schema';
import { writeTransaction } from '../../lib/transactions';
import { shiftInvitation } from '../calendar';
import type { TJob } from '../jobs';
import type { TNotifier } from '../notifications';
import { addDays, romeInstant } from '../shifts';

const HOUR_MS = 3_600_000;

/** One round: the accepted shifts starting within the next LIMITS.shiftReminderHoursBefore hours, each reminded once. */
export async function sendShiftReminders(db: TDb, notifier: TNotifier, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayInItaly(now);
  const firstDay = sql<string>`coalesce(${offers.dateFrom}, ${offers.dateTo})`;
  const candidates = await db
    .select({
      applicationId: applications.id,
      farmacistaId: applications.farmacistaId,
      ownerId: offers.ownerId,
      title: offers.title,
      firstDay,
      startTime: offers.startTime,
      pharmacy: profiles.denominazioneFarmacia,
      address: profiles.indirizzoFarmacia,
      comune: profiles.comuneFarmacia,
    })
    .from(applications)
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .innerJoin(profiles, eq(profiles.userId, offers.ownerId))
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
      const invitation = await shiftInvitation(tx, notifier, row.applicationId, { method: 'REQUEST', now });
      const day = `${formatDate(row.firstDay)}${row.startTime ? ` alle ${row.startTime}` : ''}`;
      const address = [row.address, row.comune].filter(Boolean).join(', ');
      for (const userId of [row.farmacistaId, row.ownerId])
        await notifier.notify(tx, {
          userId,
          type: 'shift_reminder',
          ...NOTIFICATION_TEXT.shift_reminder(row.title, row.pharmacy, day),
          link: userId === row.ownerId ? '/candidature' : '/mie_candidature',
          lines: address ? [address] : [],
          ics: invitation?.ics ?? null,
        });
      return 1;
    });
  }
  return sent;
}

export function shiftRemindersJob(deps: { db: TDb; notifier: TNotifier }): TJob<{ reminded: number }> {
  return {
    name: 'shift-reminders',
    every: 15 * 60,
    // Safe when instances run it at once: the shift_reminders row is inserted once, and only its inserter tells.
    exclusive: false,
    async run({ now, signal, log }) {
      const reminded = await sendShiftReminders(deps.db, deps.notifier, now(), signal);
      if (reminded) log.info({ reminded }, 'shift reminders sent');
      return { reminded };
    },
  };
}
