/**
 * /miei_turni (docs/product.md#worked-shifts, decision 075): a month of worked shifts, the pharmacist's or, for an
 * owner, those of their offers: the month picker (the month in ?mese=YYYY-MM, a notification's link), the totals, each
 * shift with its days, the pharmacist's hours editor while it may be corrected and the owner's answer to a correction,
 * and for the pharmacist the month's CSV and PDF statement and, on a freelance shift, its contract (decision 093).
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { INVOICE_LINK_TEXT } from '@farmaponte/shared/ui-text-invoice-links';
import { SHIFTS_LINK_TEXT } from '@farmaponte/shared/ui-text-shift-links';
import { SHIFTS_TEXT } from '@farmaponte/shared/ui-text-shifts';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { PageLoadError, QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useMyApplications } from '../../../lib/api/get-my-applications';
import { useReviewableApplications } from '../../../lib/api/get-pending-reviews';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useDownloadShiftsCsv } from '../api/download-shifts-csv';
import { useDownloadStatement } from '../api/download-statement';
import { type TShiftSide, useWorkedShifts } from '../api/get-worked-shifts';
import { MonthPicker } from '../components/month-picker';
import { MonthTotals } from '../components/month-totals';
import { WorkedShiftCard } from '../components/worked-shift-card';
import { freelanceApplicationIds } from '../lib/freelance-shifts';
import { monthFromParam, monthParam, type TMonth } from '../lib/month';

export function WorkedShiftsPage() {
  const details = useUserDetails();
  if (!details.data && details.isError) return <PageLoadError query={details} />;
  if (!details.data) return <PageSpinner />;
  return <WorkedShifts side={details.data.role === 'titolare' ? 'owner' : 'mine'} />;
}

function WorkedShifts({ side }: { side: TShiftSide }) {
  const [params, setParams] = useSearchParams();
  const month = monthFromParam(params.get('mese'));
  const current = monthFromParam(null);
  const shifts = useWorkedShifts(side, month.year, month.month);
  const title = side === 'owner' ? SHIFTS_LINK_TEXT.owner : SHIFTS_LINK_TEXT.pharmacist;
  const choose = (next: TMonth) => setParams({ mese: monthParam(next) }, { replace: true });
  const data = shifts.data;
  // 'Lascia una recensione' on the shifts the server would take a review of now (asked only when the month has shifts).
  const reviewable = useReviewableApplications(Boolean(data?.shifts.length));
  // Her freelance shifts, with their contract (her applications say the form; asked only when the month has shifts).
  const applications = useMyApplications({ enabled: side === 'mine' && Boolean(data?.shifts.length) });
  const freelance = freelanceApplicationIds(applications.data);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-2 text-base text-slate-700">{side === 'owner' ? SHIFTS_TEXT.ownerIntro : SHIFTS_TEXT.pharmacistIntro}</p>
      <p className="mt-1 text-sm text-slate-600">{side === 'owner' ? SHIFTS_TEXT.noHoursNoteOwner : SHIFTS_TEXT.noHoursNote}</p>
      {/* The invoices the confirmed hours become (decision 095): hers, or those the pharmacy received. */}
      <TextLink
        to={side === 'owner' ? PATHS.receivedInvoices : PATHS.invoices}
        className="mt-2 inline-flex min-h-11 items-center text-base"
      >
        {side === 'owner' ? INVOICE_LINK_TEXT.owner : INVOICE_LINK_TEXT.pharmacist}
      </TextLink>

      <div className="mt-6 flex flex-col gap-4">
        <MonthPicker month={month} current={current} onChange={choose} />
        {side === 'mine' ? <Downloads month={month} /> : null}
        {data ? (
          <div aria-busy={shifts.isPlaceholderData || undefined} className="flex flex-col gap-4">
            <MonthTotals totals={data.totals} side={side} />
            {data.shifts.length ? (
              <ul className="flex flex-col gap-4">
                {data.shifts.map((shift) => (
                  <li key={shift.application_id}>
                    <WorkedShiftCard
                      shift={shift}
                      side={side}
                      reviewable={reviewable.has(shift.application_id)}
                      freelance={freelance.has(shift.application_id)}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-base text-slate-700">
                {SHIFTS_TEXT.empty}
              </p>
            )}
          </div>
        ) : shifts.isError ? (
          <QueryLoadError query={shifts} fallback={SHIFTS_TEXT.loadFailed} className="text-base" />
        ) : (
          <PageSpinner />
        )}
      </div>
    </div>
  );
}

/** 'Scarica CSV' and 'Scarica il riepilogo PDF' of the month shown (the pharmacist's). */
function Downloads({ month }: { month: TMonth }) {
  const csv = useDownloadShiftsCsv();
  const pdf = useDownloadStatement();
  const done = { onSuccess: () => notify.success(SHIFTS_TEXT.downloadDone) };
  const failure = csv.error ?? pdf.error;
  return (
    <section aria-label={SHIFTS_TEXT.downloadsTitle} className="flex flex-col gap-2">
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="secondary" loading={csv.isPending} onClick={() => csv.mutate(month, done)}>
          {csv.isPending ? SHIFTS_TEXT.downloading : SHIFTS_TEXT.downloadCsv}
        </Button>
        <Button variant="secondary" loading={pdf.isPending} onClick={() => pdf.mutate(month, done)}>
          {pdf.isPending ? SHIFTS_TEXT.downloading : SHIFTS_TEXT.downloadPdf}
        </Button>
      </div>
      <p className="text-xs text-slate-600">{SHIFTS_TEXT.downloadsHint}</p>
      <p role="alert" className="text-sm font-medium text-red-700 empty:hidden">
        {failure && (csv.isError || pdf.isError) ? errorMessage(failure, SHIFTS_TEXT.downloadFailed) : ''}
      </p>
    </section>
  );
}
