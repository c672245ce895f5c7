/**
 * A year of invoices, as both pages show it: the year to choose (`?anno=YYYY`), what the page puts above the list
 * (`summary`: her totals per client, the pharmacy's per state), then each invoice with the page's actions; while it
 * loads, a spinner, and a failure said with a retry.
 */
import type { TInvoice, TInvoiceList } from '@farmaponte/shared';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { type TInvoiceSide, useInvoiceYear } from '../api/get-invoices';
import { yearFromParam } from '../lib/invoice-view';
import { YearSelect } from './invoice-bits';
import { InvoiceCard } from './invoice-card';

export function InvoiceYear({
  side,
  title,
  summary,
  order = (invoices) => invoices,
  actions,
}: {
  side: TInvoiceSide;
  title: string;
  summary: (list: TInvoiceList) => ReactNode;
  order?: (invoices: TInvoice[]) => TInvoice[];
  actions: (invoice: TInvoice) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const year = yearFromParam(params.get('anno'));
  const list = useInvoiceYear(side, year);
  const data = list.data;
  return (
    <section aria-labelledby={`invoices-${side}-title`} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`invoices-${side}-title`} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <YearSelect year={year} onChange={(next) => setParams({ anno: String(next) }, { replace: true })} />
      </div>
      {data ? (
        <div aria-busy={list.isPlaceholderData || undefined} className="flex flex-col gap-4">
          {summary(data)}
          {data.invoices.length ? (
            <ul className="flex flex-col gap-4">
              {order(data.invoices).map((invoice) => (
                <li key={invoice.id}>
                  <InvoiceCard invoice={invoice} side={side} actions={actions(invoice)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-base text-slate-700">
              {side === 'mine' ? T.issuedEmpty(data.year) : T.receivedEmpty(data.year)}
            </p>
          )}
        </div>
      ) : list.isError ? (
        <QueryLoadError query={list} fallback={T.listLoadFailed} className="text-base" />
      ) : (
        <Spinner className="py-6" />
      )}
    </section>
  );
}
