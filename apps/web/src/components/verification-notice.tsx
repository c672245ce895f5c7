/**
 * What an owner not verified yet reads on the dashboard and 'Le mie offerte' (decision 049): their offers wait for the
 * approval, or were not published because the admin rejected them, with the admin's reason; and what the admin still
 * needs, with the way to the profile's document upload: the document missing, uploaded and waiting, or to correct.
 */
import type { TUserDetails } from '@farmaponte/shared';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';
import { formatDateTime } from '../lib/dates';
import { profileSectionPath } from '../lib/paths';
import { TextLink } from './ui/text-link';

type TVerificationUser = Pick<
  TUserDetails,
  'role' | 'verification' | 'verification_reason' | 'verification_document_uploaded_at'
>;

export function VerificationNotice({ user }: { user: TVerificationUser }) {
  if (user.role !== 'titolare') return null;
  const uploaded = user.verification_document_uploaded_at;
  if (user.verification === 'pending')
    return (
      <div role="note" className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-base text-amber-950">
        <p className="font-medium">{OWNER_TEXT.verificationPendingNotice}</p>
        <p className="mt-1">
          {uploaded ? OWNER_TEXT.verificationDocumentWaiting(formatDateTime(uploaded)) : OWNER_TEXT.verificationDocumentMissing}
        </p>
        <DocumentLink label={uploaded ? OWNER_TEXT.verificationGoReplace : OWNER_TEXT.verificationGoUpload} />
      </div>
    );
  if (user.verification === 'rejected')
    return (
      <div role="note" className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-base text-red-950">
        <p className="font-semibold">{OWNER_TEXT.verificationRejectedNotice}</p>
        {user.verification_reason ? (
          <p className="mt-1">{OWNER_TEXT.verificationRejectedReason(user.verification_reason)}</p>
        ) : null}
        <p className="mt-1">{OWNER_TEXT.verificationRejectedNext}</p>
        <DocumentLink label={OWNER_TEXT.verificationGoFix} />
      </div>
    );
  return null;
}

/** To the profile's 'Documento per la verifica', right under the pharmacy's data. */
function DocumentLink({ label }: { label: string }) {
  return (
    <TextLink to={profileSectionPath('verificationDocument')} className="mt-1 inline-flex min-h-11 items-center gap-1">
      {label} <span aria-hidden="true">→</span>
    </TextLink>
  );
}
