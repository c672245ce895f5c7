/**
 * /segnalazioni (admin only, decision 062): the reports, open or resolved, grouped by the offer or person reported,
 * 20 reports a page; resolving one resolves the others open on the same target; hiding a review a report names
 * resolves the reports that name it (decision 074).
 */
import type { TAdminReport, TReportAction } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useRef, useState } from 'react';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Pager } from '../../../components/ui/pager';
import { Spinner, SpinnerIcon } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { cn } from '../../../lib/cn';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useFilteredPages, usePageCount } from '../../../lib/use-filtered-pages';
import { type TReportsTab, useReports } from '../api/get-reports';
import { ReportGroupCard } from '../components/report-group-card';
import { ResolveDialog, type TResolving } from '../components/resolve-dialog';

const TABS: readonly TReportsTab[] = ['open', 'resolved'];

/** The page's reports, one group per target, in the order the API sent them (oldest open group first). */
function groupByTarget(reports: readonly TAdminReport[]): TAdminReport[][] {
  const groups = new Map<string, TAdminReport[]>();
  for (const report of reports) {
    const key = `${report.target_type}:${report.target_id}`;
    groups.set(key, [...(groups.get(key) ?? []), report]);
  }
  return [...groups.values()];
}

export function ReportsPage() {
  const [status, setStatus] = useState<TReportsTab>('open');
  const { page, setPage } = useFilteredPages(status);
  const query = useReports({ status, page });
  const count = query.data?.count ?? 0;
  const pages = usePageCount(page, setPage, query.data && { count, settled: !query.isPlaceholderData }, LIMITS.reportsPageSize);
  const [resolving, setResolving] = useState<TResolving | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const lastButton = useRef<HTMLElement | null>(null);

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(ADMIN_TEXT.reportsTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{ADMIN_TEXT.reportsTitle}</h1>
      <p className="mt-2 text-base text-slate-700">{ADMIN_TEXT.reportsIntro}</p>

      <fieldset className="mt-6 flex gap-2">
        <legend className="sr-only">{ADMIN_TEXT.reportsTitle}</legend>
        {TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={status === tab}
            onClick={() => setStatus(tab)}
            className={cn(
              'min-h-11 rounded-lg border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700',
              status === tab ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800',
            )}
          >
            {ADMIN_TEXT.reportsTabs[tab]}
          </button>
        ))}
      </fieldset>

      <div className="mt-4 flex min-h-6 items-center gap-3 text-sm text-slate-700">
        <p role="status" className="font-medium">
          {query.data ? ADMIN_TEXT.reportsCount(count) : ''}
        </p>
        {query.isFetching && query.data ? <SpinnerIcon className="text-emerald-700" /> : null}
      </div>

      <div className="mt-3">
        {query.isError && !query.data ? (
          <QueryLoadError query={query} />
        ) : !query.data ? (
          <div className="flex justify-center py-12">
            <Spinner size="lg" label={ADMIN_TEXT.reportsLoading} />
          </div>
        ) : query.data.results.length === 0 ? (
          <p className="rounded-2xl border border-slate-200 bg-white px-4 py-10 text-center text-base text-slate-700 shadow-sm">
            {ADMIN_TEXT.reportsEmpty[status]}
          </p>
        ) : (
          <ul className="flex flex-col gap-4" aria-busy={query.isFetching}>
            {groupByTarget(query.data.results).map((group) => (
              <li key={`${group[0]?.target_type}:${group[0]?.target_id}`}>
                <ReportGroupCard
                  reports={group}
                  onResolve={(report: TAdminReport, action: TReportAction, button) => {
                    lastButton.current = button;
                    setResolving({ report, action });
                    setDialogOpen(true);
                  }}
                  onHideReview={(report, review, button) => {
                    lastButton.current = button;
                    setResolving({ report, action: 'hide_review', review });
                    setDialogOpen(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      {query.data && pages > 1 ? <Pager page={page} pages={pages} loading={query.isPlaceholderData} onPage={setPage} /> : null}

      <ResolveDialog resolving={resolving} open={dialogOpen} onOpenChange={setDialogOpen} returnFocusRef={lastButton} />
    </div>
  );
}
