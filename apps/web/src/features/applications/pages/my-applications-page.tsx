/**
 * /mie_candidature: the pharmacist's sent applications, newest first, each with its status, its history and the
 * owner's message, and 'Ritira candidatura' (after a confirmation) while it is not rejected or withdrawn. Above them,
 * what the app plugs in: the invitations the pharmacist received.
 */
import type { TSentApplication } from '@farmaponte/shared';
import { INVITATION_TEXT } from '@farmaponte/shared/invitation-text';
import { LIMITS } from '@farmaponte/shared/limits';
import { MESSAGES } from '@farmaponte/shared/messages';
import { RELIABILITY_MESSAGES } from '@farmaponte/shared/review-messages';
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { type ReactNode, useRef, useState } from 'react';
import { ButtonLink } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/dialog';
import { TextareaField } from '../../../components/ui/field';
import { QueryLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useMyApplications } from '../../../lib/api/get-my-applications';
import { errorMessage, notify } from '../../../lib/notify';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { useWithdrawApplication } from '../api/withdraw-application';
import { SentApplicationCard } from '../components/sent-application-card';

interface TMyApplicationsPageProps {
  /** The pharmacist's invitations, above the applications (the invitations feature, decision 071). */
  invitations?: ReactNode;
  /** 'Messaggi' of each application (the messages feature, plugged in by the app: decision 072). */
  messages?: (application: TSentApplication) => ReactNode;
}

export function MyApplicationsPage({ invitations, messages }: TMyApplicationsPageProps) {
  const applications = useMyApplications();
  const withdraw = useWithdrawApplication();
  const returnFocusRef = useRef<HTMLElement | null>(null);
  // The application stays set while the question closes, so its text does not blank out mid-animation.
  const [withdrawing, setWithdrawing] = useState<{ open: boolean; application: TSentApplication | null }>({
    open: false,
    application: null,
  });

  const [reason, setReason] = useState('');
  const accepted = withdrawing.application?.status === 'accepted';

  async function confirmWithdraw() {
    if (!withdrawing.application) return;
    try {
      await withdraw.mutateAsync({ id: withdrawing.application.id, reason: reason.trim() });
      setReason('');
      notify.success(MESSAGES.applicationWithdrawn);
    } catch (error) {
      notify.error(errorMessage(error, MESSAGES.loadFailed));
    } finally {
      setWithdrawing((state) => ({ ...state, open: false }));
    }
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:py-10">
      <title>{pageTitle(UI_TEXT.myApplications)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">{UI_TEXT.myApplications}</h1>
      <p className="mt-2 text-base text-slate-700">{UI_TEXT.myApplicationsIntro}</p>
      {invitations}
      {invitations ? <h2 className="mt-8 text-xl font-bold text-slate-900">{INVITATION_TEXT.sentApplicationsTitle}</h2> : null}
      {applications.data ? (
        applications.data.length ? (
          <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 md:gap-6">
            {applications.data.map((application) => (
              <li key={application.id}>
                <SentApplicationCard
                  application={application}
                  messages={messages?.(application)}
                  onWithdraw={(selected, button) => {
                    returnFocusRef.current = button;
                    setWithdrawing({ open: true, application: selected });
                  }}
                />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
            <p className="text-base text-slate-700">{UI_TEXT.myApplicationsEmpty}</p>
            <ButtonLink to={PATHS.searchOffers}>{UI_TEXT.searchOffers}</ButtonLink>
          </div>
        )
      ) : applications.isError ? (
        <QueryLoadError query={applications} className="mt-6 text-base" />
      ) : (
        <PageSpinner />
      )}
      <ConfirmDialog
        open={withdrawing.open}
        onOpenChange={(open) => setWithdrawing((state) => ({ ...state, open }))}
        title={UI_TEXT.applicationWithdrawTitle}
        description={UI_TEXT.applicationWithdrawQuestion(withdrawing.application?.offer.title ?? '')}
        confirmLabel={UI_TEXT.applicationWithdraw}
        busyLabel={UI_TEXT.applicationWithdrawBusy}
        cancelLabel={UI_TEXT.applicationWithdrawKeep}
        busy={withdraw.isPending}
        onConfirm={confirmWithdraw}
        returnFocusRef={returnFocusRef}
      >
        {accepted ? (
          <div className="mt-4 flex flex-col gap-3">
            <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-950">{RELIABILITY_MESSAGES.policy}</p>
            <TextareaField
              label={UI_TEXT.applicationWithdrawReason}
              value={reason}
              maxLength={LIMITS.cancellationReasonMaxLength}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
