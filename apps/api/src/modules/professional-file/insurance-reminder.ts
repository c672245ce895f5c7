/**
 * The reminder before a pharmacist's professional insurance ends (decision 093): INSURANCE.reminderDays before
 * `insurance_expires_on` (and until that day), an `insurance_expiring` notification in the app and by mail, once per
 * expiry date. The claim is the UPDATE itself (`insurance_reminded_for` set to the expiry it tells of, only where it was
 * another), in the transaction that records the event, so two runs at once never tell twice, and a new expiry date
 * is told again.
 */
import { addDays, INSURANCE, todayInItaly } from '@farmaponte/shared';
import { and, asc, between, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { professionalFiles, users } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import { claimInBatches, dailyReminderJob } from '../../lib/reminder-rounds';

/** Files claimed per transaction. */
const REMINDER_BATCH = 200;
/** Once a day, in the morning in Italy, so the mail is read the day it arrives. */
const REMINDER_DAILY_AT = '08:30';

/** One round: every file whose policy ends between today and INSURANCE.reminderDays from now, not yet told of it. */
export function remindExpiringInsurance(db: TDb, events: TEvents, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayInItaly(now);
  return claimInBatches(
    db,
    REMINDER_BATCH,
    async (tx, limit) => {
      const due = tx
        .select({ userId: professionalFiles.userId })
        .from(professionalFiles)
        .innerJoin(users, eq(users.id, professionalFiles.userId))
        .where(
          and(
            eq(users.role, 'farmacista'),
            isNotNull(professionalFiles.insuranceExpiresOn),
            between(professionalFiles.insuranceExpiresOn, today, addDays(today, INSURANCE.reminderDays)),
            sql`${professionalFiles.insuranceRemindedFor} is distinct from ${professionalFiles.insuranceExpiresOn}`,
          ),
        )
        .orderBy(asc(professionalFiles.userId))
        .limit(limit);
      const rows = await tx
        .update(professionalFiles)
        .set({ insuranceRemindedFor: sql`${professionalFiles.insuranceExpiresOn}` })
        .where(
          and(
            inArray(professionalFiles.userId, due),
            // Checked again on the row itself: a run that waited for another's claim finds it told and skips it.
            sql`${professionalFiles.insuranceRemindedFor} is distinct from ${professionalFiles.insuranceExpiresOn}`,
          ),
        )
        .returning({
          userId: professionalFiles.userId,
          expiresOn: professionalFiles.insuranceExpiresOn,
          company: professionalFiles.insuranceCompany,
        });
      for (const row of rows)
        if (row.expiresOn)
          await events.record(tx, {
            type: 'insurance.expiring',
            userId: row.userId,
            expiresOn: row.expiresOn,
            company: row.company,
          });
      return rows.length;
    },
    signal,
  );
}

export const insuranceRemindersJob = (deps: { db: TDb; events: TEvents }) =>
  dailyReminderJob(
    'insurance-reminders',
    REMINDER_DAILY_AT,
    (now, signal) => remindExpiringInsurance(deps.db, deps.events, now, signal),
    'insurance expiry reminders sent',
  );
