/**
 * The owner's decision on an application: 'Accetta' or 'Rifiuta' with an optional message for the pharmacist, or
 * 'Annulla accettazione' with a message required (the pharmacist has to know why). The server says what it refused.
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { RELIABILITY_MESSAGES } from '@farmaponte/shared/review-messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { DEAL_TEXT } from '@farmaponte/shared/ui-text-deal';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { type RefObject, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { MessageForm } from '../../../components/ui/message-form';
import { ApiError } from '../../../lib/api-client';
import { applicationLegalForm } from '../../../lib/legal-forms';
import { notify } from '../../../lib/notify';
import { useDecideApplication } from '../api/decide-application';
import { applicantName, type TDecisionKind } from './received-application-card';
import { ReclassificationCheck } from './reclassification-warning';

interface TDecisionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  application: TReceivedApplication | null;
  kind: TDecisionKind;
  returnFocusRef: RefObject<HTMLElement | null>;
}

const TITLES: Record<TDecisionKind, (name: string) => string> = {
  accept: OWNER_TEXT.applicationAcceptTitle,
  reject: OWNER_TEXT.applicationRejectTitle,
  cancel: OWNER_TEXT.applicationCancelTitle,
};
const CONFIRM_LABELS: Record<TDecisionKind, string> = {
  accept: OWNER_TEXT.applicationAccept,
  reject: OWNER_TEXT.applicationReject,
  cancel: OWNER_TEXT.applicationCancelAcceptance,
};
const DONE_MESSAGES: Record<TDecisionKind, string> = {
  accept: MESSAGES.applicationAccepted,
  reject: MESSAGES.applicationRejected,
  cancel: MESSAGES.applicationCancelled,
};

export function DecisionDialog({ open, onOpenChange, application, kind, returnFocusRef }: TDecisionDialogProps) {
  const [message, setMessage] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (!next) setMessage('');
      }}
      title={application ? TITLES[kind](applicantName(application)) : ''}
      description={application ? OWNER_TEXT.applicationDecisionOffer(application.offer.title) : undefined}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => message.trim() !== ''}
    >
      {application ? (
        <DecisionForm
          key={`${application.id}-${kind}`}
          application={application}
          kind={kind}
          message={message}
          onMessageChange={setMessage}
          onDone={() => {
            onOpenChange(false);
            setMessage('');
          }}
        />
      ) : null}
    </Dialog>
  );
}

function DecisionForm({
  application,
  kind,
  message,
  onMessageChange,
  onDone,
}: {
  application: TReceivedApplication;
  kind: TDecisionKind;
  message: string;
  onMessageChange: (message: string) => void;
  onDone: () => void;
}) {
  const decide = useDecideApplication();
  // A proposal on the pay still waits (409 proposal_pending, decision 094): said here with where to answer it.
  const [proposalPending, setProposalPending] = useState<string | null>(null);
  // Accepting a freelance application: the warning before the relationship looks like employment (decision 093).
  const freelance = kind === 'accept' && applicationLegalForm(application) === 'libera_professione';
  return (
    <>
      {freelance ? <ReclassificationCheck applicationId={application.id} /> : null}
      <div role="alert">
        {proposalPending ? (
          <div className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
            <p className="font-medium">{proposalPending}</p>
            <p className="mt-1">{DEAL_TEXT.pendingWhere}</p>
          </div>
        ) : null}
      </div>
      <MessageForm
        label={OWNER_TEXT.applicationDecisionMessage}
        required={kind === 'cancel' ? { missing: MESSAGES.applicationCancelNeedsMessage } : undefined}
        hint={
          kind === 'cancel'
            ? `${OWNER_TEXT.applicationDecisionMessageRequired} ${RELIABILITY_MESSAGES.policy}`
            : OWNER_TEXT.applicationDecisionMessageOptional
        }
        maxLength={LIMITS.decisionMessageMaxLength}
        message={message}
        onMessageChange={onMessageChange}
        onConfirm={async (text) => {
          setProposalPending(null);
          try {
            await decide.mutateAsync({
              id: application.id,
              decision: kind === 'accept' ? 'accepted' : 'rejected',
              message: text,
            });
          } catch (error) {
            if (error instanceof ApiError && error.code === 'proposal_pending') return setProposalPending(error.message);
            throw error;
          }
          notify.success(DONE_MESSAGES[kind]);
          onDone();
        }}
        pending={decide.isPending}
        cancelLabel={kind === 'cancel' ? OWNER_TEXT.applicationKeepAcceptance : UI_TEXT.cancel}
        confirmLabel={CONFIRM_LABELS[kind]}
        busyLabel={OWNER_TEXT.applicationDecisionBusy}
        confirmVariant={kind === 'accept' ? 'primary' : 'danger'}
        onCancel={onDone}
      />
    </>
  );
}
