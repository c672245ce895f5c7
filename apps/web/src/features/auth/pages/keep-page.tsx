/**
 * /conserva?token=… (decision 068): the link of a retention warning, opened without a login. It shows what would be
 * erased and when (a GET, which changes nothing: mail scanners open links), and keeps it only when the button is
 * pressed (the POST). A used or unknown link says so, with the way to the login.
 */
import { formatDate } from '@farmaponte/shared/dates';
import { MESSAGES } from '@farmaponte/shared/messages';
import { PRIVACY_TEXT } from '@farmaponte/shared/ui-text-privacy';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadError } from '../../../components/ui/load-error';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useKeepFromRetention, useRetentionNotice } from '../api/keep-from-retention';
import { AuthCard } from '../components/auth-card';

/** The Italian day of an instant, dd/mm/yyyy. */
const italianDay = (iso: string) => formatDate(new Date(iso).toLocaleDateString('sv-SE', { timeZone: 'Europe/Rome' }));

export function KeepPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const notice = useRetentionNotice(token);
  const keep = useKeepFromRetention();

  if (keep.isSuccess)
    return (
      <KeepCard title={PRIVACY_TEXT.keepDoneTitle}>
        <p role="status" className="text-base text-emerald-900">
          {keep.data.message}
        </p>
        <ButtonLink to={PATHS.login} size="lg">
          {PRIVACY_TEXT.keepToLogin}
        </ButtonLink>
      </KeepCard>
    );

  const refused = (error: Error | null) => !token || (error instanceof ApiError && [400, 404].includes(error.status));
  if (!token || (notice.isError && refused(notice.error)) || (keep.isError && refused(keep.error)))
    return (
      <KeepCard title={PRIVACY_TEXT.keepTitle}>
        <p role="alert" className="text-base text-red-800">
          {MESSAGES.retentionLinkInvalid}
        </p>
        <ButtonLink to={PATHS.login} size="lg">
          {PRIVACY_TEXT.keepToLogin}
        </ButtonLink>
      </KeepCard>
    );

  return (
    <KeepCard title={PRIVACY_TEXT.keepTitle}>
      {notice.isError ? (
        <LoadError message={errorMessage(notice.error, MESSAGES.loadFailed)} onRetry={() => void notice.refetch()} />
      ) : notice.data ? (
        <>
          <p className="text-base text-slate-800">
            {notice.data.kind === 'account'
              ? PRIVACY_TEXT.keepAccountWhat(italianDay(notice.data.erases_at))
              : PRIVACY_TEXT.keepCvWhat(italianDay(notice.data.erases_at))}
          </p>
          {keep.isError ? (
            <p role="alert" className="text-base text-red-800">
              {errorMessage(keep.error, MESSAGES.loadFailed)}
            </p>
          ) : null}
          <Button size="lg" loading={keep.isPending} onClick={() => keep.mutate({ token })}>
            {notice.data.kind === 'account' ? PRIVACY_TEXT.keepAccountButton : PRIVACY_TEXT.keepCvButton}
          </Button>
        </>
      ) : (
        <div className="flex items-center gap-3 text-base text-slate-700">
          <Spinner label={PRIVACY_TEXT.keepChecking} />
          <span aria-hidden="true">{PRIVACY_TEXT.keepChecking}</span>
        </div>
      )}
    </KeepCard>
  );
}

/** The card of the pages without header and footer, with the way to the privacy page's periods below. */
function KeepCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AuthCard
      title={title}
      below={
        <Link
          to={`${PATHS.privacy}#conservazione`}
          className="rounded text-emerald-800 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-emerald-700"
        >
          {PRIVACY_TEXT.keepToPrivacy}
        </Link>
      }
    >
      <title>{pageTitle(title)}</title>
      <div className="flex flex-col gap-5">{children}</div>
    </AuthCard>
  );
}
