/**
 * The account deletion confirmation (docs/product.md#profile). The dialog closes in every case; after a deletion the
 * session is cleared and the user lands on /login.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { ConfirmDialog } from '../../../components/ui/dialog';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { ApiError } from '../../../lib/api-client';
import { useLeaveToLogin } from '../../../lib/leave-to-login';
import { notify } from '../../../lib/notify';
import { useDeleteAccount } from '../api/delete-account';

/** The confirmation itself, loaded on first use (see delete-account-dialog.tsx). */
export default function DeleteAccountConfirm({ open, onOpenChange: setOpen, returnFocusRef }: TLazyDialogProps) {
  const deleteAccount = useDeleteAccount();
  const leave = useLeaveToLogin();

  async function confirm() {
    try {
      const { ok } = await deleteAccount.mutateAsync();
      if (!ok) {
        notify.error(MESSAGES.accountDeleteFailed, { duration: 'deletion' });
        return;
      }
      notify.success(MESSAGES.accountDeleted, { duration: 'deletion' });
      leave();
    } catch (error) {
      // The server answered with an error status, or the request never got an answer.
      const answered = error instanceof ApiError && error.status > 0;
      notify.error(answered ? MESSAGES.accountDeleteFailed : MESSAGES.genericError, { duration: 'deletion' });
    } finally {
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={ACCOUNT_TEXT.deleteTitle}
      description={ACCOUNT_TEXT.deleteText}
      confirmLabel={ACCOUNT_TEXT.deleteConfirm}
      busyLabel={UI_TEXT.deleteBusy}
      cancelLabel={UI_TEXT.cancel}
      busy={deleteAccount.isPending}
      onConfirm={confirm}
      returnFocusRef={returnFocusRef}
    />
  );
}
