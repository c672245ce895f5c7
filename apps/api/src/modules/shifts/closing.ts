/**
 * Hours that close (decision 095): what a worked shift gains besides its hours, read for a whole list at once (one
 * query for the expenses, one for the invoices, never one per shift): the hours' state by the pharmacy's answer and the
 * clock, the expenses claimed on it, the invoice it is billed in, and whether she may invoice it now.
 */
import { expenseState, hoursState, invoiceStateOf, type TShiftClosing, type TShiftExpense } from '@farmaponte/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { invoiceShifts, invoices, shiftExpenses } from '../../db/schema';

/** An expense's columns without its receipt's bytes (their size stands for them). */
export const expenseColumns = {
  id: shiftExpenses.id,
  applicationId: shiftExpenses.applicationId,
  kind: shiftExpenses.kind,
  description: shiftExpenses.description,
  amount: shiftExpenses.amount,
  spentOn: shiftExpenses.spentOn,
  receiptName: shiftExpenses.receiptName,
  receiptType: shiftExpenses.receiptType,
  receiptSize: sql<number>`octet_length(${shiftExpenses.receipt})`.mapWith(Number),
  status: shiftExpenses.status,
  note: shiftExpenses.note,
  invoiceId: shiftExpenses.invoiceId,
  createdAt: shiftExpenses.createdAt,
};

export type TExpenseRow = {
  id: number;
  applicationId: number;
  kind: 'parcheggio' | 'altro';
  description: string;
  amount: number;
  spentOn: string;
  receiptName: string;
  receiptType: string;
  receiptSize: number;
  status: 'in_attesa' | 'confermata' | 'contestata';
  note: string | null;
  invoiceId: number | null;
  createdAt: Date;
};

/** An expense as both sides read it on `today`: one unanswered is confirmed with the hours (expenseState). */
export function expenseAnswer(row: TExpenseRow, lastDay: string, today: string): TShiftExpense {
  return {
    id: row.id,
    application_id: row.applicationId,
    kind: row.kind,
    description: row.description,
    amount: row.amount,
    spent_on: row.spentOn,
    status: expenseState(row.status, lastDay, today),
    note: row.note,
    receipt: { name: row.receiptName, type: row.receiptType, size: row.receiptSize },
    invoice_id: row.invoiceId,
    created_at: row.createdAt.toISOString(),
  };
}

type TInvoiceLink = { id: number; number: string; status: string };

/** The expenses and invoices of some shifts, by application. */
export type TClosingRecords = { expenses: Map<number, TExpenseRow[]>; invoices: Map<number, TInvoiceLink> };

/** The expenses (oldest first) and the invoice of each of these applications: two queries for any number of them. */
export async function closingRecords(db: TDb, applicationIds: number[], today: string): Promise<TClosingRecords> {
  const found: TClosingRecords = { expenses: new Map(), invoices: new Map() };
  if (!applicationIds.length) return found;
  const [expenseRows, invoiceRows] = await Promise.all([
    db
      .select(expenseColumns)
      .from(shiftExpenses)
      .where(inArray(shiftExpenses.applicationId, applicationIds))
      .orderBy(asc(shiftExpenses.spentOn), asc(shiftExpenses.id)),
    db
      .select({
        applicationId: invoiceShifts.applicationId,
        id: invoices.id,
        number: invoices.number,
        sentAt: invoices.sentAt,
        paidOn: invoices.paidOn,
        creditedAt: invoices.creditedAt,
        dueOn: invoices.dueOn,
      })
      .from(invoiceShifts)
      .innerJoin(invoices, eq(invoices.id, invoiceShifts.invoiceId))
      .where(inArray(invoiceShifts.applicationId, applicationIds)),
  ]);
  for (const row of expenseRows as TExpenseRow[])
    found.expenses.set(row.applicationId, [...(found.expenses.get(row.applicationId) ?? []), row]);
  for (const row of invoiceRows) {
    const status = invoiceStateOf(
      { credited_at: row.creditedAt, paid_on: row.paidOn, sent_at: row.sentAt, due_on: row.dueOn },
      today,
    );
    found.invoices.set(row.applicationId, { id: row.id, number: row.number, status });
  }
  return found;
}

/**
 * A shift's closing on `today`: the hours' state from the pharmacy's answer (null when none) and the clock, its
 * expenses, its invoice; invoiceable when freelance, over, confirmed, with no expense waiting, and not billed yet.
 */
export function shiftClosing(
  shift: {
    applicationId: number;
    legalForm: 'dipendente' | 'libera_professione';
    reviewStatus: 'pending' | 'confirmed' | 'disputed' | null;
  },
  lastDay: string,
  today: string,
  records: TClosingRecords,
): TShiftClosing {
  const hours = hoursState(lastDay, shift.reviewStatus ? { status: shift.reviewStatus } : null, today);
  const expenses = (records.expenses.get(shift.applicationId) ?? []).map((row) => expenseAnswer(row, lastDay, today));
  const invoice = records.invoices.get(shift.applicationId) ?? null;
  return {
    ...hours,
    invoiceable:
      shift.legalForm === 'libera_professione' &&
      lastDay <= today &&
      hours.state === 'confermate' &&
      expenses.every((expense) => expense.status !== 'in_attesa') &&
      !invoice,
    legal_form: shift.legalForm,
    expenses,
    invoice,
  };
}

/** Whether an engagement is billed in an invoice now (a credit note's undoing deletes the link). */
export async function isInvoiced(db: TDb, applicationId: number): Promise<boolean> {
  const [link] = await db
    .select({ id: invoiceShifts.invoiceId })
    .from(invoiceShifts)
    .where(eq(invoiceShifts.applicationId, applicationId));
  return Boolean(link);
}
