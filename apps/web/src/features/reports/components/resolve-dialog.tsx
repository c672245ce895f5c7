/** Resolving a report (decision 062): a note, required for a suspension (it is the reason mailed to the user). */
import type { TAdminReport, TReportAction } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { type RefObject, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { MessageForm } from '../../../components/ui/message-form';
import { notify } from '../../../lib/notify';
import { useResolveReport } from '../api/resolve-report';

export interface TResolving {
  report: TAdminReport;
  action: TReportAction;
}

interface TResolveDialogProps {
  resolving: TResolving | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function ResolveDialog({ resolving, open, onOpenChange, returnFocusRef }: TResolveDialogProps) {
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const close = () => {
    onOpenChange(false);
    setNote('');
  };
  const action = resolving?.action ?? 'dismiss';
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={`${ADMIN_TEXT.reportsResolveTitle}: ${ADMIN_TEXT.reportsActions[action]}`}
      description={action === 'suspend_user' ? ADMIN_TEXT.suspendIntro : ADMIN_TEXT.reportsIntro}
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => note.trim() !== ''}
    >
      {resolving ? (
        <MessageForm
          key={`${resolving.report.id}-${action}`}
          label={ADMIN_TEXT.reportsResolveNote}
          required={action === 'suspend_user' ? { missing: MESSAGES.suspendReasonRequired } : undefined}
          maxLength={LIMITS.suspensionReasonMaxLength}
          message={note}
          onMessageChange={setNote}
          onConfirm={async (text) => {
            const answer = await resolve.mutateAsync({ id: resolving.report.id, action, note: text });
            notify.success(answer.message);
            close();
          }}
          pending={resolve.isPending}
          cancelLabel={UI_TEXT.cancel}
          confirmLabel={ADMIN_TEXT.reportsActions[action]}
          busyLabel={ADMIN_TEXT.reportsResolving}
          confirmVariant={action === 'dismiss' ? 'primary' : 'danger'}
          onCancel={close}
        />
      ) : null}
    </Dialog>
  );
}
