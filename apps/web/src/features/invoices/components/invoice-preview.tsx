/**
 * What an invoice will say, before it is issued: the client and its SdI address, each line (quantity × price = total,
 * its VAT or the nature that exempts it), the VAT summary, the stamp duty, the withholding, the total, the amount due
 * and the due day, and the legal wording the document carries. A list rather than a table, so nothing overflows on a
 * phone; each figure is named for a screen reader.
 */
import type { TInvoicePreview } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { formatAmount, formatDecimal } from '@farmaponte/shared/italian-figures';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { useId } from 'react';

const euros = (amount: number) => T.euros(formatAmount(amount));
const rate = (value: number) => formatDecimal(value, 2);

function Party({ preview }: { preview: TInvoicePreview }) {
  const { client } = preview;
  const { address } = client;
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 p-3 text-sm text-slate-800">
      <h3 id={titleId} className="font-semibold text-slate-900">
        {T.client}
      </h3>
      <p className="break-words font-medium">{client.name}</p>
      <p className="break-words">{`${address.street}, ${address.cap} ${address.comune} (${address.provincia})`}</p>
      <p>{T.vatNumber(client.partita_iva)}</p>
      {client.codice_fiscale && client.codice_fiscale !== client.partita_iva ? <p>{T.taxCode(client.codice_fiscale)}</p> : null}
      <p className="break-words">{client.pec ? T.recipientPec(client.pec) : T.recipientCode(client.codice_destinatario)}</p>
    </section>
  );
}

export function InvoicePreviewView({ preview }: { preview: TInvoicePreview }) {
  const totals: [string, string][] = [[T.taxable, euros(preview.taxable)]];
  for (const row of preview.summary)
    totals.push([
      row.nature ? `${row.nature}${row.legal_reference ? ` – ${row.legal_reference}` : ''}` : T.vat(rate(row.vat_rate)),
      euros(row.tax),
    ]);
  if (preview.stamp_duty !== null) totals.push([T.stampDuty, euros(preview.stamp_duty)]);
  totals.push([T.total, euros(preview.total)]);
  if (preview.withholding)
    totals.push([T.withholding(rate(preview.withholding.rate)), T.minusEuros(formatAmount(preview.withholding.amount))]);
  const linesId = useId();
  return (
    <div className="flex flex-col gap-4">
      <Party preview={preview} />
      <section aria-labelledby={linesId}>
        <h3 id={linesId} className="text-sm font-semibold text-slate-900">
          {T.linesCaption}
        </h3>
        <ul className="mt-1 divide-y divide-slate-200 border-y border-slate-200 text-sm">
          {preview.lines.map((line) => (
            <li key={line.number} className="py-2">
              <p className="break-words font-medium text-slate-900">{line.description}</p>
              <p className="flex flex-wrap justify-between gap-x-3 text-slate-700">
                <span>
                  {line.quantity !== null ? (
                    <>
                      <span className="sr-only">{T.quantity}: </span>
                      {`${formatDecimal(line.quantity, 2)} × `}
                      <span className="sr-only">{T.unitPrice}: </span>
                      {euros(line.unit_price)}
                    </>
                  ) : null}
                  <span className="ml-2 text-xs text-slate-600">
                    <span className="sr-only">{T.vatColumn}: </span>
                    {line.nature ?? T.vatRate(rate(line.vat_rate))}
                  </span>
                </span>
                <span className="font-medium text-slate-900">
                  <span className="sr-only">{T.lineTotal}: </span>
                  {euros(line.total)}
                </span>
              </p>
            </li>
          ))}
        </ul>
      </section>
      <dl className="flex flex-col gap-1 text-sm" data-testid="totali-fattura">
        {totals.map(([label, value]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-3">
            <dt className="text-slate-700">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
        <div className="mt-1 flex flex-wrap justify-between gap-x-3 border-t border-slate-200 pt-2 text-base font-semibold">
          <dt>{T.amountDue}</dt>
          <dd>{euros(preview.amount_due)}</dd>
        </div>
        <div className="flex flex-wrap justify-between gap-x-3">
          <dt className="text-slate-700">{T.dueOn}</dt>
          <dd className="font-medium text-slate-900">{formatDate(preview.due_on)}</dd>
        </div>
      </dl>
      {preview.notes.length ? (
        <ul className="flex flex-col gap-1 text-xs text-slate-600">
          {preview.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
