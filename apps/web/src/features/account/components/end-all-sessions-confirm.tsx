/**
 * The "logout everywhere" confirmation. Once the server has ended every session, this browser forgets its tokens and
 * goes to /login with a message saying the other devices are logged out too; they meet /login on their next request.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import { ConfirmDialog } from '../../../components/ui/dialog';
import type { TLazyDialogProps } from '../../../components/ui/lazy-dialog-button';
import { ApiError } from '../../../lib/api-client';
import { useLeaveToLogin } from '../../../lib/leave-to-login';
import { notify } from '../../../lib/notify';
import { useEndAllSessions } from '../api/end-all-sessions';

/** The confirmation itself, loaded on first use (see end-all-sessions-dialog.tsx). */
export default function EndAllSessionsConfirm({ open, onOpenChange: setOpen, returnFocusRef }: TLazyDialogProps) {
  const endAllSessions = useEndAllSessions();
  const leave = useLeaveToLogin();

  async function confirm() {
    try {
      await endAllSessions.mutateAsync();
      notify.success(MESSAGES.loggedOutEverywhere);
      leave();
    } catch (error) {
      // A 401: this session had already ended (from another device), so there is nothing left to end here either.
      if (error instanceof ApiError && error.status === 401) {
        notify.info(MESSAGES.sessionExpired);
        leave();
      } else notify.error(MESSAGES.logoutEverywhereFailed);
    } finally {
      setOpen(false);
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={ACCOUNT_TEXT.logoutEverywhereTitle}
      description={ACCOUNT_TEXT.logoutEverywhereText}
      confirmLabel={ACCOUNT_TEXT.logoutEverywhereConfirm}
      busyLabel={ACCOUNT_TEXT.logoutEverywhereBusy}
      cancelLabel={UI_TEXT.cancel}
      busy={endAllSessions.isPending}
      onConfirm={confirm}
      returnFocusRef={returnFocusRef}
    />
  );
}
