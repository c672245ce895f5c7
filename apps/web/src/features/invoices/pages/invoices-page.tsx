/**
 * /fatture (decision 095), the freelance pharmacist's invoices: the engagements ready to
 * invoice with 'Emetti fattura' (preview, then issue, then the files), those still waiting; the year's invoices and
 * credit notes with their states, 'Segna come inviata', 'Nota di credito' and the files; the year's total per client.
 */
import type { TInvoice, TInvoiceList } from '@farmaponte/shared';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { INVOICE_LINK_TEXT } from '@farmaponte/shared/ui-text-invoice-links';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useMarkSent } from '../api/invoice-actions';
import { CreditNoteDialog } from '../components/invoice-dialogs';
import { InvoiceYear } from '../components/invoice-year';
import { InvoiceableSection } from '../components/invoiceable-section';
import { mayCreditInvoice, maySendInvoice } from '../lib/invoice-view';

export function InvoicesPage() {
  const [crediting, setCrediting] = useState<TInvoice | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const sent = useMarkSent();
  const markSent = (invoice: TInvoice) =>
    sent.mutate(invoice.id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.error(errorMessage(error, T.actionFailed)),
    });

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(INVOICE_LINK_TEXT.pharmacist)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{INVOICE_LINK_TEXT.pharmacist}</h1>
      <p className="mt-2 text-base text-slate-700">{T.pharmacistIntro}</p>
      <p className="mt-2 text-sm text-slate-600">{T.sdiReminder}</p>

      <div className="mt-6 flex flex-col gap-10">
        <InvoiceableSection />
        <InvoiceYear
          side="mine"
          title={T.issuedListTitle}
          summary={(list) => <ByOrganisation list={list} />}
          actions={(invoice) => (
            <>
              {maySendInvoice(invoice) ? (
                <Button
                  loading={sent.isPending && sent.variables === invoice.id}
                  aria-label={T.markSentOf(invoice.number)}
                  onClick={() => markSent(invoice)}
                >
                  {T.markSent}
                </Button>
              ) : null}
              {mayCreditInvoice(invoice) ? (
                <Button
                  variant="secondary"
                  aria-label={T.creditNoteOf(invoice.number)}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setCrediting(invoice);
                  }}
                >
                  {T.creditNote}
                </Button>
              ) : null}
            </>
          )}
        />
      </div>
      <CreditNoteDialog invoice={crediting} onClose={() => setCrediting(null)} returnFocusRef={opener} />
    </div>
  );
}

/** The year's total per client: invoices less credit notes. */
function ByOrganisation({ list }: { list: TInvoiceList }) {
  if (!list.by_organisation.length) return null;
  return (
    <section
      aria-labelledby="invoices-by-organisation"
      className="rounded-2xl border border-emerald-100 bg-emerald-50 p-4 sm:p-5"
    >
      <h3 id="invoices-by-organisation" className="text-base font-semibold text-emerald-900">
        {T.byOrganisationTitle(list.year)}
      </h3>
      <dl className="mt-2 flex flex-col gap-2">
        {list.by_organisation.map((row) => (
          <div key={row.organisation_id ?? row.name} className="flex flex-wrap justify-between gap-x-4">
            <dt className="min-w-0 break-words text-slate-800">
              {row.name} <span className="text-sm text-slate-600">({T.byOrganisationCount(row.count)})</span>
            </dt>
            <dd className="font-semibold text-slate-900">{T.euros(formatAmount(row.total))}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
