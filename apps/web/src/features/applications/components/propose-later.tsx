/**
 * 'Proponi un altro compenso' on a waiting application she sent without a proposal, when its offer negotiates
 * (decision 094): the hourly, the travel (when negotiated) and a reason, checked against the offer's bounds as the
 * server checks them (proposal-form.tsx); POST /api/applications/{id}/proposal/. The result in a toast.
 */
import type { TPayTermsOut, TProposalInput } from '@farmaponte/shared';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { EMPTY_PROPOSAL } from '../../../components/proposal-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { notify } from '../../../lib/notify';
import { checkProposal } from '../../../lib/proposal-check';
import { ProposalForm } from './proposal-form';

export function ProposeLater({
  applicationId,
  title,
  offered,
  terms,
}: {
  applicationId: number;
  title: string;
  /** The hourly figure the offer gives her form, for the hint. */
  offered: number | null;
  terms: TPayTermsOut;
}) {
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState(EMPTY_PROPOSAL);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const queryClient = useQueryClient();
  const bounds = { max_hourly: terms.negotiation_max_hourly, max_travel: terms.negotiation_max_travel };
  if (bounds.max_hourly === null) return null;
  const maxHourly = bounds.max_hourly;
  const send = async (proposal: TProposalInput) => {
    const answer = await apiRequest<{ message: string }>(`/api/applications/${applicationId}/proposal/`, {
      method: 'POST',
      body: proposal,
    });
    await queryClient.invalidateQueries({ queryKey: sharedKeys.applications });
    notify.success(answer.message);
    setValues(EMPTY_PROPOSAL);
    setOpen(false);
  };
  return (
    <>
      <div className="mt-3">
        <Button
          ref={buttonRef}
          variant="secondary"
          aria-haspopup="dialog"
          aria-label={T.proposeLaterLabel(title)}
          onClick={() => setOpen(true)}
        >
          {T.proposeLater}
        </Button>
      </div>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title={T.proposeLater}
        description={T.proposeIntro}
        returnFocusRef={buttonRef}
        hasUnsavedChanges={() => values !== EMPTY_PROPOSAL}
      >
        <ProposalForm
          check={(next) => checkProposal(next, bounds)}
          onSend={send}
          onCancel={() => setOpen(false)}
          onValuesChange={setValues}
          submitLabel={T.proposeLaterSend}
          showTravel={bounds.max_travel !== null}
          labels={{
            hourly: T.proposeHourly,
            hourlyHint: T.proposeHourlyHint(offered, maxHourly),
            travel: T.proposeTravel,
            travelHint: bounds.max_travel === null ? '' : T.proposeTravelHint(bounds.max_travel),
            reason: T.proposeReason,
            reasonHint: T.proposeReasonHint,
          }}
        />
      </Dialog>
    </>
  );
}
