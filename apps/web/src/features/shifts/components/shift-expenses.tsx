/**
 * The expenses of a worked shift (decision 095): each with its state, the pharmacy's note and its receipt; 'Togli'
 * for her while waiting; 'Conferma' and 'Contesta' (with a note) for the pharmacy; 'Aggiungi spesa' on her freelance
 * shift while the hours may still be corrected.
 */
import { type TShiftExpense, type TWorkedShift, ZExpenseReviewInputSchema } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { EXPENSES_TEXT as T } from '@farmaponte/shared/ui-text-expenses';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextareaField } from '../../../components/ui/field';
import { errorMessage, notify } from '../../../lib/notify';
import { downloadReceipt, useRemoveExpense, useReviewExpense } from '../api/expenses';
import { ExpenseForm } from './expense-form';

const STATE_LOOK = {
  in_attesa: 'bg-amber-100 text-amber-950',
  confermata: 'bg-emerald-100 text-emerald-900',
  contestata: 'bg-red-100 text-red-900',
} as const;

/** The pharmacy's answer to one expense: 'Conferma', or 'Contesta' opening the note it needs. */
function ExpenseAnswer({ expense }: { expense: TShiftExpense }) {
  const formId = useId();
  const answer = useReviewExpense();
  const [disputing, setDisputing] = useState(false);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ note?: string; form?: string }>({});

  async function send(status: 'confermata' | 'contestata', event?: FormEvent) {
    event?.preventDefault();
    const parsed = ZExpenseReviewInputSchema.safeParse({ status, note: status === 'contestata' ? note : '' });
    if (!parsed.success) return setErrors({ note: parsed.error.issues[0]?.message });
    setErrors({});
    try {
      notify.success((await answer.mutateAsync({ expenseId: expense.id, ...parsed.data })).message);
    } catch (error) {
      setErrors({ form: errorMessage(error, T.answerFailed) });
    }
  }

  return (
    <div className="mt-2">
      <div className="flex flex-wrap gap-2">
        <Button
          aria-label={T.confirmExpenseOf(expense.description)}
          loading={answer.isPending && !disputing}
          onClick={() => void send('confermata')}
        >
          {T.confirmExpense}
        </Button>
        <Button
          variant="secondary"
          aria-label={T.disputeExpenseOf(expense.description)}
          aria-expanded={disputing}
          aria-controls={formId}
          onClick={() => setDisputing((open) => !open)}
        >
          {T.disputeExpense}
        </Button>
      </div>
      {disputing ? (
        <form id={formId} noValidate onSubmit={(event) => void send('contestata', event)} className="mt-2">
          <TextareaField
            label={T.disputeNoteLabel}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            error={errors.note}
            required
            autoFocus
            className="[&_textarea]:min-h-20"
          />
          <Button type="submit" variant="danger" className="mt-2" loading={answer.isPending}>
            {T.sendDispute}
          </Button>
        </form>
      ) : null}
      <p role="alert" className="mt-1 text-sm font-medium text-red-700 empty:hidden">
        {errors.form ?? ''}
      </p>
    </div>
  );
}

function ExpenseItem({ expense, side, closed }: { expense: TShiftExpense; side: 'mine' | 'owner'; closed: boolean }) {
  const remove = useRemoveExpense();
  const waiting = expense.status === 'in_attesa' && !closed;

  async function removeIt() {
    try {
      notify.success((await remove.mutateAsync(expense.id)).message);
    } catch (error) {
      notify.error(errorMessage(error, T.removeFailed));
    }
  }

  async function receipt() {
    try {
      await downloadReceipt(expense.id, expense.receipt.name);
    } catch (error) {
      notify.error(errorMessage(error, T.downloadFailed));
    }
  }

  return (
    <li className="py-2.5" data-testid="spesa">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <p className="min-w-0 break-words text-slate-900">
          <span className="font-medium">{T.kinds[expense.kind]}</span>: {expense.description}{' '}
          <span className="text-slate-700">{T.spentOn(formatDate(expense.spent_on))}</span>
        </p>
        <p className="font-medium text-slate-900">{T.amount(formatAmount(expense.amount))}</p>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_LOOK[expense.status]}`}>
          {T.expenseStates[expense.status]}
        </span>
        <Button variant="secondary" aria-label={T.receiptOf(expense.description)} onClick={() => void receipt()}>
          {T.receipt}
        </Button>
        {side === 'mine' && waiting ? (
          <Button
            variant="secondary"
            aria-label={T.removeOf(expense.description)}
            loading={remove.isPending}
            onClick={() => void removeIt()}
          >
            {T.remove}
          </Button>
        ) : null}
      </div>
      {expense.note ? (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800">{T.expenseNote(expense.note)}</p>
      ) : null}
      {side === 'owner' && waiting ? <ExpenseAnswer expense={expense} /> : null}
    </li>
  );
}

export function ShiftExpenses({ shift, side }: { shift: TWorkedShift; side: 'mine' | 'owner' }) {
  const titleId = useId();
  const [adding, setAdding] = useState(false);
  const { closing } = shift;
  const freelance = closing.legal_form === 'libera_professione';
  if (!freelance && !closing.expenses.length) return null;
  const mayAdd = side === 'mine' && freelance && shift.can_correct && !closing.invoice;
  return (
    <section aria-labelledby={titleId} className="mt-3 border-t border-slate-200 pt-3">
      <h4 id={titleId} className="text-base font-semibold text-slate-900">
        {T.expensesTitle}
      </h4>
      {closing.expenses.length ? (
        <ul className="divide-y divide-slate-200">
          {closing.expenses.map((expense) => (
            <ExpenseItem key={expense.id} expense={expense} side={side} closed={Boolean(closing.invoice)} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-700">{T.noExpenses}</p>
      )}
      {mayAdd && !adding ? (
        <Button variant="secondary" className="mt-2" onClick={() => setAdding(true)}>
          {T.addExpense}
        </Button>
      ) : null}
      {mayAdd && adding ? <ExpenseForm shift={shift} onClose={() => setAdding(false)} /> : null}
    </section>
  );
}
