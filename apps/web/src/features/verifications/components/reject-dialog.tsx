/** 'Rifiuta' asks the reason, required: the user reads it in the notification and the e-mail (decision 049). */
import type { TVerificationRow } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { type RefObject, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { MessageForm } from '../../../components/ui/message-form';
import { notify } from '../../../lib/notify';
import { useDecideVerification } from '../api/decide-verification';

interface TRejectDialogProps {
  request: TVerificationRow | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function RejectDialog({ request, open, onOpenChange, returnFocusRef }: TRejectDialogProps) {
  const [reason, setReason] = useState('');
  const close = () => {
    onOpenChange(false);
    setReason('');
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={request ? OWNER_TEXT.verificationRejectTitle(request.email) : ''}
      description={OWNER_TEXT.verificationRejectIntro}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => reason.trim() !== ''}
    >
      {request ? (
        <RejectForm key={request.user_id} request={request} reason={reason} onReasonChange={setReason} onDone={close} />
      ) : null}
    </Dialog>
  );
}

function RejectForm({
  request,
  reason,
  onReasonChange,
  onDone,
}: {
  request: TVerificationRow;
  reason: string;
  onReasonChange: (reason: string) => void;
  onDone: () => void;
}) {
  const decide = useDecideVerification();
  return (
    <MessageForm
      label={OWNER_TEXT.verificationRejectReason}
      required={{ missing: MESSAGES.verificationReasonRequired }}
      maxLength={LIMITS.verificationReasonMaxLength}
      message={reason}
      onMessageChange={onReasonChange}
      onConfirm={async (text) => {
        const answer = await decide.mutateAsync({ userId: request.user_id, decision: 'rejected', reason: text });
        notify.success(answer.message);
        onDone();
      }}
      pending={decide.isPending}
      cancelLabel={UI_TEXT.cancel}
      confirmLabel={OWNER_TEXT.verificationReject}
      busyLabel={OWNER_TEXT.verificationRejectBusy}
      confirmVariant="danger"
      onCancel={onDone}
    />
  );
}
