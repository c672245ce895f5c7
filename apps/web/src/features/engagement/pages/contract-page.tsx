/**
 * /contratti/:applicationId (decision 093): an accepted freelance engagement's contract for both sides (its status,
 * the terms in short, the PDF's SHA-256, 'Scarica il PDF', 'Conferma il contratto', the versions), or, for an
 * employee's engagement, the owner's summary for the labour consultant.
 */
import { ENGAGEMENT_TEXT as T } from '@farmaponte/shared/ui-text-engagement';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoadError, QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useContract } from '../../../lib/api/engagement';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useHiringSummary } from '../api/contract';
import { ContractView } from '../components/contract-view';
import { HiringSummaryView } from '../components/hiring-summary-view';

export function ContractPage() {
  const applicationId = Number(useParams().applicationId);
  const valid = Number.isInteger(applicationId) && applicationId > 0;
  const details = useUserDetails();
  const side = details.data?.role === 'farmacista' ? 'farmacista' : 'titolare';
  const contract = useContract(applicationId, { enabled: valid });
  const noContract = !valid || (contract.error instanceof ApiError && contract.error.status === 404);
  const summary = useHiringSummary(applicationId, valid && noContract && side === 'titolare');
  const noSummary = side === 'farmacista' || !valid || (summary.error instanceof ApiError && summary.error.status === 404);
  const back = side === 'farmacista' ? PATHS.myApplications : PATHS.applications;

  let body: ReactNode;
  let title: string = T.contractTitle;
  if (!details.data && details.isError) return <PageLoadError query={details} />;
  if (contract.data) body = <ContractView contract={contract.data} applicationId={applicationId} side={side} />;
  else if (noContract && summary.data) {
    title = T.hiringTitle;
    body = <HiringSummaryView summary={summary.data} applicationId={applicationId} />;
  } else if (noContract && noSummary)
    body = (
      <p role="status" className="mt-6 rounded-lg border border-slate-200 bg-slate-50 px-4 py-3 text-base text-slate-800">
        {T.contractNotFound}
      </p>
    );
  else if (contract.isError && !noContract) body = <QueryLoadError query={contract} className="mt-6 text-base" />;
  else if (summary.isError) body = <QueryLoadError query={summary} className="mt-6 text-base" />;
  else body = <PageSpinner />;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(title)}</title>
      <TextLink to={back} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {T.contractBack}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      {body}
    </div>
  );
}
