/**
 * Expenses on a freelance shift (decision 095, docs/rules.md#expenses): she claims one with its receipt while she may
 * still correct the shift's hours, removes it while the pharmacy has not answered, and the pharmacy confirms or
 * disputes it. Each write locks the shift first (offer, then application: the lock order of docs/architecture.md),
 * then the expense's row, so a claim, a removal, an answer and the hours' answer take turns.
 */
import { createHash } from 'node:crypto';
import {
  addDays,
  expenseState,
  HOURS_CLOSING,
  LIMITS,
  INVOICE_MESSAGES as M,
  SHIFT_MESSAGES,
  shiftPeriod,
  type TExpenseInput,
  type TExpenseReviewInput,
  type TShiftExpense,
  todayInItaly,
} from '@farmaponte/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { applications, offers, shiftExpenses } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { writeTransaction } from '../../lib/transactions';
import { recordAdminAction, type TAuditActor } from '../audit';
import { expenseAnswer, expenseColumns, isInvoiced, lockShift, type TExpenseRow, type TShiftRow } from '../shifts';

/** Whose expense: the pharmacist who claimed it, or the pharmacy (owner account) whose offer it was worked for. */
type TExpenseParty = { farmacistaId: number } | { ownerId: number };

const notYours = () => notFound(M.expenseNotFound, 'expense_not_found');

const lastDayOf = (shift: Pick<TShiftRow, 'dateFrom' | 'dateTo'>) => {
  const period = shiftPeriod(shift.dateFrom, shift.dateTo);
  if (!period) throw conflict(SHIFT_MESSAGES.withoutDates, 'shift_without_dates');
  return period;
};

/** The application an expense is on, when `who` may see it; someone else's expense is as good as missing (404). */
async function applicationOf(db: TDb, expenseId: number, who: TExpenseParty): Promise<number> {
  const [found] = await db
    .select({ applicationId: shiftExpenses.applicationId })
    .from(shiftExpenses)
    .innerJoin(applications, eq(applications.id, shiftExpenses.applicationId))
    .innerJoin(offers, eq(offers.id, applications.offerId))
    .where(
      and(
        eq(shiftExpenses.id, expenseId),
        'farmacistaId' in who ? eq(applications.farmacistaId, who.farmacistaId) : eq(offers.ownerId, who.ownerId),
      ),
    );
  if (!found) throw notYours();
  return found.applicationId;
}

/** The expense locked after its shift (the lock order), with the shift; 404 when it went meanwhile. */
async function lockExpense(tx: TDb, expenseId: number, who: TExpenseParty) {
  const shift = await lockShift(tx, await applicationOf(tx, expenseId, who), who);
  const [expense] = (await tx
    .select(expenseColumns)
    .from(shiftExpenses)
    .where(eq(shiftExpenses.id, expenseId))
    .for('update')) as TExpenseRow[];
  if (!expense) throw notYours();
  return { shift, expense };
}

/**
 * She claims an expense on her accepted freelance shift: 409 `employee_engagement` on an employee one, 409
 * `expenses_window_closed` after the correction window, 409 `shift_invoiced` once billed, 409 `too_many_expenses` past
 * the cap; 400 on `spent_on` unless it is a day of the shift that has come.
 */
export async function claimExpense(
  db: TDb,
  farmacistaId: number,
  applicationId: number,
  input: TExpenseInput,
  receipt: { bytes: Buffer; type: string; name: string },
  now: Date,
): Promise<TShiftExpense> {
  const today = todayInItaly(now);
  return writeTransaction(db, async (tx) => {
    const shift = await lockShift(tx, applicationId, { farmacistaId });
    if (shift.status !== 'accepted') throw conflict(SHIFT_MESSAGES.notAccepted, 'shift_not_accepted');
    if (shift.legalForm !== 'libera_professione') throw conflict(M.employeeExpense, 'employee_engagement');
    const period = lastDayOf(shift);
    if (today > addDays(period.last, LIMITS.workedHoursCorrectionDays))
      throw conflict(M.expenseWindowClosed, 'expenses_window_closed');
    if (await isInvoiced(tx, applicationId)) throw conflict(M.shiftInvoiced, 'shift_invoiced');
    if (input.spent_on < period.first || input.spent_on > period.last || input.spent_on > today)
      throw badRequest(M.expenseDay, 'validation_error', { spent_on: M.expenseDay });
    const [count] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(shiftExpenses)
      .where(eq(shiftExpenses.applicationId, applicationId));
    if ((count?.n ?? 0) >= HOURS_CLOSING.expensesPerEngagement) throw conflict(M.tooManyExpenses, 'too_many_expenses');
    const [created] = await tx
      .insert(shiftExpenses)
      .values({
        applicationId,
        kind: input.kind,
        description: input.description,
        amount: input.amount,
        spentOn: input.spent_on,
        receipt: receipt.bytes,
        receiptName: receipt.name,
        receiptType: receipt.type,
        receiptSha256: createHash('sha256').update(receipt.bytes).digest('hex'),
        createdAt: now,
      })
      .returning(expenseColumns);
    return expenseAnswer(created as TExpenseRow, period.last, today);
  });
}

/** She removes an expense the pharmacy has not answered (nor the clock confirmed): 409 `expense_answered` otherwise. */
export async function removeExpense(db: TDb, farmacistaId: number, expenseId: number, now: Date): Promise<void> {
  await writeTransaction(db, async (tx) => {
    const { shift, expense } = await lockExpense(tx, expenseId, { farmacistaId });
    const period = lastDayOf(shift);
    if (expenseState(expense.status, period.last, todayInItaly(now)) !== 'in_attesa' || expense.invoiceId !== null)
      throw conflict(M.expenseAnswered, 'expense_answered');
    await tx.delete(shiftExpenses).where(eq(shiftExpenses.id, expenseId));
  });
}

/**
 * The pharmacy confirms or disputes (with a note) an expense: 409 `expense_answered` once answered, `hours_closed` once
 * the clock confirmed it or the engagement is invoiced. Its audit log says who answered, and what.
 */
export async function reviewExpense(
  db: TDb,
  ownerId: number,
  expenseId: number,
  { status, note }: TExpenseReviewInput,
  now: Date,
  actor: TAuditActor,
): Promise<TShiftExpense> {
  const today = todayInItaly(now);
  return writeTransaction(db, async (tx) => {
    const { shift, expense } = await lockExpense(tx, expenseId, { ownerId });
    const period = lastDayOf(shift);
    if (expense.status !== 'in_attesa') throw conflict(M.expenseAlreadyAnswered, 'expense_answered');
    if (expenseState(expense.status, period.last, today) !== 'in_attesa' || (await isInvoiced(tx, shift.applicationId)))
      throw conflict(M.hoursClosed, 'hours_closed');
    const [answered] = await tx
      .update(shiftExpenses)
      .set({ status, note: note || null, decidedAt: now, decidedBy: actor.id })
      .where(eq(shiftExpenses.id, expenseId))
      .returning(expenseColumns);
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'expense.review',
        targetUserId: shift.farmacistaId,
        targetType: 'application',
        targetId: shift.applicationId,
        details: { status, note: note || null, expense_id: expenseId, amount: expense.amount, pharmacy_id: ownerId },
      },
      now,
    );
    return expenseAnswer(answered as TExpenseRow, period.last, today);
  });
}

/** A receipt's bytes, type and name for its pharmacist or the pharmacy; 404 for anyone else. */
export async function readReceipt(db: TDb, expenseId: number, who: TExpenseParty) {
  await applicationOf(db, expenseId, who);
  const [row] = await db
    .select({ bytes: shiftExpenses.receipt, type: shiftExpenses.receiptType, name: shiftExpenses.receiptName })
    .from(shiftExpenses)
    .where(eq(shiftExpenses.id, expenseId));
  if (!row) throw notYours();
  return { bytes: Buffer.from(row.bytes), type: row.type, name: row.name };
}
