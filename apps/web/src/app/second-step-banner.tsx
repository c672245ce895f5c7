/**
 * The admin's reminder of the two-step login (decision 063): a banner under the header while it is off, linking to the
 * profile's section. With REQUIRE_ADMIN_2FA the server refuses the admin's routes until it is on, so the app sends the
 * admin to that section from any other page.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Navigate, useLocation } from 'react-router';
import { TextLink } from '../components/ui/text-link';
import { useSecondStep } from '../lib/api/get-second-step';
import { useUserDetails } from '../lib/api/get-user-details';
import { PATHS } from '../lib/paths';
import { useLoggedIn } from '../lib/use-logged-in';

const SECTION = `${PATHS.profile}#accesso-due-passaggi`;

export function SecondStepBanner() {
  const loggedIn = useLoggedIn();
  const admin = useUserDetails({ enabled: loggedIn }).data?.role === 'admin';
  const status = useSecondStep({ enabled: loggedIn && admin }).data;
  const { pathname } = useLocation();
  if (!loggedIn || !admin || !status || status.enabled) return null;
  const onProfile = pathname.replace(/\/+$/, '') === PATHS.profile;
  if (status.required && !onProfile) return <Navigate to={SECTION} replace />;
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm text-amber-900">
        <span>{status.required ? UI_TEXT.adminSecondStepRequired : UI_TEXT.adminSecondStepBanner}</span>
        {onProfile ? null : (
          <TextLink to={SECTION} className="font-semibold">
            {UI_TEXT.adminSecondStepLink}
          </TextLink>
        )}
      </p>
    </div>
  );
}
