/**
 * What each side answers in a negotiation (decision 094). The owner, on her waiting proposal: 'Accetta proposta',
 * 'Controproposta' (hourly between the offered figure and hers, travel at most hers, a reason) or 'Rifiuta' (a
 * reason); she, on the owner's counter: 'Accetta' or 'Rifiuta' (a reason if she likes). Each in a dialog; the
 * checks are the server's (lib/proposal-check.ts); a refusal is said in the dialog, the result in a toast.
 */
import type { TNegotiation, TProposal } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { LIMITS } from '@farmaponte/shared/limits';
import { PAY_MESSAGES } from '@farmaponte/shared/messages-pay';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT as T } from '@farmaponte/shared/ui-text-deal';
import { type RefObject, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { MessageForm } from '../../../components/ui/message-form';
import { notify } from '../../../lib/notify';
import { useDecideNegotiation } from '../api/negotiation';
import { ConfirmStep, CounterForm } from './negotiation-forms';
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

/**
 * The dialog's state and the step it is about (kept once decided, so the dialog closes in place while the buttons
 * go), and the focus's way back: to the button on cancel, to the section's heading after a decision.
 */
function useDecisionDialog(headingRef: RefObject<HTMLElement | null>) {
  const [state, setState] = useState<{ open: boolean; kind: TKind; step: TProposal | null }>({
    open: false,
    kind: 'accept',
    step: null,
  });
  const returnFocusRef = useRef<HTMLElement | null>(null);
  return {
    state,
    returnFocusRef,
    open: (kind: TKind, step: TProposal, button: HTMLButtonElement) => {
      returnFocusRef.current = button;
      setState({ open: true, kind, step });
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
  const send = async (body: { decision: TKind; hourly_pay?: number | null; travel_amount?: number | null; reason?: string }) => {
    const answer = await decide.mutateAsync({ side: 'owner', applicationId, ...body });
    notify.success(answer.message);
    setReason('');
    dialog.done();
  };
  const { kind, step } = dialog.state;
  const titles = { accept: T.acceptProposalTitle, counter: T.counterTitle, decline: T.declineTitle };
  return (
    <>
      {waiting?.author === 'farmacista' ? (
        <ActionButtons
          buttons={[
            { kind: 'accept', label: T.acceptProposal, onClick: (b) => dialog.open('accept', waiting, b) },
            { kind: 'counter', label: T.counterProposal, onClick: (b) => dialog.open('counter', waiting, b) },
            {
              kind: 'decline',
              label: T.declineProposal,
              aria: T.declineProposalLabel(applicant),
              onClick: (b) => dialog.open('decline', waiting, b),
            },
          ]}
        />
      ) : waiting ? (
        <p className="mt-2 text-slate-700">{T.counterWaiting}</p>
      ) : null}
      {step ? (
        <Dialog
          open={dialog.state.open}
          onOpenChange={(open) => (open ? undefined : dialog.close())}
          title={titles[kind](applicant)}
          description={T.proposalTerms(step.hourly_pay, step.travel_amount)}
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
              proposal={step}
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
      ) : null}
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
  const send = async (decision: 'accept' | 'decline', text?: string) => {
    const answer = await decide.mutateAsync({ side: 'pharmacist', applicationId, decision, reason: text || undefined });
    notify.success(answer.message);
    setReason('');
    dialog.done();
  };
  const { step } = dialog.state;
  const terms = step ? T.proposalTerms(step.hourly_pay, step.travel_amount) : '';
  return (
    <>
      {waiting?.author === 'titolare' ? (
        <>
          <p className="mt-2 font-medium text-slate-900">{T.counterReceived}</p>
          <ActionButtons
            buttons={[
              {
                kind: 'accept',
                label: T.acceptCounter,
                aria: T.acceptCounterLabel,
                onClick: (b) => dialog.open('accept', waiting, b),
              },
              {
                kind: 'decline',
                label: T.declineCounter,
                aria: T.declineCounterLabel,
                onClick: (b) => dialog.open('decline', waiting, b),
              },
            ]}
          />
        </>
      ) : waiting ? (
        <p className="mt-2 text-slate-700">{T.myProposalWaiting}</p>
      ) : null}
      {step ? (
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
      ) : null}
    </>
  );
}
