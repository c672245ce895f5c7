/**
 * The reminder of an unpaid invoice past its due day (decision 095): once a day, each invoice issued, not paid, not
 * credited and due before today is told to the pharmacies it bills (the bell and their staff's mail), once. The claim
 * is the UPDATE of `reminded_at` where it is still null, in the transaction that records the event, so two runs at
 * once never tell twice; a later payment or credit note needs no reminder cancelled.
 */
import { todayInItaly } from '@farmaponte/shared';
import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invoices } from '../../db/schema';
import type { TEvents } from '../../lib/event-bus';
import { claimInBatches, dailyReminderJob } from '../../lib/reminder-rounds';
import type { TStoredSnapshot } from './read';

/** Invoices claimed per transaction. */
const REMINDER_BATCH = 200;
/** In the morning in Italy, so the mail is read the day it arrives. */
const REMINDER_DAILY_AT = '08:45';

const overdue = (today: string) =>
  and(
    eq(invoices.kind, 'fattura'),
    isNull(invoices.remindedAt),
    lt(invoices.dueOn, today),
    isNull(invoices.paidOn),
    isNull(invoices.creditedAt),
  );

/** One round: every overdue invoice not yet reminded. */
export function remindOverdueInvoices(db: TDb, events: TEvents, now: Date, signal?: AbortSignal): Promise<number> {
  const today = todayInItaly(now);
  return claimInBatches(
    db,
    REMINDER_BATCH,
    async (tx, limit) => {
      const due = tx.select({ id: invoices.id }).from(invoices).where(overdue(today)).orderBy(asc(invoices.id)).limit(limit);
      // The condition again on the row itself: a run that waited for another's claim finds it told and skips it.
      const rows = await tx
        .update(invoices)
        .set({ remindedAt: now })
        .where(and(inArray(invoices.id, due), overdue(today)))
        .returning({
          id: invoices.id,
          number: invoices.number,
          pharmacyIds: invoices.pharmacyIds,
          dueOn: invoices.dueOn,
          snapshot: invoices.snapshot,
        });
      for (const row of rows)
        await events.record(tx, {
          type: 'invoice.overdue',
          invoiceId: row.id,
          number: row.number,
          pharmacist: (row.snapshot as TStoredSnapshot).supplier.name,
          pharmacyIds: row.pharmacyIds,
          dueOn: row.dueOn,
        });
      return rows.length;
    },
    signal,
  );
}

export const invoiceOverdueJob = (deps: { db: TDb; events: TEvents }) =>
  dailyReminderJob(
    'invoice-overdue',
    REMINDER_DAILY_AT,
    (now, signal) => remindOverdueInvoices(deps.db, deps.events, now, signal),
    'overdue invoice reminders sent',
  );
