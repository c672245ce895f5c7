/**
 * /profile (docs/product.md#profile): 'Profilo Personale' with the form, 'Aggiorna Profilo' and 'Elimina Account'; the app plugs in the
 * pharmacist's CV, the owner's verification document and the e-mail preferences of the notifications feature between
 * them, followed by 'Esci da tutti i dispositivi'.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { ACCOUNT_TEXT } from '@farmaponte/shared/ui-text-account';
import type { ReactNode } from 'react';
import { EmailConfirmationNotice } from '../../../components/email-confirmation/email-confirmation-notice';
import { PageLoadError } from '../../../components/ui/load-error';
import { PageSpinner } from '../../../components/ui/spinner';
import { TextLink } from '../../../components/ui/text-link';
import { useUserDetails } from '../../../lib/api/get-user-details';
import { cn } from '../../../lib/cn';
import { pageTitle } from '../../../lib/page-title';
import { PATHS } from '../../../lib/paths';
import { CvViewsSection } from '../components/cv-views-section';
import { DataExportSection } from '../components/data-export-section';
import { DeleteAccountDialog } from '../components/delete-account-dialog';
import { EndAllSessionsDialog } from '../components/end-all-sessions-dialog';
import { ProfileForm } from '../components/profile-form';
import { SecondStepSection } from '../components/second-step-section';

export function ProfilePage({
  emailPreferences,
  cv,
  verificationDocument,
  calendarFeed,
}: {
  emailPreferences?: ReactNode;
  /** A pharmacist's CV and 'Aggiorna CV' with the CV dialog. */
  cv?: ReactNode;
  /** An owner's document for the admin, while not verified (decision 049). */
  verificationDocument?: ReactNode;
  /** A pharmacist's 'Calendario dei turni' (decision 075). */
  calendarFeed?: ReactNode;
}) {
  const details = useUserDetails();

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <title>{pageTitle(ACCOUNT_TEXT.profileTitle)}</title>
      <TextLink to={PATHS.home} className="inline-flex min-h-11 items-center gap-1 text-base">
        <span aria-hidden="true">←</span> {UI_TEXT.backHome}
      </TextLink>
      <h1 id="profile-title" className="mt-2 text-2xl font-bold text-slate-900 sm:text-3xl">
        {ACCOUNT_TEXT.profileTitle}
      </h1>
      {details.data ? (
        <>
          <p className="mt-2 text-sm text-slate-600">{UI_TEXT.requiredLegend}</p>
          {details.data.email_verified ? null : <EmailConfirmationNotice email={details.data.username} className="mt-6" />}
          <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
            <ProfileForm key={details.data.id} details={details.data} />
          </section>
          {details.data.role === 'farmacista' ? cv : null}
          {details.data.role === 'farmacista' ? <CvViewsSection /> : null}
          {details.data.role === 'farmacista' ? calendarFeed : null}
          {verificationDocument}
          {emailPreferences}
          <SecondStepSection />
          <DataExportSection role={details.data.role} />
          <ActionSection
            id="end-sessions-title"
            title={ACCOUNT_TEXT.logoutEverywhereSectionTitle}
            text={ACCOUNT_TEXT.logoutEverywhereSectionText}
            className="border-slate-200"
          >
            <EndAllSessionsDialog />
          </ActionSection>
          <ActionSection
            id="delete-account-title"
            title={ACCOUNT_TEXT.deleteSectionTitle}
            text={ACCOUNT_TEXT.deleteSectionText}
            className="border-red-200"
          >
            <DeleteAccountDialog />
          </ActionSection>
        </>
      ) : details.isError ? (
        // Profile load failure: said in the page, with a retry, not in a browser alert (decision 017).
        <PageLoadError query={details} className="mt-6" />
      ) : (
        <PageSpinner />
      )}
    </div>
  );
}

/** A titled section with one action beside its explanation (logout everywhere, account deletion). */
function ActionSection({
  id,
  title,
  text,
  className,
  children,
}: {
  id: string;
  title: string;
  text: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn(
        'mt-8 flex flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-8',
        className,
      )}
    >
      <div>
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{text}</p>
      </div>
      {children}
    </section>
  );
}
