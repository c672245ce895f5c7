/**
 * What an owner not verified yet reads on the dashboard and 'Le mie offerte' (decision 049): their offers wait for the
 * approval, or were not published because the admin rejected them, with the admin's reason.
 */
import type { TUserDetails } from '@farmaponte/shared';
import { OWNER_TEXT } from '@farmaponte/shared/ui-text-owner';

export function VerificationNotice({ user }: { user: Pick<TUserDetails, 'role' | 'verification' | 'verification_reason'> }) {
  if (user.role !== 'titolare') return null;
  if (user.verification === 'pending')
    return (
      <p role="note" className="rounded-2xl border border-amber-300 bg-amber-50 px-4 py-3 text-base font-medium text-amber-950">
        {OWNER_TEXT.verificationPendingNotice}
      </p>
    );
  if (user.verification === 'rejected')
    return (
      <div role="note" className="rounded-2xl border border-red-300 bg-red-50 px-4 py-3 text-base text-red-950">
        <p className="font-semibold">{OWNER_TEXT.verificationRejectedNotice}</p>
        {user.verification_reason ? (
          <p className="mt-1">{OWNER_TEXT.verificationRejectedReason(user.verification_reason)}</p>
        ) : null}
      </div>
    );
  return null;
}
