/**
 * 'Sospendi' / 'Riattiva' on a user's details (decision 062): the suspension asks its reason here (the user receives
 * it by e-mail); the state and reason of a suspended account are shown above the buttons.
 */
import type { TAdminUserDetails } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageForm } from '../../../components/ui/message-form';
import { errorMessage, notify } from '../../../lib/notify';
import { useReinstateUser, useSuspendUser } from '../api/suspend-user';
import { formatDayInItaly } from '../lib/format';

export function SuspensionSection({ user }: { user: TAdminUserDetails }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const suspend = useSuspendUser();
  const reinstate = useReinstateUser();
  if (user.role === 'admin') return null;
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      {user.suspended_at ? (
        <>
          <p role="status" className="text-sm font-medium text-red-900">
            {ADMIN_TEXT.suspendedSince(formatDayInItaly(user.suspended_at), user.suspended_reason ?? '')}
          </p>
          <Button
            variant="secondary"
            className="mt-3"
            loading={reinstate.isPending}
            onClick={() =>
              reinstate.mutateAsync({ userId: user.id }).then(
                (answer) => notify.success(answer.message),
                (error: unknown) => notify.error(errorMessage(error, MESSAGES.loadFailed)),
              )
            }
          >
            {ADMIN_TEXT.reinstateButton}
          </Button>
        </>
      ) : asking ? (
        <>
          <p className="mb-3 text-sm text-slate-700">{ADMIN_TEXT.suspendIntro}</p>
          <MessageForm
            label={ADMIN_TEXT.suspendReason}
            required={{ missing: MESSAGES.suspendReasonRequired }}
            maxLength={LIMITS.suspensionReasonMaxLength}
            message={reason}
            onMessageChange={setReason}
            onConfirm={async (text) => {
              const answer = await suspend.mutateAsync({ userId: user.id, reason: text });
              notify.success(answer.message);
              setAsking(false);
              setReason('');
            }}
            pending={suspend.isPending}
            cancelLabel={UI_TEXT.cancel}
            confirmLabel={ADMIN_TEXT.suspendButton}
            busyLabel={ADMIN_TEXT.suspendBusy}
            confirmVariant="danger"
            onCancel={() => setAsking(false)}
          />
        </>
      ) : (
        <Button variant="danger" aria-expanded={false} onClick={() => setAsking(true)}>
          {ADMIN_TEXT.suspendButton}
        </Button>
      )}
    </section>
  );
}
