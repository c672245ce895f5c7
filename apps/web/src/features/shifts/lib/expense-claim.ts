/**
 * Her expense as the form reads it (decision 095): the fields checked with the server's own schema
 * (ZExpenseInputSchema) and the receipt's type and size checked as the server checks them, so a wrong amount or file is
 * refused before anything is sent; and the server's refusal turned into the error beside its field.
 */
import { HOURS_CLOSING, type TExpenseInput, ZExpenseInputSchema } from '@farmaponte/shared';
import { INVOICE_MESSAGES as M } from '@farmaponte/shared/messages-invoices';
import { EXPENSES_TEXT as T } from '@farmaponte/shared/ui-text-expenses';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';

export type TExpenseErrors = Partial<Record<'kind' | 'description' | 'amount' | 'spent_on' | 'receipt' | 'form', string>>;

/** What the form holds: the amount as typed (Italian decimal comma allowed), the day as the date input gives it. */
export type TExpenseValues = { kind: string; description: string; amount: string; spentOn: string; receipt: File | null };

/** What is wrong with the chosen receipt, or null. */
export function receiptProblem(file: { type: string; size: number } | null): string | null {
  if (!file) return M.receiptMissing;
  if (!(HOURS_CLOSING.receiptTypes as readonly string[]).includes(file.type)) return M.receiptType;
  if (file.size > HOURS_CLOSING.receiptMaxBytes) return M.receiptTooLarge;
  return null;
}

/** The claim to send, or each field's first problem (nothing is sent while there is one). */
export function readExpense(
  values: TExpenseValues,
): { ok: true; fields: TExpenseInput; receipt: File } | { ok: false; errors: TExpenseErrors } {
  const parsed = ZExpenseInputSchema.safeParse({
    kind: values.kind,
    description: values.description,
    amount: values.amount.trim().replace(',', '.') || undefined,
    spent_on: values.spentOn,
  });
  const errors: TExpenseErrors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) errors[issue.path[0] as keyof TExpenseErrors] ??= issue.message;
  const wrongReceipt = receiptProblem(values.receipt);
  if (wrongReceipt) errors.receipt = wrongReceipt;
  if (!parsed.success || !values.receipt || wrongReceipt) return { ok: false, errors };
  return { ok: true, fields: parsed.data, receipt: values.receipt };
}

/** The server's refusal, beside its field: the receipt's codes, the fields', else the form's. */
export function refusalErrors(error: unknown): TExpenseErrors {
  if (error instanceof ApiError && error.code.startsWith('receipt_')) return { receipt: error.message };
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) return error.fields;
  return { form: errorMessage(error, T.claimFailed) };
}
