/**
 * One invoice or credit note in a year's list: its number and state, the day, the other party (the client for her, the
 * pharmacist and the pharmacy for the owner), the due day, the amount due, what credits what, and the actions the
 * page gives (`actions`), then the files.
 */
import type { TInvoice } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { type ReactNode, useId } from 'react';
import { InvoiceDownloads, InvoiceStateBadge } from './invoice-bits';

export function InvoiceCard({ invoice, side, actions }: { invoice: TInvoice; side: 'mine' | 'received'; actions?: ReactNode }) {
  const titleId = useId();
  const note = invoice.kind === 'nota_di_credito';
  const facts: [string, string][] =
    side === 'mine'
      ? [[T.clientLabel, invoice.client.name]]
      : [
          [T.pharmacistLabel, invoice.supplier.name],
          [T.pharmacyLabel, invoice.pharmacies.map((pharmacy) => pharmacy.name).join(', ')],
        ];
  facts.unshift([T.issuedOn, formatDate(invoice.issued_on)]);
  if (!note) facts.push([T.dueOn, formatDate(invoice.due_on)]);
  facts.push([T.amountDue, T.euros(formatAmount(invoice.amount_due))]);
  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-2xl border bg-white p-4 shadow-sm sm:p-5 ${invoice.state === 'scaduta' ? 'border-red-300' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold text-slate-900">
          {note ? T.creditNoteHeading(invoice.number) : T.invoiceHeading(invoice.number)}
        </h3>
        <InvoiceStateBadge invoice={invoice} />
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {invoice.credits ? <p className="mt-2 text-sm text-slate-700">{T.creditsInvoice(invoice.credits.number)}</p> : null}
      {invoice.credited_by ? <p className="mt-2 text-sm text-slate-700">{T.creditedBy(invoice.credited_by.number)}</p> : null}
      {invoice.credit_reason ? (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{T.creditReason(invoice.credit_reason)}</p>
      ) : null}
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
      <div className="mt-3">
        <InvoiceDownloads invoice={invoice} />
      </div>
    </article>
  );
}
