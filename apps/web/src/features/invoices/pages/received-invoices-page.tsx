/**
 * /fatture_ricevute (decision 095): the invoices freelance pharmacists addressed to the
 * organisation for the pharmacies the person reads, for a year: the totals by state, the overdue ones first and marked,
 * each with its due day, pharmacist, pharmacy and amount due, 'Segna come pagata' (not for a consultazione: the server
 * would refuse it) and the files.
 */
import type { TInvoice } from '@farmaponte/shared';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { INVOICE_LINK_TEXT } from '@farmaponte/shared/ui-text-invoice-links';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { useRef, useState } from 'react';
import { InvoiceStateFigures } from '../../../components/invoice-state-figures';
import { Button } from '../../../components/ui/button';
import { TextLink } from '../../../components/ui/text-link';
import { useOrganisation } from '../../../lib/api/get-organisation';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { PaidDialog } from '../components/invoice-dialogs';
import { InvoiceYear } from '../components/invoice-year';
import { mayPayInvoice, mayWriteForInvoice, overdueFirst } from '../lib/invoice-view';

export function ReceivedInvoicesPage() {
  const [paying, setPaying] = useState<TInvoice | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const organisation = useOrganisation();
  const pharmacies = organisation.data?.pharmacies;
  const readOnly = Boolean(pharmacies?.length) && pharmacies?.every((pharmacy) => !pharmacy.can_write);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(INVOICE_LINK_TEXT.owner)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{INVOICE_LINK_TEXT.owner}</h1>
      <p className="mt-2 text-base text-slate-700">{T.ownerIntro}</p>
      {readOnly ? <p className="mt-2 text-sm text-slate-600">{T.readOnly}</p> : null}

      <div className="mt-6">
        <InvoiceYear
          side="received"
          title={T.receivedListTitle}
          summary={(list) => (
            <InvoiceStateFigures id="received-by-state" title={T.byStateTitle(list.year)} totals={list.by_state} />
          )}
          order={overdueFirst}
          actions={(invoice) =>
            mayPayInvoice(invoice) && mayWriteForInvoice(invoice, pharmacies) ? (
              <Button
                aria-label={T.markPaidOf(invoice.number)}
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setPaying(invoice);
                }}
              >
                {T.markPaid}
              </Button>
            ) : null
          }
        />
      </div>
      <PaidDialog invoice={paying} onClose={() => setPaying(null)} returnFocusRef={opener} />
    </div>
  );
}
