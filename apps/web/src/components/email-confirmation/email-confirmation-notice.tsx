/**
 * What an unconfirmed user is told (decision 047): where the confirmation mail went, and 'Invia di nuovo'. On the dashboard
 * and the profile while the address waits, and where applying or publishing was refused for it.
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useId } from 'react';
import { useResendEmailConfirmation } from '../../lib/api/resend-email-confirmation';
import { ApiError } from '../../lib/api-client';
import { cn } from '../../lib/cn';
import { errorMessage, notify } from '../../lib/notify';
import { Button } from '../ui/button';

/** 'Invia di nuovo': busy while it asks, a toast with the answer (the 429's wait is in the server's words). */
export function ResendConfirmationButton({ className }: { className?: string }) {
  const resend = useResendEmailConfirmation();
  return (
    <Button
      variant="secondary"
      className={className}
      loading={resend.isPending}
      onClick={() =>
        resend.mutate(undefined, {
          onSuccess: (answer) => notify.success(answer.message),
          onError: (error) =>
            error instanceof ApiError && error.code === 'email_already_verified'
              ? notify.info(error.message)
              : notify.error(errorMessage(error, MESSAGES.genericError)),
        })
      }
    >
      {UI_TEXT.emailConfirmResend}
    </Button>
  );
}

interface TEmailConfirmationNoticeProps {
  /** The address the mail went to. */
  email: string;
  /** Why it is shown now: the refusal's message, announced at once (role alert). Without it, a quiet reminder. */
  because?: string;
  className?: string;
}

export function EmailConfirmationNotice({ email, because, className }: TEmailConfirmationNoticeProps) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('rounded-2xl border border-amber-300 bg-amber-50 p-5 text-slate-900 shadow-sm sm:p-6', className)}
    >
      <h2 id={titleId} className="text-lg font-semibold text-amber-950">
        {UI_TEXT.emailConfirmTitle}
      </h2>
      {because ? (
        <p role="alert" className="mt-2 text-base font-medium text-amber-950">
          {because}
        </p>
      ) : null}
      <p className="mt-2 break-words text-base text-slate-800">{UI_TEXT.emailConfirmSentTo(email)}</p>
      <p className="mt-1 text-sm text-slate-700">{UI_TEXT.emailConfirmSpamHint}</p>
      <ResendConfirmationButton className="mt-4 w-full sm:w-auto" />
    </section>
  );
}
