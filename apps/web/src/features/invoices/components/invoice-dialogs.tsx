/**
 * The dialogs of an issued invoice: her 'Nota di credito' (the reason, required) and the pharmacy's 'Segna come
 * pagata' (the day, today unless said otherwise). Each is checked here as the server checks it, and what the server
 * refuses is said on the field or under it.
 */
import { type TInvoice, ZInvoicePaidInputSchema } from '@farmaponte/shared';
import { todayInItaly } from '@farmaponte/shared/dates';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { INVOICE_MESSAGES } from '@farmaponte/shared/messages-invoices';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { type FormEvent, type RefObject, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { TextField } from '../../../components/ui/field';
import { MessageForm } from '../../../components/ui/message-form';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { useCreditNote, useMarkPaid } from '../api/invoice-actions';
import { DialogButtons } from './invoice-bits';

/** The longest reason of a credit note, as ZCreditNoteInputSchema takes it. */
const CREDIT_REASON_MAX = 300;

interface TInvoiceDialogProps {
  invoice: TInvoice | null;
  onClose: () => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function CreditNoteDialog({ invoice, onClose, returnFocusRef }: TInvoiceDialogProps) {
  const [reason, setReason] = useState('');
  const credit = useCreditNote();
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={invoice ? T.creditNoteTitle(invoice.number) : ''}
      description={T.creditNoteIntro}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => reason.trim() !== ''}
    >
      {invoice ? (
        <MessageForm
          label={T.creditNoteReason}
          required={{ missing: INVOICE_MESSAGES.creditNoteReason }}
          maxLength={CREDIT_REASON_MAX}
          message={reason}
          onMessageChange={setReason}
          onConfirm={async (text) => {
            const answer = await credit.mutateAsync({ invoiceId: invoice.id, reason: text });
            notify.success(answer.message);
            close();
          }}
          pending={credit.isPending}
          cancelLabel={T.cancel}
          confirmLabel={T.creditNoteIssue}
          busyLabel={T.creditNoteBusy}
          confirmVariant="danger"
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}

export function PaidDialog({ invoice, onClose, returnFocusRef }: TInvoiceDialogProps) {
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={invoice ? T.paidTitle(invoice.number) : ''}
      description={invoice ? T.paidIntro(formatAmount(invoice.amount_due)) : undefined}
      returnFocusRef={returnFocusRef}
    >
      {invoice ? <PaidForm key={invoice.id} invoice={invoice} onDone={onClose} /> : null}
    </Dialog>
  );
}

function PaidForm({ invoice, onDone }: { invoice: TInvoice; onDone: () => void }) {
  const today = todayInItaly();
  const [day, setDay] = useState(today);
  const [errors, setErrors] = useState<{ day?: string; form?: string }>({});
  const paid = useMarkPaid();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = ZInvoicePaidInputSchema.safeParse({ paid_on: day });
    // The day is required here, and neither before the invoice nor after today (the server says the same).
    if (!parsed.success || !day || day < invoice.issued_on || day > today) {
      setErrors({ day: INVOICE_MESSAGES.paidDay });
      return;
    }
    setErrors({});
    try {
      const answer = await paid.mutateAsync({ invoiceId: invoice.id, paidOn: day });
      notify.success(answer.message);
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      setErrors({ day: fields.paid_on, form: fields.paid_on ? undefined : errorMessage(error, T.actionFailed) });
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <TextField
        type="date"
        label={T.paidDayLabel}
        value={day}
        min={invoice.issued_on}
        max={today}
        required
        onChange={(event) => setDay(event.target.value)}
        error={errors.day}
      />
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {errors.form ?? ''}
      </p>
      <DialogButtons busy={paid.isPending} onCancel={onDone} confirm={T.paidConfirm} busyLabel={T.paidBusy} />
    </form>
  );
}
