/** 'Rifiuta' asks the reason, required: the user reads it in the notification and the e-mail (decision 049). */
import type { TVerificationRow } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type RefObject, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/field';
import { errorMessage, notify } from '../../../lib/notify';
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
      title={request ? UI_TEXT.verificationRejectTitle(request.email) : ''}
      description={UI_TEXT.verificationRejectIntro}
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
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (!reason.trim()) {
          setError(MESSAGES.verificationReasonRequired);
          return;
        }
        decide.mutate(
          { userId: request.user_id, decision: 'rejected', reason: reason.trim() },
          {
            onSuccess: (answer) => {
              notify.success(answer.message);
              onDone();
            },
            onError: (failure) => {
              const text = errorMessage(failure, MESSAGES.loadFailed);
              setError(text);
              notify.error(text);
            },
          },
        );
      }}
    >
      <TextareaField
        label={UI_TEXT.verificationRejectReason}
        required
        rows={4}
        maxLength={LIMITS.verificationReasonMaxLength}
        value={reason}
        onChange={(event) => {
          onReasonChange(event.target.value);
          if (error) setError(undefined);
        }}
        hint={UI_TEXT.charactersCount(reason.length, LIMITS.verificationReasonMaxLength)}
        error={error}
        className="[&_textarea]:min-h-28"
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={decide.isPending} onClick={onDone}>
          {UI_TEXT.cancel}
        </Button>
        <Button type="submit" variant="danger" loading={decide.isPending}>
          {decide.isPending ? UI_TEXT.verificationRejectBusy : UI_TEXT.verificationReject}
        </Button>
      </div>
    </form>
  );
}
