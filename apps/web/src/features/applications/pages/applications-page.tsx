/**
 * /candidature (docs/product.md#applications-received): 'Candidature Ricevute', the applications to the owner's offers as cards in two columns,
 * newest first, a page of 100 at a time. Filtered by offer, by status and to applicants whose albo entry is verified
 * (all in the URL, so a notification's link
 * opens the right view), with how many applications each status has; each card takes the owner's decision.
 */
import type { TApplicationStatus, TReceivedApplication } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { CheckboxField, SelectField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useMyOffers } from '../../../lib/api/get-my-offers';
import { useReviewableApplications } from '../../../lib/api/get-pending-reviews';
import { cn } from '../../../lib/cn';
import { notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useReceivedApplications } from '../api/get-received-applications';
import { useStatusCounts } from '../api/get-status-counts';
import { applicationsKeys } from '../api/query-keys';
import { DecisionDialog } from '../components/decision-dialog';
import { ReceivedApplicationCard, type TDecisionKind } from '../components/received-application-card';
import { APPLICATION_STATUSES, readFilters, type TReceivedFilters } from '../lib/received-filters';

interface TApplicationsPageProps {
  /** 'Messaggi' of each application (the messages feature, plugged in by the app: decision 072). */
  messages?: (application: TReceivedApplication) => ReactNode;
  /** What the app plugs into each card for its applicant (the star 'Aggiungi ai miei farmacisti', decision 071). */
  favouriteButton?: (pharmacistId: number) => ReactNode;
}

export function ApplicationsPage({ messages, favouriteButton }: TApplicationsPageProps) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = useReceivedApplications(filters);
  const queryClient = useQueryClient();
  const failed = query.isError && !query.isFetching;
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const returnFocusRef = useRef<HTMLElement | null>(null);
  const [deciding, setDeciding] = useState<{ open: boolean; application: TReceivedApplication | null; kind: TDecisionKind }>({
    open: false,
    application: null,
    kind: 'accept',
  });

  useEffect(() => {
    // Load failure: a toast.
    if (failed) notify.error(MESSAGES.applicationsLoadFailed);
  }, [failed]);

  const { applications, total } = useMemo(() => {
    const pages = query.data?.pages ?? [];
    // New applications arriving between two pages shift the next page: show each one once.
    const seen = new Set<number>();
    const list: TReceivedApplication[] = [];
    for (const page of pages)
      for (const application of page.applications)
        if (!seen.has(application.id)) {
          seen.add(application.id);
          list.push(application);
        }
    return { applications: list, total: pages.at(-1)?.total ?? list.length };
  }, [query.data]);

  useEffect(() => {
    // After 'Mostra altre candidature', the keyboard continues from the first new card.
    const from = focusFrom.current;
    if (from === null || applications.length <= from) return;
    focusFrom.current = null;
    (listRef.current?.children[from] as HTMLElement | undefined)?.focus();
  }, [applications.length]);

  const filtered = filters.offerId !== null || filters.status !== null || filters.alboVerified;
  // 'Lascia una recensione' where the server would take the review now (asked only when an application is accepted).
  const reviewable = useReviewableApplications(applications.some((application) => application.status === 'accepted'));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(UI_TEXT.applicationsReceived)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{UI_TEXT.applicationsReceived}</h1>

      <Filters
        filters={filters}
        onOfferChange={(offerId) =>
          setParams((current) => {
            const next = new URLSearchParams(current);
            if (offerId === null) next.delete('offer_id');
            else next.set('offer_id', String(offerId));
            return next;
          })
        }
        onAlboChange={(only) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              if (only) next.set('albo_verified', 'true');
              else next.delete('albo_verified');
              return next;
            },
            { replace: true },
          )
        }
      />

      {query.data ? (
        applications.length ? (
          <>
            <p className="mt-6 text-base text-slate-700">
              {total > applications.length
                ? UI_TEXT.applicationsShown(applications.length, total)
                : UI_TEXT.applicationsCount(total)}
            </p>
            <ul ref={listRef} className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
              {applications.map((application) => (
                <li key={application.id} tabIndex={-1} className="rounded-2xl focus:outline-2 focus:outline-emerald-700">
                  <ReceivedApplicationCard
                    application={application}
                    reviewable={reviewable.has(application.id)}
                    messages={messages?.(application)}
                    favourite={favouriteButton?.(application.farmacista.id)}
                    onCvOpened={() => {
                      // The CV opens in another tab and the server marks the application seen as it serves it:
                      // read the list again when the owner is back (and once now, for a CV already loaded).
                      void queryClient.invalidateQueries({ queryKey: applicationsKeys.received });
                    }}
                    onDecide={(selected, kind, button) => {
                      returnFocusRef.current = button;
                      setDeciding({ open: true, application: selected, kind });
                    }}
                  />
                </li>
              ))}
            </ul>
            {query.hasNextPage ? (
              <div className="mt-6 flex justify-center">
                <Button
                  variant="secondary"
                  size="lg"
                  loading={query.isFetchingNextPage}
                  onClick={() => {
                    focusFrom.current = applications.length;
                    void query.fetchNextPage();
                  }}
                >
                  {UI_TEXT.applicationsLoadMore}
                </Button>
              </div>
            ) : null}
          </>
        ) : filtered ? (
          <div className="mt-6 flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="text-base text-slate-700">{OWNER_TEXT.applicationsEmptyFiltered}</p>
            <TextLink to={PATHS.applications} className="inline-flex min-h-11 items-center text-base">
              {OWNER_TEXT.applicationsClearFilters}
            </TextLink>
          </div>
        ) : (
          <p className="mt-6 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
            {UI_TEXT.applicationsEmpty}
          </p>
        )
      ) : query.isError ? (
        <QueryLoadError query={query} message={MESSAGES.applicationsLoadFailed} className="mt-6 text-base" />
      ) : (
        <PageSpinner />
      )}

      <DecisionDialog
        open={deciding.open}
        onOpenChange={(open) => setDeciding((state) => ({ ...state, open }))}
        application={deciding.application}
        kind={deciding.kind}
        returnFocusRef={returnFocusRef}
      />
    </div>
  );
}

/** The offer (a select) and the status (links with their counts) the list shows. */
function Filters({
  filters,
  onOfferChange,
  onAlboChange,
}: {
  filters: TReceivedFilters;
  onOfferChange: (offerId: number | null) => void;
  onAlboChange: (only: boolean) => void;
}) {
  const offers = useMyOffers();
  const counts = useStatusCounts(filters.offerId, filters.alboVerified);
  const statusLabelId = useId();
  const [params] = useSearchParams();
  const statusLink = (status: TApplicationStatus | null) => {
    const next = new URLSearchParams(params);
    if (status) next.set('status', status);
    else next.delete('status');
    const search = next.toString();
    return search ? `${PATHS.applications}?${search}` : PATHS.applications;
  };
  const all = counts.data ? APPLICATION_STATUSES.reduce((sum, status) => sum + (counts.data?.[status] ?? 0), 0) : null;

  return (
    <div className="mt-4 flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <SelectField
        label={OWNER_TEXT.applicationsFilterOffer}
        value={filters.offerId ?? ''}
        onChange={(event) => onOfferChange(event.target.value ? Number(event.target.value) : null)}
        className="sm:max-w-md"
      >
        <option value="">{OWNER_TEXT.applicationsFilterAllOffers}</option>
        {(offers.data ?? []).map((offer) => (
          <option key={offer.id} value={offer.id}>
            {offer.status === 'open' ? offer.title : `${offer.title} (${UI_TEXT.offerStatusNames[offer.status]})`}
          </option>
        ))}
        {/* An offer in the URL that the list does not (yet) hold still reads as chosen. */}
        {filters.offerId !== null && offers.data && !offers.data.some((offer) => offer.id === filters.offerId) ? (
          <option value={filters.offerId}>{UI_TEXT.notAvailable}</option>
        ) : null}
      </SelectField>
      <CheckboxField
        label={OWNER_TEXT.applicationsFilterAlbo}
        checked={filters.alboVerified}
        onChange={(event) => onAlboChange(event.target.checked)}
      />
      <nav aria-labelledby={statusLabelId}>
        <p id={statusLabelId} className="mb-1.5 text-sm font-medium text-slate-800">
          {OWNER_TEXT.applicationsByStatus}
        </p>
        <ul className="flex flex-wrap gap-2">
          <StatusFilterLink
            to={statusLink(null)}
            current={filters.status === null}
            label={OWNER_TEXT.applicationsFilterAll}
            count={all}
          />
          {APPLICATION_STATUSES.map((status) => (
            <StatusFilterLink
              key={status}
              to={statusLink(status)}
              current={filters.status === status}
              label={UI_TEXT.applicationStatusNames[status]}
              count={counts.data?.[status] ?? null}
            />
          ))}
        </ul>
      </nav>
    </div>
  );
}

function StatusFilterLink({ to, current, label, count }: { to: string; current: boolean; label: string; count: number | null }) {
  // One name for the whole link ('Inviata: 3 candidature'), the same whatever the layout of its two parts.
  const name = `${label}: ${count === null ? UI_TEXT.loading : OWNER_TEXT.applicationsStatusCount(count)}`;
  return (
    <li>
      <Link
        to={to}
        replace
        aria-label={name}
        aria-current={current ? 'page' : undefined}
        className={cn(
          'inline-flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm font-medium transition-colors',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700',
          current
            ? 'border-emerald-700 bg-emerald-700 text-white'
            : 'border-slate-300 bg-white text-slate-800 hover:border-emerald-700 hover:bg-emerald-50',
        )}
      >
        {label}
        <span
          className={cn(
            'min-w-6 rounded-full px-1.5 text-center text-xs font-semibold',
            current ? 'bg-emerald-900 text-white' : 'bg-slate-100 text-slate-700',
          )}
        >
          {count ?? '…'}
        </span>
      </Link>
    </li>
  );
}
