/**
 * 'Riepilogo per il consulente del lavoro' (decision 093): an accepted employee's engagement as the owner's labour
 * consultant needs it for the comunicazione obbligatoria, with its PDF; and, said plainly, that Farmaponte sends nothing.
 */
import { ccnlLevelLabel } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/dates';
import { errorMessage, notify } from '../../../lib/notify';
import { formatEuros } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import { downloadHiringSummary, type THiringSummary } from '../api/contract';
import { TERMS_LIST_CLASSES, Term } from './term';

export function HiringSummaryView({ summary, applicationId }: { summary: THiringSummary; applicationId: number }) {
  const [downloading, setDownloading] = useState(false);
  const { pharmacist, hours } = summary;
  const birth = [pharmacist.birth_date ? formatDate(pharmacist.birth_date) : '', pharmacist.birth_place?.name ?? '']
    .filter(Boolean)
    .join(', ');
  async function download() {
    setDownloading(true);
    try {
      await downloadHiringSummary(applicationId);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setDownloading(false);
    }
  }
  return (
    <div className="mt-4 flex flex-col gap-6">
      <p className="text-base text-slate-700">{T.hiringIntro}</p>
      <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
        {summary.notice || T.hiringNothingSent}
      </p>
      <section aria-labelledby="riepilogo-dati" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="riepilogo-dati" className="text-lg font-semibold text-slate-900">
          {T.hiringDataTitle}
        </h2>
        <dl className={TERMS_LIST_CLASSES}>
          <Term label={T.hiringShift}>{summary.title}</Term>
          <Term label={T.hiringPharmacist}>
            {`${pharmacist.name} ${pharmacist.surname}`.trim()}
            {pharmacist.codice_fiscale ? ` · ${T.contractCfOf(pharmacist.codice_fiscale)}` : ''}
          </Term>
          <Term label={T.hiringBirth}>{birth || UI_TEXT.notAvailable}</Term>
          <Term label={T.hiringEmployer}>
            {summary.organisation.name || summary.pharmacy.name}
            {summary.organisation.name && summary.organisation.name !== summary.pharmacy.name
              ? ` · ${summary.pharmacy.name}`
              : ''}
            {summary.pharmacy.address ? ` · ${summary.pharmacy.address}, ${summary.pharmacy.comune}` : ''}
          </Term>
          <Term label={T.hiringPeriod}>{offerPeriod(summary.date_from, summary.date_to) ?? UI_TEXT.notAvailable}</Term>
          <Term label={T.hiringHours}>
            {hours.start && hours.end
              ? T.hiringHoursValue(hours.start, hours.end, hours.per_day ?? 0, hours.total ?? 0)
              : UI_TEXT.notAvailable}
          </Term>
          <Term label={T.hiringCcnl}>
            {summary.ccnl.name} · {summary.ccnl.level_label || ccnlLevelLabel(summary.ccnl.level)}
          </Term>
          <Term label={T.hiringPay}>
            {summary.hourly_pay === null ? UI_TEXT.notAvailable : UI_TEXT.offerHourlyPay(formatEuros(summary.hourly_pay))}
          </Term>
        </dl>
        <Button variant="secondary" className="mt-4 w-full sm:w-auto" loading={downloading} onClick={download}>
          {T.hiringDownload}
        </Button>
      </section>
    </div>
  );
}
