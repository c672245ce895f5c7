/**
 * Dashboard overview for admins: the registry size, users by role, open offers by region and applications per
 * week. The numbers come first; the charts (Chart.js, a chunk of its own) follow, each with a data table for
 * screen readers.
 */
import type { TOverview } from '@farmaponte/shared';
import { formatDate } from '@farmaponte/shared/dates';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { Component, lazy, type ReactNode, Suspense, useMemo } from 'react';
import { QueryLoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { useOverview } from '../api/get-overview';
import { formatCount } from '../lib/format';
import type { TChartSeries } from './overview-chart';

const OverviewChart = lazy(() => import('./overview-chart'));

const CHART_HEIGHT = 'h-64';

export default function AdminOverviewContent() {
  const overview = useOverview();
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-4">
      <h2 id="overview-title" className="text-xl font-bold text-slate-900">
        {ADMIN_TEXT.overviewTitle}
      </h2>
      {overview.isError ? (
        <QueryLoadError query={overview} />
      ) : overview.data ? (
        <OverviewBody overview={overview.data} />
      ) : (
        <div className="flex justify-center py-10">
          <Spinner />
        </div>
      )}
    </section>
  );
}

function OverviewBody({ overview }: { overview: TOverview }) {
  const roles = overview.users_by_role;
  const totalUsers = roles.farmacista + roles.titolare + roles.admin;
  const openOffers = overview.open_offers_by_region.reduce((sum, r) => sum + r.count, 0);
  const applications = overview.applications_per_week.reduce((sum, w) => sum + w.count, 0);

  // Stable series: a background refetch with the same numbers does not redraw (and re-animate) the charts.
  const [usersByRole, offersByRegion, applicationsPerWeek] = useMemo((): [TChartSeries, TChartSeries, TChartSeries] => {
    return [
      {
        title: ADMIN_TEXT.chartUsersByRole,
        labelColumn: ADMIN_TEXT.chartRoleColumn,
        labels: [ADMIN_TEXT.chartRoleNames.farmacista, ADMIN_TEXT.chartRoleNames.titolare, ADMIN_TEXT.chartRoleNames.admin],
        values: [roles.farmacista, roles.titolare, roles.admin],
      },
      {
        title: ADMIN_TEXT.chartOffersByRegion,
        labelColumn: ADMIN_TEXT.chartRegionColumn,
        labels: overview.open_offers_by_region.map((r) => r.region),
        values: overview.open_offers_by_region.map((r) => r.count),
      },
      {
        title: ADMIN_TEXT.chartApplicationsPerWeek,
        labelColumn: ADMIN_TEXT.chartWeekColumn,
        labels: overview.applications_per_week.map((w) => formatDate(w.week_start)),
        values: overview.applications_per_week.map((w) => w.count),
      },
    ];
  }, [overview, roles]);

  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label={ADMIN_TEXT.overviewPharmacies} value={overview.pharmacies} />
        <Stat label={ADMIN_TEXT.overviewUsers} value={totalUsers} />
        <Stat label={ADMIN_TEXT.overviewOpenOffers} value={openOffers} />
        <Stat label={ADMIN_TEXT.overviewApplications} value={applications} />
      </dl>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <ChartCard series={usersByRole} kind="bar" />
        <ChartCard series={offersByRegion} kind="bar" horizontal empty={ADMIN_TEXT.chartNoOpenOffers} />
        <ChartCard series={applicationsPerWeek} kind="line" className="lg:col-span-2" />
      </div>
    </>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse justify-end rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums text-slate-900">{formatCount(value)}</dd>
    </div>
  );
}

function ChartCard({
  series,
  kind,
  horizontal = false,
  empty,
  className,
}: {
  series: TChartSeries;
  kind: 'bar' | 'line';
  horizontal?: boolean;
  empty?: string;
  className?: string;
}) {
  const isEmpty = series.values.length === 0;
  // One bar row per region: the chart grows with the list instead of squeezing the labels.
  const height = horizontal && series.labels.length > 8 ? { height: `${series.labels.length * 1.75 + 2}rem` } : undefined;
  return (
    <figure
      className={`flex min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className ?? ''}`}
    >
      <figcaption className="text-base font-semibold text-slate-900">{series.title}</figcaption>
      {isEmpty && empty ? (
        <p className="mt-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <>
          <div className={`relative mt-4 ${height ? '' : CHART_HEIGHT}`} style={height}>
            <ChartBoundary fallback={<p className="text-sm text-slate-600">{ADMIN_TEXT.chartLoadFailed}</p>}>
              <Suspense
                fallback={
                  <div className="flex h-full items-center justify-center">
                    <Spinner />
                  </div>
                }
              >
                <OverviewChart series={series} kind={kind} horizontal={horizontal} />
              </Suspense>
            </ChartBoundary>
          </div>
          <DataTable series={series} />
        </>
      )}
    </figure>
  );
}

/** The chart's numbers as a table, for screen readers (the canvas itself only carries a short summary). */
function DataTable({ series }: { series: TChartSeries }) {
  return (
    <table className="sr-only">
      <caption>{series.title}</caption>
      <thead>
        <tr>
          <th scope="col">{series.labelColumn}</th>
          <th scope="col">{ADMIN_TEXT.chartCountColumn}</th>
        </tr>
      </thead>
      <tbody>
        {series.labels.map((label, index) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{series.values[index] ?? 0}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A chart that cannot load (offline) leaves its table and a line of text, not a broken dashboard. */
class ChartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
