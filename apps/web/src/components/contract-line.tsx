/**
 * An accepted freelance shift's contract (decision 093), on the pharmacist's accepted application and on her worked
 * shift: its status in words and the link to /contratti/:applicationId.
 */
import { ENGAGEMENT_TEXT } from '@farmaponte/shared/ui-text-engagement';
import { useContract } from '../lib/api/engagement';
import { contractStatusText } from '../lib/contract-status';
import { contractPagePath } from '../lib/paths';
import { TextLink } from './ui/text-link';

export function ContractLine({ applicationId }: { applicationId: number }) {
  const contract = useContract(applicationId);
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 text-sm" data-testid="contratto-turno">
      <span className="font-medium text-slate-700">{ENGAGEMENT_TEXT.contractLink}:</span>
      {contract.data ? <span className="text-slate-900">{contractStatusText(contract.data, 'farmacista')}</span> : null}
      <TextLink to={contractPagePath(applicationId)} className="inline-flex min-h-11 items-center">
        {ENGAGEMENT_TEXT.contractOpen}
      </TextLink>
    </p>
  );
}
