/**
 * /candidature (spec §2): 'Candidature Ricevute', the applications to the owner's offers as cards in two columns,
 * newest first, a page of 100 at a time.
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useEffect, useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useReceivedApplications } from '../api/get-received-applications';
import { ReceivedApplicationCard } from '../components/received-application-card';

export function ApplicationsPage() {
  const query = useReceivedApplications();
  const failed = query.isError && !query.isFetching;
  const listRef = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);

  useEffect(() => {
    // Load failure: a toast (spec §8).
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

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(UI_TEXT.applicationsReceived)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{UI_TEXT.applicationsReceived}</h1>
      {query.data ? (
        applications.length ? (
          <>
            <p className="mt-2 text-base text-slate-700">
              {total > applications.length
                ? UI_TEXT.applicationsShown(applications.length, total)
                : UI_TEXT.applicationsCount(total)}
            </p>
            <ul ref={listRef} className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
              {applications.map((application) => (
                <li key={application.id} tabIndex={-1} className="rounded-2xl focus:outline-2 focus:outline-emerald-700">
                  <ReceivedApplicationCard application={application} />
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
    </div>
  );
}
