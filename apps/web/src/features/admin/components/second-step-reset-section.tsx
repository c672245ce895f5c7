/**
 * On a user's details, while their two-step login is on: 'Disattiva l'accesso in due passaggi', for someone who lost
 * both the phone and the recovery codes. The admin writes how the person was identified; it goes to the audit log.
 */
import type { TAdminUserDetails } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ADMIN_TEXT } from '@farmaponte/shared/ui-text-admin';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MessageForm } from '../../../components/ui/message-form';
import { notify } from '../../../lib/notify';
import { useResetSecondStep } from '../api/reset-second-step';

export function SecondStepResetSection({ user }: { user: TAdminUserDetails }) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reset = useResetSecondStep();
  if (!user.second_step_enabled) return null;
  return (
    <section className="rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-medium text-slate-900">{ADMIN_TEXT.secondStepOn}</p>
      {asking ? (
        <>
          <p className="my-3 text-sm text-slate-700">{ADMIN_TEXT.secondStepResetIntro}</p>
          <MessageForm
            label={ADMIN_TEXT.secondStepResetReason}
            required={{ missing: MESSAGES.secondStepResetReasonRequired }}
            maxLength={LIMITS.secondStepResetReasonMaxLength}
            message={reason}
            onMessageChange={setReason}
            onConfirm={async (text) => {
              const answer = await reset.mutateAsync({ userId: user.id, reason: text });
              notify.success(answer.message);
              setAsking(false);
              setReason('');
            }}
            pending={reset.isPending}
            cancelLabel={UI_TEXT.cancel}
            confirmLabel={ADMIN_TEXT.secondStepResetConfirm}
            busyLabel={ADMIN_TEXT.secondStepResetBusy}
            confirmVariant="danger"
            onCancel={() => setAsking(false)}
          />
        </>
      ) : (
        <Button variant="secondary" className="mt-3" aria-expanded={false} onClick={() => setAsking(true)}>
          {ADMIN_TEXT.secondStepResetButton}
        </Button>
      )}
    </section>
  );
}
