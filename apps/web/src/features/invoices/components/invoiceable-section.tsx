/**
 * /fatture's 'Da fatturare' (decision 095): her freelance engagements ready to invoice, by organisation and month, each
 * group with its engagements and amounts and 'Emetti fattura'; then those still waiting, with their hours' state and the
 * day they confirm by themselves. The dialog sits above the groups: the group it issues leaves the list meanwhile.
 */
import type { TInvoiceable } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { formatAmount } from '@farmaponte/shared/italian-figures';
import { INVOICE_PAGES_TEXT as T } from '@farmaponte/shared/ui-text-invoice-pages';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useInvoiceable } from '../api/get-invoices';
import { daysLabel, groupIssueInput, monthLabel } from '../lib/invoice-view';
import { IssueDialog, type TIssueAsked } from './issue-dialog';

type TGroup = TInvoiceable['groups'][number];

export function InvoiceableSection() {
  const invoiceable = useInvoiceable();
  const [asked, setAsked] = useState<TIssueAsked | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const data = invoiceable.data;
  const open = (group: TGroup, button: HTMLElement) => {
    opener.current = button;
    const label = T.groupTitle(group.organisation.name, monthLabel(group.month));
    setAsked({ applicationIds: groupIssueInput(group).application_ids, label });
  };
  // The focus goes back to the button, or to the section's title when its group has left the list (issued).
  const focusBack = useRef({
    get current(): HTMLElement | null {
      return opener.current?.isConnected ? opener.current : titleRef.current;
    },
  }).current;

  return (
    <section aria-labelledby="invoiceable-title" className="flex flex-col gap-4">
      <h2
        id="invoiceable-title"
        ref={titleRef}
        tabIndex={-1}
        className="text-xl font-semibold text-slate-900 focus-visible:outline-none"
      >
        {T.invoiceableTitle}
      </h2>
      {data ? (
        <>
          {data.groups.length ? (
            <ul className="flex flex-col gap-4">
              {data.groups.map((group) => (
                <li key={`${group.organisation.id}-${group.month}`}>
                  <GroupCard group={group} onIssue={open} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center text-base text-slate-700">
              {T.invoiceableEmpty}
            </p>
          )}
          {data.waiting.length ? <Waiting waiting={data.waiting} /> : null}
        </>
      ) : invoiceable.isError ? (
        <QueryLoadError query={invoiceable} fallback={T.invoiceableLoadFailed} className="text-base" />
      ) : (
        <Spinner className="py-6" />
      )}
      <IssueDialog asked={asked} onClose={() => setAsked(null)} returnFocusRef={focusBack} />
    </section>
  );
}

function GroupCard({ group, onIssue }: { group: TGroup; onIssue: (group: TGroup, button: HTMLElement) => void }) {
  const titleId = useId();
  const month = monthLabel(group.month);
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={titleId} className="break-words text-lg font-semibold text-slate-900">
        {T.groupTitle(group.organisation.name, month)}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-200 text-sm">
        {group.engagements.map((engagement) => (
          <li key={engagement.application_id} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-2">
            <div className="min-w-0">
              <p className="break-words font-medium text-slate-900">{engagement.title}</p>
              <p className="text-slate-700">
                {T.engagementLine(engagement.pharmacy, daysLabel(engagement.first_day, engagement.last_day))}
              </p>
            </div>
            <div className="text-right">
              <p className="font-medium text-slate-900">{T.euros(formatAmount(engagement.amount))}</p>
              {engagement.expenses ? (
                <p className="text-xs text-slate-600">{T.withExpenses(formatAmount(engagement.expenses))}</p>
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
        <p className="text-base font-semibold text-slate-900">{T.groupTotal(formatAmount(group.total))}</p>
        <Button
          aria-label={T.issueInvoiceFor(group.organisation.name, month)}
          onClick={(event) => onIssue(group, event.currentTarget)}
        >
          {T.issueInvoice}
        </Button>
      </div>
    </article>
  );
}

function Waiting({ waiting }: { waiting: TInvoiceable['waiting'] }) {
  return (
    <section aria-labelledby="invoiceable-waiting" className="rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h3 id="invoiceable-waiting" className="text-base font-semibold text-slate-900">
        {T.waitingTitle}
      </h3>
      <p className="text-sm text-slate-700">{T.waitingIntro}</p>
      <ul className="mt-2 divide-y divide-slate-200 text-sm">
        {waiting.map((engagement) => (
          <li key={engagement.application_id} className="py-2">
            <p className="break-words font-medium text-slate-900">{engagement.title}</p>
            <p className="text-slate-700">{T.engagementLine(engagement.pharmacy, formatDate(engagement.last_day))}</p>
            <p className="text-slate-700">
              <span className="font-medium">{T.hoursStates[engagement.state]}</span>
              {` · ${T.waitingConfirmsOn(formatDate(engagement.confirms_on))}`}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
