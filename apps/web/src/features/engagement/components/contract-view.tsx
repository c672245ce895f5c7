/**
 * A contract as its two sides read it (decision 093): the status, the terms in short with the pay hour by hour, the
 * travel, the lodging and whether a negotiation settled them (decision 094), the PDF's SHA-256 (short, with a
 * copy button), 'Scarica il PDF', and 'Conferma il contratto', which sends the hash shown: if a new version was
 * written meanwhile (409), the page reads it again and says so. Then every version, each with its PDF.
 */
import { TAX_REGIME_LABELS, type TTaxRegime } from '@farmaponte/shared/engagement';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT } from '@farmaponte/shared/ui-text-deal';
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import { useState } from 'react';
import { PayBreakdown } from '../../../components/pay-breakdown';
import { Button } from '../../../components/ui/button';
import type { TContract } from '../../../lib/api/engagement';
import { useMayWrite } from '../../../lib/api/get-organisation';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { contractStatusText, myConfirmation, shortHash, type TContractSide } from '../../../lib/contract-status';
import { formatDateTime } from '../../../lib/dates';
import { errorMessage, notify } from '../../../lib/notify';
import { formatEuros } from '../../../lib/numbers';
import { offerPeriod } from '../../../lib/offer-period';
import { downloadContract, useConfirmContract } from '../api/contract';
import { TERMS_LIST_CLASSES, Term } from './term';

const euros = (value: number) => `${formatEuros(value)} €`;

export function ContractView({
  contract,
  applicationId,
  side,
}: {
  contract: TContract;
  applicationId: number;
  side: TContractSide;
}) {
  const confirm = useConfirmContract(applicationId);
  const mayWrite = useMayWrite();
  const [superseded, setSuperseded] = useState(false);
  const [downloading, setDownloading] = useState<number | null>(null);
  const status = contractStatusText(contract, side);
  const both = status === T.contractStatus.both;
  const mayConfirm = contract.status !== 'annullato' && !myConfirmation(contract, side) && (side === 'farmacista' || mayWrite);
  const { terms } = contract;
  const who = terms.pharmacist;
  const period = offerPeriod(terms.shift.date_from, terms.shift.date_to);
  const { pay } = terms;

  async function download(version: { id: number; version: number }) {
    setDownloading(version.id);
    try {
      await downloadContract(version, applicationId);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setDownloading(null);
    }
  }

  function onConfirm() {
    setSuperseded(false);
    confirm.mutate(
      { id: contract.id, sha256: contract.sha256 },
      {
        onSuccess: () => notify.success(T.contractConfirmed),
        onError: (error) => {
          if (error instanceof ApiError && (error.code === 'contract_superseded' || error.code === 'contract_hash_mismatch')) {
            setSuperseded(true);
            return;
          }
          notify.error(errorMessage(error, MESSAGES.serverError));
        },
      },
    );
  }

  async function copyHash() {
    try {
      await navigator.clipboard.writeText(contract.sha256);
      notify.success(T.contractHashCopied);
    } catch {
      notify.error(MESSAGES.serverError);
    }
  }

  return (
    <div className="mt-4 flex flex-col gap-6">
      <p className="text-base text-slate-700">
        {terms.shift.title} · {terms.pharmacy.name}
        {terms.pharmacy.comune ? `, ${terms.pharmacy.comune}` : ''}
      </p>
      <section
        aria-labelledby="contratto-stato"
        className={cn(
          'rounded-2xl border p-5 shadow-sm sm:p-6',
          both ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50',
        )}
      >
        <h2 id="contratto-stato" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          {T.contractStatusLabel} · {T.contractVersion(contract.version)}
        </h2>
        <p className="mt-1 text-lg font-semibold text-slate-900" data-testid="stato-contratto" aria-live="polite">
          {status}
        </p>
        <ul className="mt-2 text-sm text-slate-800">
          <li>
            {contract.owner_confirmation
              ? T.contractOwnerConfirmedAt(formatDateTime(contract.owner_confirmation.at), contract.owner_confirmation.by_name)
              : T.contractOwnerNotConfirmed}
          </li>
          <li>
            {contract.pharmacist_confirmation
              ? T.contractPharmacistConfirmedAt(formatDateTime(contract.pharmacist_confirmation.at))
              : T.contractPharmacistNotConfirmed}
          </li>
        </ul>
        {superseded ? (
          <p
            role="alert"
            className="mt-3 rounded-lg border border-amber-400 bg-white px-3 py-2 text-sm font-medium text-amber-950"
          >
            {T.contractSuperseded}
          </p>
        ) : null}
      </section>

      <section
        aria-labelledby="contratto-condizioni"
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <h2 id="contratto-condizioni" className="text-lg font-semibold text-slate-900">
          {T.contractTermsTitle}
        </h2>
        <dl className={TERMS_LIST_CLASSES}>
          <Term label={T.contractClient}>
            {terms.organisation.name || terms.pharmacy.name}
            {terms.organisation.partita_iva ? ` (${T.contractVatOf(terms.organisation.partita_iva)})` : ''}
            {terms.organisation.name && terms.organisation.name !== terms.pharmacy.name ? ` · ${terms.pharmacy.name}` : ''}
            {terms.pharmacy.address ? ` · ${terms.pharmacy.address}, ${terms.pharmacy.comune}` : ''}
          </Term>
          <Term label={T.contractProfessional}>
            {`${who.name} ${who.surname}`.trim()}
            {who.codice_fiscale ? ` · ${T.contractCfOf(who.codice_fiscale)}` : ''}
            {who.partita_iva ? ` · ${T.contractVatOf(who.partita_iva)}` : ''}
            {who.tax_regime && who.tax_regime in TAX_REGIME_LABELS ? ` · ${TAX_REGIME_LABELS[who.tax_regime as TTaxRegime]}` : ''}
          </Term>
          <Term label={T.contractDays}>
            {period ?? UI_TEXT.notAvailable}
            {terms.shift.days ? ` (${T.contractDaysCount(terms.shift.days)})` : ''}
          </Term>
          <Term label={T.contractHours}>
            {terms.shift.start_time && terms.shift.end_time
              ? UI_TEXT.offerDailyHours(terms.shift.start_time, terms.shift.end_time)
              : UI_TEXT.notAvailable}
          </Term>
          <Term label={T.contractFee}>
            {terms.fee.hourly === null
              ? UI_TEXT.notAvailable
              : terms.fee.total === null
                ? UI_TEXT.offerHourlyPay(formatEuros(terms.fee.hourly))
                : T.contractFeeValue(euros(terms.fee.hourly), euros(terms.fee.total))}
          </Term>
          <Term label={T.contractExpenses}>{terms.fee.expenses > 0 ? euros(terms.fee.expenses) : T.contractNoExpenses}</Term>
          <Term label={T.contractCancellation}>
            {T.contractCancellationText(terms.cancellation.notice_hours, terms.cancellation.late_share)}
          </Term>
        </dl>
        {pay ? (
          <PayBreakdown
            pay={pay}
            title={DEAL_TEXT.contractPayTitle}
            agreed={pay.agreed}
            summary={pay.hourly === null ? [] : [DEAL_TEXT.payHourly(pay.hourly)]}
            className="mt-4"
            testId="compenso-contratto"
          />
        ) : null}
      </section>

      <section aria-labelledby="contratto-pdf" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="contratto-pdf" className="text-lg font-semibold text-slate-900">
          {T.contractHash}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{T.contractHashHint}</p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <code
            className="rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900"
            title={contract.sha256}
            data-sha256={contract.sha256}
          >
            {shortHash(contract.sha256)}
          </code>
          <Button variant="ghost" onClick={copyHash}>
            {T.contractCopyHash}
          </Button>
        </div>
        <div className="mt-4 flex flex-col gap-3 sm:flex-row">
          <Button variant="secondary" loading={downloading === contract.id} onClick={() => download(contract)}>
            {T.contractDownload}
          </Button>
          {mayConfirm ? (
            <Button loading={confirm.isPending} onClick={onConfirm} aria-describedby="contratto-conferma-nota">
              {confirm.isPending ? T.contractConfirming : T.contractConfirm}
            </Button>
          ) : null}
        </div>
        {mayConfirm ? (
          <p id="contratto-conferma-nota" className="mt-2 text-sm text-slate-700">
            {T.contractConfirmHint}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="contratto-versioni" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <h2 id="contratto-versioni" className="text-lg font-semibold text-slate-900">
          {T.contractVersions}
        </h2>
        <ol className="mt-3 flex flex-col gap-3">
          {contract.versions.map((version) => (
            <li key={version.id} className="flex flex-col gap-2 text-sm sm:flex-row sm:items-center sm:justify-between">
              <p className="text-slate-800">
                <span className="font-semibold">{T.contractVersion(version.version)}</span> ·{' '}
                {T.contractCreatedAt(formatDateTime(version.created_at))} ·{' '}
                {version.superseded_at
                  ? T.contractVersionSuperseded(formatDateTime(version.superseded_at))
                  : T.contractVersionCurrent}{' '}
                · <code className="font-mono">{shortHash(version.sha256)}</code>
              </p>
              <Button
                variant="ghost"
                aria-label={T.contractDownloadVersion(version.version)}
                loading={downloading === version.id && version.id !== contract.id}
                onClick={() => download(version)}
              >
                {T.contractDownload}
              </Button>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
