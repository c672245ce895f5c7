/**
 * Her new expense on a freelance shift (decision 095): kind, description, amount, day and the receipt, checked here as
 * the server checks them (lib/expense-claim.ts) and sent; the server's refusals are shown beside their fields. Escape
 * or 'Annulla' closes it.
 */
import { EXPENSE_KINDS, HOURS_CLOSING, type TWorkedShift } from '@farmaponte/shared';
import { todayInItaly } from '@farmaponte/shared/dates';
import { EXPENSES_TEXT as T } from '@farmaponte/shared/ui-text-expenses';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/field';
import { PdfFileField } from '../../../components/ui/pdf-file-field';
import { notify } from '../../../lib/notify';
import { useClaimExpense } from '../api/expenses';
import { readExpense, refusalErrors, type TExpenseErrors, type TExpenseValues } from '../lib/expense-claim';

/** The form's fields, each with its error under it. */
export function ExpenseFields({
  id,
  values,
  errors,
  first,
  latest,
  onChange,
}: {
  id: string;
  values: TExpenseValues;
  errors: TExpenseErrors;
  /** The shift's first day and the last day an expense may be of (its last day, or today while it lasts). */
  first: string;
  latest: string;
  onChange: (change: Partial<TExpenseValues>) => void;
}) {
  return (
    <>
      <SelectField
        id={`${id}-tipo`}
        label={T.kindLabel}
        value={values.kind}
        onChange={(e) => onChange({ kind: e.target.value })}
        error={errors.kind}
        required
      >
        {EXPENSE_KINDS.map((value) => (
          <option key={value} value={value}>
            {T.kinds[value]}
          </option>
        ))}
      </SelectField>
      <TextField
        id={`${id}-descrizione`}
        label={T.descriptionLabel}
        hint={T.descriptionHint}
        value={values.description}
        onChange={(e) => onChange({ description: e.target.value })}
        error={errors.description}
        maxLength={200}
        required
        autoFocus
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-importo`}
          label={T.amountLabel}
          hint={T.amountHint}
          value={values.amount}
          onChange={(e) => onChange({ amount: e.target.value })}
          error={errors.amount}
          inputMode="decimal"
          autoComplete="off"
          required
        />
        <TextField
          id={`${id}-giorno`}
          label={T.dayLabel}
          type="date"
          value={values.spentOn}
          min={first}
          max={latest}
          onChange={(e) => onChange({ spentOn: e.target.value })}
          error={errors.spent_on}
          required
        />
      </div>
      <PdfFileField
        id={`${id}-ricevuta`}
        label={T.receiptLabel}
        hint={T.receiptHint}
        error={errors.receipt}
        fileName={values.receipt?.name ?? ''}
        onFileChange={(receipt) => onChange({ receipt })}
        chooseLabel={T.chooseReceipt}
        noFileLabel={T.noReceipt}
        accept={HOURS_CLOSING.receiptTypes.join(',')}
      />
    </>
  );
}

export function ExpenseForm({ shift, onClose }: { shift: TWorkedShift; onClose: () => void }) {
  const id = useId();
  const first = shift.offer.date_from ?? shift.offer.date_to ?? '';
  const last = shift.offer.date_to ?? first;
  const today = todayInItaly();
  const latest = last < today ? last : today;
  const [values, setValues] = useState<TExpenseValues>({
    kind: 'parcheggio',
    description: '',
    amount: '',
    spentOn: latest,
    receipt: null,
  });
  const [errors, setErrors] = useState<TExpenseErrors>({});
  const claim = useClaimExpense();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const read = readExpense(values);
    setErrors(read.ok ? {} : read.errors);
    if (!read.ok) return;
    try {
      const saved = await claim.mutateAsync({ applicationId: shift.application_id, fields: read.fields, receipt: read.receipt });
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
      <ExpenseFields
        id={id}
        values={values}
        errors={errors}
        first={first}
        latest={latest}
        onChange={(change) => setValues((now) => ({ ...now, ...change }))}
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
