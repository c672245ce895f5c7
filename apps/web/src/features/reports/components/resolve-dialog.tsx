/**
 * Resolving a report (decision 062): a note, required for a suspension (it is the reason mailed to the user). Hiding
 * the review a report names (decision 074) asks for the reason, required, and resolves the reports that name it.
 */
import type { TAdminReport, TReportAction, TReportReview } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { REVIEW_MESSAGES } from '@farmaponte/shared/review-messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { type RefObject, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { MessageForm } from '../../../components/ui/message-form';
import { notify } from '../../../lib/notify';
import { useHideReview } from '../api/hide-review';
import { useResolveReport } from '../api/resolve-report';

export type TResolving =
  | { report: TAdminReport; action: TReportAction }
  | { report: TAdminReport; action: 'hide_review'; review: TReportReview };

interface TResolveDialogProps {
  resolving: TResolving | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusRef: RefObject<HTMLElement | null>;
}

export function ResolveDialog({ resolving, open, onOpenChange, returnFocusRef }: TResolveDialogProps) {
  const [note, setNote] = useState('');
  const resolve = useResolveReport();
  const hide = useHideReview();
  const close = () => {
    onOpenChange(false);
    setNote('');
  };
  const action = resolving?.action ?? 'dismiss';
  const hiding = resolving?.action === 'hide_review';
  const required =
    action === 'suspend_user'
      ? { missing: MESSAGES.suspendReasonRequired }
      : hiding
        ? { missing: REVIEW_MESSAGES.hideReason }
        : undefined;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title={
        hiding ? ADMIN_TEXT.reportsActions.hide_review : `${ADMIN_TEXT.reportsResolveTitle}: ${ADMIN_TEXT.reportsActions[action]}`
      }
      description={
        action === 'suspend_user' ? ADMIN_TEXT.suspendIntro : hiding ? ADMIN_TEXT.reportsHideReviewIntro : ADMIN_TEXT.reportsIntro
      }
      returnFocusRef={returnFocusRef}
      hasUnsavedChanges={() => note.trim() !== ''}
    >
      {resolving ? (
        <MessageForm
          key={`${resolving.report.id}-${action}`}
          label={hiding ? ADMIN_TEXT.reportsHideReviewReason : ADMIN_TEXT.reportsResolveNote}
          required={required}
          maxLength={hiding ? LIMITS.reportDetailsMaxLength : LIMITS.suspensionReasonMaxLength}
          message={note}
          onMessageChange={setNote}
          onConfirm={async (text) => {
            const answer =
              resolving.action === 'hide_review'
                ? await hide.mutateAsync({ id: resolving.review.id, reason: text })
                : await resolve.mutateAsync({ id: resolving.report.id, action: resolving.action, note: text });
            notify.success(answer.message);
            close();
          }}
          pending={resolve.isPending || hide.isPending}
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
