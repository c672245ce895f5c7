/**
 * /segnalazioni (admin only, decision 062): the reports, open or resolved, grouped by the offer or person reported,
 * 20 reports a page; resolving one resolves the others open on the same target; hiding a review a report names
 * resolves the reports that name it (decision 074).
 */
import type { TAdminReport, TReportAction } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useRef, useState } from 'react';
import { AdminListPage } from '../../../components/admin-list-page';
import { cn } from '../../../lib/cn';
import { useListFilters } from '../../../lib/use-list-filters';
import { type TReportsTab, useReports } from '../api/get-reports';
import { ReportGroupCard } from '../components/report-group-card';
import { ResolveDialog, type TResolving } from '../components/resolve-dialog';

const TABS: readonly TReportsTab[] = ['open', 'resolved'];
/** The desk opens on the open reports. Kept in the page's state, not in the address. */
const OPEN: { status: TReportsTab } = { status: 'open' };

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
  const list = useListFilters(OPEN);
  const { status } = list.filters;
  const query = useReports({ status, page: list.page });
  const [resolving, setResolving] = useState<TResolving | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const lastButton = useRef<HTMLElement | null>(null);

  return (
    <AdminListPage
      title={ADMIN_TEXT.reportsTitle}
      intro={ADMIN_TEXT.reportsIntro}
      filters={
        <fieldset className="flex gap-2">
          <legend className="sr-only">{ADMIN_TEXT.reportsTitle}</legend>
          {TABS.map((tab) => (
            <button
              key={tab}
              type="button"
              aria-pressed={status === tab}
              onClick={() => list.setFilter('status', tab)}
              className={cn(
                'min-h-11 rounded-lg border px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-emerald-700',
                status === tab ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800',
              )}
            >
              {ADMIN_TEXT.reportsTabs[tab]}
            </button>
          ))}
        </fieldset>
      }
      list={list}
      query={query}
      pageSize={LIMITS.reportsPageSize}
      status={(answer) => ADMIN_TEXT.reportsCount(answer.count)}
      loadingLabel={ADMIN_TEXT.reportsLoading}
      empty={ADMIN_TEXT.reportsEmpty[status]}
      renderResults={(reports, busy) => (
        <ul className="flex flex-col gap-4" aria-busy={busy}>
          {groupByTarget(reports).map((group) => (
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
      dialogs={<ResolveDialog resolving={resolving} open={dialogOpen} onOpenChange={setDialogOpen} returnFocusRef={lastButton} />}
    />
  );
}
