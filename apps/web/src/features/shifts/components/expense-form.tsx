/**
 * Her new expense on a freelance shift (decision 095): kind, description, amount, day and the receipt, checked here as
 * the server checks them (ZExpenseInputSchema, the receipt's type and size) and sent; the server's refusals are shown
 * beside their fields. Escape or 'Annulla' closes it.
 */
import { EXPENSE_KINDS, HOURS_CLOSING, type TWorkedShift, ZExpenseInputSchema } from '@farmaponte/shared';
import { todayInItaly } from '@farmaponte/shared/dates';
import { INVOICE_MESSAGES as M } from '@farmaponte/shared/messages-invoices';
import { EXPENSES_TEXT as T } from '@farmaponte/shared/ui-text-expenses';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PdfFileField } from '../../../components/ui/pdf-file-field';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useClaimExpense } from '../api/expenses';

type TErrors = Partial<Record<'kind' | 'description' | 'amount' | 'spent_on' | 'receipt' | 'form', string>>;

/** What is wrong with the chosen receipt, or null. */
export function receiptProblem(file: { type: string; size: number } | null): string | null {
  if (!file) return M.receiptMissing;
  if (!(HOURS_CLOSING.receiptTypes as readonly string[]).includes(file.type)) return M.receiptType;
  if (file.size > HOURS_CLOSING.receiptMaxBytes) return M.receiptTooLarge;
  return null;
}

/** The server's refusal, beside its field: the receipt's codes, the fields', else the form's. */
function refusalErrors(error: unknown): TErrors {
  if (error instanceof ApiError && error.code.startsWith('receipt_')) return { receipt: error.message };
  if (error instanceof ApiError && error.fields && Object.keys(error.fields).length) return error.fields;
  return { form: errorMessage(error, T.claimFailed) };
}

export function ExpenseForm({ shift, onClose }: { shift: TWorkedShift; onClose: () => void }) {
  const id = useId();
  const first = shift.offer.date_from ?? shift.offer.date_to ?? '';
  const last = shift.offer.date_to ?? first;
  const today = todayInItaly();
  const latest = last < today ? last : today;
  const [kind, setKind] = useState<string>('parcheggio');
  const [description, setDescription] = useState('');
  const [amount, setAmount] = useState('');
  const [spentOn, setSpentOn] = useState(latest);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<TErrors>({});
  const claim = useClaimExpense();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZExpenseInputSchema.safeParse({
      kind,
      description,
      amount: amount.trim().replace(',', '.') || undefined,
      spent_on: spentOn,
    });
    const found: TErrors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) found[issue.path[0] as keyof TErrors] ??= issue.message;
    const wrongReceipt = receiptProblem(receipt);
    if (wrongReceipt) found.receipt = wrongReceipt;
    setErrors(found);
    if (!parsed.success || !receipt || wrongReceipt) return;
    try {
      const saved = await claim.mutateAsync({ applicationId: shift.application_id, fields: parsed.data, receipt });
      notify.success(saved.message);
      onClose();
    } catch (error) {
      setErrors(refusalErrors(error));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
      aria-label={T.addExpense}
      className="mt-3 flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-3"
      data-testid="modulo-spesa"
    >
      <p className="text-sm text-slate-700">{T.addExpenseHint}</p>
      <SelectField label={T.kindLabel} value={kind} onChange={(e) => setKind(e.target.value)} error={errors.kind} required>
        {EXPENSE_KINDS.map((value) => (
          <option key={value} value={value}>
            {T.kinds[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        label={T.descriptionLabel}
        hint={T.descriptionHint}
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        maxLength={200}
        required
        autoFocus
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={T.amountLabel}
          hint={T.amountHint}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField
          label={T.dayLabel}
          type="date"
          value={spentOn}
          min={first}
          max={latest}
          onChange={(e) => setSpentOn(e.target.value)}
          error={errors.spent_on}
          required
        />
      </div>
      <PdfFileField
        id={`${id}-ricevuta`}
        label={T.receiptLabel}
        hint={T.receiptHint}
        error={errors.receipt}
        fileName={receipt?.name ?? ''}
        onFileChange={setReceipt}
        chooseLabel={T.chooseReceipt}
        noFileLabel={T.noReceipt}
        accept={HOURS_CLOSING.receiptTypes.join(',')}
      />
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {errors.form ?? ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" loading={claim.isPending}>
          {T.sendExpense}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
