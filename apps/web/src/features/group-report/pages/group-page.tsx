/**
 * /gruppo (docs/product.md#group, decision 091): the group's view for the people of an organisation's pharmacies. A
 * month to choose (`?mese=YYYY-MM`, this month first), the group's totals, the shifts by pharmacy and week, the hours
 * and spend by pharmacy and by pharmacist, the spend invoiced by state (decision 095), and the month's statement as CSV
 * or PDF for the group or one pharmacy.
 */

import { formatDate } from '@farmaponte/shared/dates';
import type { TGroupReport, TGroupStatementFormat } from '@farmaponte/shared/group-report';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { GROUP_TEXT } from '@farmaponte/shared/ui-text-group';
import { INVOICE_PAGES_TEXT } from '@farmaponte/shared/ui-text-invoice-pages';
import { useSearchParams } from 'react-router';
import { InvoiceStateFigures } from '../../../components/invoice-state-figures';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/field';
import { FiguresCard } from '../../../components/ui/figures-card';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { type TStatementAsked, useDownloadGroupStatement } from '../api/download-group-statement';
import { useGroupReport } from '../api/get-group-report';
import { eurosText, hoursText, PharmacistsTable, payText, WeeksTable, WorkTable } from '../components/group-tables';
import { percentText, periodChoice, type TPeriod } from '../lib/period';

export function GroupPage() {
  const [params, setParams] = useSearchParams();
  const { options, chosen } = periodChoice(params.get('mese'), new Date());
  const report = useGroupReport(chosen.from, chosen.to);
  const data = report.data;
  const download = useDownloadGroupStatement();
  const downloadOf = (asked: Omit<TStatementAsked, 'month'>) => () =>
    download.mutate({ ...asked, month: chosen.value }, { onSuccess: () => notify.success(GROUP_TEXT.downloadDone) });
  const pendingFor = (pharmacyId: number | undefined, format: TGroupStatementFormat) =>
    download.isPending && download.variables?.pharmacyId === pharmacyId && download.variables.format === format;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(GROUP_TEXT.title)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{GROUP_TEXT.title}</h1>
      <p className="mt-2 text-base text-slate-700">{data ? GROUP_TEXT.intro(data.organisation.name) : GROUP_TEXT.introLoading}</p>

      <div className="mt-6 flex flex-col gap-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <SelectField
            label={GROUP_TEXT.periodLabel}
            value={chosen.value}
            onChange={(event) => setParams({ mese: event.target.value }, { replace: true })}
            className="sm:w-80"
          >
            {options.map((option: TPeriod) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </SelectField>
          <section aria-labelledby="group-downloads-title" className="flex flex-col gap-2">
            <h2 id="group-downloads-title" className="text-base font-semibold text-slate-900">
              {GROUP_TEXT.downloadsTitle}
            </h2>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="secondary" loading={pendingFor(undefined, 'csv')} onClick={downloadOf({ format: 'csv' })}>
                {pendingFor(undefined, 'csv') ? GROUP_TEXT.downloading : GROUP_TEXT.groupCsv}
              </Button>
              <Button variant="secondary" loading={pendingFor(undefined, 'pdf')} onClick={downloadOf({ format: 'pdf' })}>
                {pendingFor(undefined, 'pdf') ? GROUP_TEXT.downloading : GROUP_TEXT.groupPdf}
              </Button>
            </div>
            <p className="max-w-md text-xs text-slate-600">{GROUP_TEXT.downloadsIntro(chosen.label)}</p>
            <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
              {download.isError ? errorMessage(download.error, GROUP_TEXT.downloadFailed) : ''}
            </p>
          </section>
        </div>

        {data ? (
          <div aria-busy={report.isPlaceholderData || undefined} className="flex flex-col gap-6">
            <Totals report={data} />
            <InvoiceStateFigures id="group-invoices-title" title={INVOICE_PAGES_TEXT.groupSpendTitle} totals={data.invoices}>
              <p className="mt-2 text-sm text-slate-600">{INVOICE_PAGES_TEXT.groupSpendHint}</p>
            </InvoiceStateFigures>
            {data.totals.shifts.shifts || data.totals.worked.days ? (
              <>
                <WeeksTable report={data} />
                <p className="-mt-3 text-sm text-slate-600">{GROUP_TEXT.shiftsHint}</p>
                <WorkTable
                  report={data}
                  actions={(pharmacy) => (
                    <div className="flex gap-1">
                      {(['csv', 'pdf'] as const).map((format) => (
                        <Button
                          key={format}
                          variant="ghost"
                          loading={pendingFor(pharmacy.id, format)}
                          aria-label={(format === 'csv' ? GROUP_TEXT.pharmacyCsv : GROUP_TEXT.pharmacyPdf)(pharmacy.name)}
                          onClick={downloadOf({ pharmacyId: pharmacy.id, format })}
                        >
                          {format === 'csv' ? GROUP_TEXT.csv : GROUP_TEXT.pdf}
                        </Button>
                      ))}
                    </div>
                  )}
                />
                {data.pharmacists.length ? <PharmacistsTable report={data} /> : null}
                <p className="text-sm text-slate-600">{GROUP_TEXT.countedOn(formatDate(data.today))}</p>
              </>
            ) : (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
                {GROUP_TEXT.empty}
              </p>
            )}
          </div>
        ) : report.isError ? (
          <QueryLoadError query={report} fallback={GROUP_TEXT.loadFailed} className="text-base" />
        ) : (
          <PageSpinner />
        )}
      </div>
    </div>
  );
}

/** The group's figures at a glance: shifts and their coverage, hours, spend and the average hourly pay. */
function Totals({ report }: { report: TGroupReport }) {
  const { shifts, worked } = report.totals;
  const figures: [string, string][] = [
    [GROUP_TEXT.shifts, String(shifts.shifts)],
    [GROUP_TEXT.open, String(shifts.open)],
    [GROUP_TEXT.filled, String(shifts.filled)],
    [GROUP_TEXT.unfilled, String(shifts.unfilled)],
    [GROUP_TEXT.fillRate, percentText(shifts.fill_rate)],
    [GROUP_TEXT.hours, hoursText(worked.minutes)],
    [GROUP_TEXT.spend, eurosText(worked.gross)],
    [GROUP_TEXT.averagePay, payText(worked.average_hourly_pay)],
  ];
  return (
    <FiguresCard
      id="group-totals-title"
      title={GROUP_TEXT.totalsTitle}
      figures={figures}
      gridClassName="grid-cols-2 sm:grid-cols-4"
    >
      {worked.days_without_hours ? (
        <p className="mt-2 text-sm text-amber-900">{GROUP_TEXT.withoutHours(worked.days_without_hours)}</p>
      ) : null}
    </FiguresCard>
  );
}
