/**
 * 'Proponi un altro compenso' on a waiting application she sent without a proposal, when its offer negotiates
 * (decision 094): the hourly, the travel (when negotiated) and a reason, checked against the offer's bounds as the
 * server checks them; POST /api/applications/{id}/proposal/. A refusal is said in the dialog, the result in a toast.
 */
import type { TPayTermsOut, TProposalInput } from '@farmaponte/shared';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { EMPTY_PROPOSAL, focusFirstError, ProposalFields } from '../../../components/proposal-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { errorMessage, notify } from '../../../lib/notify';
import { checkProposal, type TProposalErrors } from '../../../lib/proposal-check';

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
  const [errors, setErrors] = useState<TProposalErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
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
        <form
          ref={formRef}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={async (event) => {
            event.preventDefault();
            setFailure(null);
            const checked = checkProposal(values, bounds);
            if (!checked.ok) {
              setErrors(checked.errors);
              requestAnimationFrame(() => focusFirstError(formRef.current));
              return;
            }
            setBusy(true);
            try {
              await send(checked.value);
            } catch (error) {
              setFailure(errorMessage(error, MESSAGES.serverError));
            } finally {
              setBusy(false);
            }
          }}
        >
          <ProposalFields
            values={values}
            errors={errors}
            onChange={(next) => {
              setValues(next);
              setErrors({});
            }}
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
          <div role="alert">
            {failure ? (
              <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{failure}</p>
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={() => setOpen(false)}>
              {UI_TEXT.cancel}
            </Button>
            <Button type="submit" loading={busy}>
              {busy ? T.sending : T.proposeLaterSend}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
