/**
 * What each side answers in a negotiation (decision 094). The owner, on her waiting proposal: 'Accetta proposta',
 * 'Controproposta' (hourly between the offered figure and hers, travel at most hers, a reason) or 'Rifiuta' (a
 * reason); she, on the owner's counter: 'Accetta' or 'Rifiuta' (a reason if she likes). Each in a dialog; the
 * checks are the server's (lib/proposal-check.ts); a refusal is said in the dialog, the result in a toast.
 */
import type { TNegotiation, TProposal } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { PAY_MESSAGES } from '@farmaponte/shared/messages-pay';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { type RefObject, useRef, useState } from 'react';
import { EMPTY_PROPOSAL, focusFirstError, ProposalFields } from '../../../components/proposal-fields';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { QueryLoadError } from '../../../components/ui/load-error';
import { MessageForm } from '../../../components/ui/message-form';
import { Spinner } from '../../../components/ui/spinner';
import { useOfferPay } from '../../../lib/api/offer-pay';
import { errorMessage, notify } from '../../../lib/notify';
import { checkCounter, type TProposalErrors } from '../../../lib/proposal-check';
import { useDecideNegotiation } from '../api/negotiation';
import { waitingStep } from './negotiation-history';

type TKind = 'accept' | 'counter' | 'decline';

function ActionButtons({
  buttons,
}: {
  buttons: { kind: TKind; label: string; aria?: string; onClick: (b: HTMLButtonElement) => void }[];
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
      {buttons.map((button) => (
        <Button
          key={button.kind}
          variant={button.kind === 'accept' ? 'primary' : 'secondary'}
          aria-haspopup="dialog"
          aria-label={button.aria}
          onClick={(event) => button.onClick(event.currentTarget)}
        >
          {button.label}
        </Button>
      ))}
    </div>
  );
}

/** The dialog's state, and the focus's way back: to the button on cancel, to the section's heading after a decision. */
function useDecisionDialog(headingRef: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<{ open: boolean; kind: TKind }>({ open: false, kind: 'accept' });
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return {
    state,
    returnFocusRef,
    open: (kind: TKind, button: HTMLButtonElement) => {
      returnFocusRef.current = button;
      setState({ open: true, kind });
    },
    close: () => setState((current) => ({ ...current, open: false })),
    done: () => {
      returnFocusRef.current = headingRef.current;
      setState((current) => ({ ...current, open: false }));
    },
  };
}

export function OwnerNegotiationActions({
  applicationId,
  applicant,
  negotiation,
  offer,
  headingRef,
}: {
  applicationId: number;
  applicant: string;
  negotiation: TNegotiation;
  /** The offer and her form: the offered hourly is the counter's lower end. */
  offer: { id: number; legalForm: TLegalForm };
  headingRef: RefObject<HTMLElement | null>;
}) {
  const waiting = waitingStep(negotiation);
  const dialog = useDecisionDialog(headingRef);
  const decide = useDecideNegotiation();
  const [reason, setReason] = useState('');
  if (waiting?.author !== 'farmacista') {
    return waiting ? <p className="mt-2 text-slate-700">{T.counterWaiting}</p> : null;
  }
  const send = async (body: { decision: TKind; hourly_pay?: number | null; travel_amount?: number | null; reason?: string }) => {
    const answer = await decide.mutateAsync({ side: 'owner', applicationId, ...body });
    notify.success(answer.message);
    setReason('');
    dialog.done();
  };
  const { kind } = dialog.state;
  const titles = { accept: T.acceptProposalTitle, counter: T.counterTitle, decline: T.declineTitle };
  return (
    <>
      <ActionButtons
        buttons={[
          { kind: 'accept', label: T.acceptProposal, onClick: (b) => dialog.open('accept', b) },
          { kind: 'counter', label: T.counterProposal, onClick: (b) => dialog.open('counter', b) },
          {
            kind: 'decline',
            label: T.declineProposal,
            aria: T.declineProposalLabel(applicant),
            onClick: (b) => dialog.open('decline', b),
          },
        ]}
      />
      <Dialog
        open={dialog.state.open}
        onOpenChange={(open) => (open ? undefined : dialog.close())}
        title={titles[kind](applicant)}
        description={T.proposalTerms(waiting.hourly_pay, waiting.travel_amount)}
        returnFocusRef={dialog.returnFocusRef}
        hasUnsavedChanges={() => kind === 'decline' && reason.trim() !== ''}
      >
        {kind === 'accept' ? (
          <ConfirmStep
            text={T.acceptProposalText}
            label={T.acceptProposal}
            onCancel={dialog.close}
            onConfirm={() => send({ decision: 'accept' })}
          />
        ) : kind === 'counter' ? (
          <CounterForm
            proposal={waiting}
            offer={offer}
            maxTravel={negotiation.max_travel}
            onCancel={dialog.close}
            onSend={(counter) => send({ decision: 'counter', ...counter })}
          />
        ) : (
          <MessageForm
            label={T.declineReason}
            required={{ missing: PAY_MESSAGES.declineNeedsReason }}
            hint={T.declineHint}
            maxLength={LIMITS.proposalReasonMaxLength}
            message={reason}
            onMessageChange={setReason}
            onConfirm={(text) => send({ decision: 'decline', reason: text })}
            pending={decide.isPending}
            cancelLabel={UI_TEXT.cancel}
            confirmLabel={T.declineSend}
            busyLabel={T.sending}
            confirmVariant="danger"
            onCancel={dialog.close}
          />
        )}
      </Dialog>
    </>
  );
}

export function CounterAnswerActions({
  applicationId,
  negotiation,
  headingRef,
}: {
  applicationId: number;
  negotiation: TNegotiation;
  headingRef: RefObject<HTMLElement | null>;
}) {
  const waiting = waitingStep(negotiation);
  const dialog = useDecisionDialog(headingRef);
  const decide = useDecideNegotiation();
  const [reason, setReason] = useState('');
  if (!waiting) return null;
  if (waiting.author === 'farmacista') return <p className="mt-2 text-slate-700">{T.myProposalWaiting}</p>;
  const send = async (decision: 'accept' | 'decline', text?: string) => {
    const answer = await decide.mutateAsync({ side: 'pharmacist', applicationId, decision, reason: text || undefined });
    notify.success(answer.message);
    setReason('');
    dialog.done();
  };
  const terms = T.proposalTerms(waiting.hourly_pay, waiting.travel_amount);
  return (
    <>
      <p className="mt-2 font-medium text-slate-900">{T.counterReceived}</p>
      <ActionButtons
        buttons={[
          { kind: 'accept', label: T.acceptCounter, aria: T.acceptCounterLabel, onClick: (b) => dialog.open('accept', b) },
          { kind: 'decline', label: T.declineCounter, aria: T.declineCounterLabel, onClick: (b) => dialog.open('decline', b) },
        ]}
      />
      <Dialog
        open={dialog.state.open}
        onOpenChange={(open) => (open ? undefined : dialog.close())}
        title={dialog.state.kind === 'accept' ? T.acceptCounterTitle : T.declineCounterTitle}
        description={terms}
        returnFocusRef={dialog.returnFocusRef}
        hasUnsavedChanges={() => dialog.state.kind === 'decline' && reason.trim() !== ''}
      >
        {dialog.state.kind === 'accept' ? (
          <ConfirmStep
            text={T.acceptCounterText(terms)}
            label={T.acceptCounter}
            onCancel={dialog.close}
            onConfirm={() => send('accept')}
          />
        ) : (
          <MessageForm
            label={T.declineCounterReason}
            hint={T.declineCounterHint}
            maxLength={LIMITS.proposalReasonMaxLength}
            message={reason}
            onMessageChange={setReason}
            onConfirm={(text) => send('decline', text)}
            pending={decide.isPending}
            cancelLabel={UI_TEXT.cancel}
            confirmLabel={T.declineCounter}
            busyLabel={T.sending}
            confirmVariant="danger"
            onCancel={dialog.close}
          />
        )}
      </Dialog>
    </>
  );
}

/** A decision without fields: what it means, then the button; a refusal is said here. */
function ConfirmStep({
  text,
  label,
  onConfirm,
  onCancel,
}: {
  text: string;
  label: string;
  onConfirm: () => Promise<unknown>;
  onCancel: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-base text-slate-800">{text}</p>
      <div role="alert">
        {error ? <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{error}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {UI_TEXT.cancel}
        </Button>
        <Button
          loading={busy}
          onClick={async () => {
            setBusy(true);
            setError(null);
            try {
              await onConfirm();
            } catch (failure) {
              setError(errorMessage(failure, MESSAGES.serverError));
            } finally {
              setBusy(false);
            }
          }}
        >
          {busy ? T.sending : label}
        </Button>
      </div>
    </div>
  );
}

function CounterForm({
  proposal,
  offer,
  maxTravel,
  onSend,
  onCancel,
}: {
  proposal: TProposal;
  offer: { id: number; legalForm: TLegalForm };
  maxTravel: number | null;
  onSend: (counter: { hourly_pay?: number | null; travel_amount?: number | null; reason?: string }) => Promise<unknown>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(EMPTY_PROPOSAL);
  const [errors, setErrors] = useState<TProposalErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const pay = useOfferPay(offer.id, offer.legalForm);
  const travelCap = proposal.travel_amount ?? maxTravel;
  if (pay.isPending) return <Spinner label={T.payLoading} />;
  if (pay.isError) return <QueryLoadError query={pay} message={T.payLoadFailed} />;
  const offered = pay.data.hourly;
  return (
    <form
      ref={formRef}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setFailure(null);
        const checked = checkCounter(values, { offered, proposed: proposal, max_travel: maxTravel });
        if (!checked.ok) {
          setErrors(checked.errors);
          requestAnimationFrame(() => focusFirstError(formRef.current));
          return;
        }
        setBusy(true);
        try {
          await onSend({
            hourly_pay: checked.value.hourly_pay,
            travel_amount: checked.value.travel_amount,
            reason: checked.value.reason,
          });
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
        showTravel={travelCap !== null}
        labels={{
          hourly: T.counterHourly,
          hourlyHint: offered !== null && proposal.hourly_pay !== null ? T.counterHourlyHint(offered, proposal.hourly_pay) : '',
          travel: T.counterTravel,
          travelHint: travelCap === null ? '' : T.counterTravelHint(travelCap),
          reason: T.counterReason,
        }}
      />
      <div role="alert">
        {failure ? <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{failure}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={onCancel}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {busy ? T.sending : T.counterSend}
        </Button>
      </div>
    </form>
  );
}
