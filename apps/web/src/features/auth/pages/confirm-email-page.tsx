/**
 * /conferma-email/:token (decision 047): the link of the confirmation mail. It sends the token at once, with or without a
 * session (the mail may be opened on another device), then says how it went and the way on: the user's page or the
 * login; after a used, replaced or expired link, 'Invia di nuovo' (logged in), or the login and the password reset (whose
 * link confirms the address too, decision 054).
 */
import { MESSAGES } from '@farmaponte/shared/messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { ResendConfirmationButton } from '../../../components/email-confirmation/email-confirmation-notice';
import { Button, ButtonLink } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useLoggedIn } from '../../../lib/use-logged-in';
import { useVerifyEmail } from '../api/verify-email';
import { AuthCard } from '../components/auth-card';

export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const verify = useVerifyEmail();
  const loggedIn = useLoggedIn();
  const sent = useRef('');
  const { mutate } = verify;
  useEffect(() => {
    // Once per token: a second use would only answer that the link is used.
    if (sent.current === token) return;
    sent.current = token;
    mutate({ token });
  }, [token, mutate]);

  const title = verify.isSuccess
    ? UI_TEXT.confirmEmailDoneTitle
    : verify.isError
      ? UI_TEXT.confirmEmailFailedTitle
      : UI_TEXT.confirmEmailTitle;

  return (
    <AuthCard title={title}>
      <title>{pageTitle(UI_TEXT.confirmEmailTitle)}</title>
      {verify.isSuccess ? (
        <div className="flex flex-col gap-5">
          <p role="status" className="text-base text-emerald-900">
            {verify.data.message}
          </p>
          <ButtonLink to={loggedIn ? PATHS.home : PATHS.login} size="lg">
            {loggedIn ? UI_TEXT.confirmEmailToHome : UI_TEXT.confirmEmailToLogin}
          </ButtonLink>
        </div>
      ) : verify.isError ? (
        <LinkRefused error={verify.error} loggedIn={loggedIn} onRetry={() => mutate({ token })} />
      ) : (
        <div className="flex items-center gap-3 text-base text-slate-700">
          <Spinner label={UI_TEXT.confirmEmailChecking} />
          <span aria-hidden="true">{UI_TEXT.confirmEmailChecking}</span>
        </div>
      )}
    </AuthCard>
  );
}

function LoginToResend() {
  return (
    <>
      <p className="text-base text-slate-800">{UI_TEXT.confirmEmailLoginToResend}</p>
      <ButtonLink to={PATHS.login} size="lg">
        {UI_TEXT.confirmEmailToLogin}
      </ButtonLink>
      <ButtonLink to={PATHS.forgotPassword} variant="secondary" size="lg">
        {UI_TEXT.confirmEmailToForgot}
      </ButtonLink>
    </>
  );
}

/** The link did not work: why, and the way to a new one. No answer at all (offline, server away): try again. */
function LinkRefused({ error, loggedIn, onRetry }: { error: Error; loggedIn: boolean; onRetry: () => void }) {
  const refused = error instanceof ApiError && error.status === 400;
  const details = useUserDetails({ enabled: loggedIn && refused });
  return (
    <div className="flex flex-col gap-5">
      <p role="alert" className="text-base text-red-800">
        {errorMessage(error, MESSAGES.loadFailed)}
      </p>
      {!refused ? (
        <Button size="lg" onClick={onRetry}>
          {UI_TEXT.retry}
        </Button>
      ) : !loggedIn ? (
        <LoginToResend />
      ) : details.data?.email_verified ? (
        <>
          <p className="text-base text-slate-800">{UI_TEXT.confirmEmailAlreadyDone}</p>
          <ButtonLink to={PATHS.home} size="lg">
            {UI_TEXT.confirmEmailToHome}
          </ButtonLink>
        </>
      ) : details.data ? (
        <>
          <p className="break-words text-base text-slate-800">{UI_TEXT.emailConfirmSentTo(details.data.username)}</p>
          <ResendConfirmationButton className="w-full" />
        </>
      ) : details.isError ? (
        <LoginToResend />
      ) : (
        <Spinner />
      )}
    </div>
  );
}
