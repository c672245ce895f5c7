/**
 * Access guard (docs/product.md#frame): loading → spinner; no session, a failed refresh or a failed role fetch → /login, carrying
 * the page in ?next= so the login returns there (the home page shows the welcome screen instead); a role that is not
 * allowed → /unauthorized; otherwise the page (for an owner-side person with the whole group chosen, a page for one
 * pharmacy asks to choose one first).
 */
import type { TRole } from '@farmaponte/shared';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { useUserDetails } from '../lib/api/get-user-details';
import { useCurrentPharmacy, WHOLE_GROUP } from '../lib/current-pharmacy';
import { PATHS } from '../lib/paths';
import { loginPathFor } from '../lib/return-to';
import { hasSession } from '../lib/storage';
import { useRenderOnSessionEnded } from '../lib/use-session-ended';

export type TGuardState = 'loading' | 'unauthenticated' | 'unauthorized' | 'authorized';

/** `allowed` is the role (or roles) a page requires; without it any logged-in user may enter. */
export function useGuardState(allowed?: TRole | readonly TRole[]): TGuardState {
  // A session ended on another device is noticed by the page's next request (its refresh is refused, the tokens dropped).
  useRenderOnSessionEnded();
  const loggedIn = hasSession();
  const details = useUserDetails({ enabled: loggedIn });
  if (!loggedIn) return 'unauthenticated';
  // Data from an earlier fetch keeps the page up during a failed background refresh, unless the session is gone.
  if (details.data && hasSession()) {
    if (!allowed) return 'authorized';
    const roles: readonly TRole[] = typeof allowed === 'string' ? [allowed] : allowed;
    return roles.includes(details.data.role) ? 'authorized' : 'unauthorized';
  }
  // A failed fetch being retried (e.g. on coming back after a network error) is still loading.
  if ((details.isError && !details.isFetching) || !hasSession()) return 'unauthenticated';
  return 'loading';
}

export function RouteGuard({ role }: { role?: TRole | readonly TRole[] }) {
  const state = useGuardState(role);
  const location = useLocation();
  switch (state) {
    case 'loading':
      return <PageSpinner />;
    case 'unauthenticated':
      // A visitor at '/' has not asked for anything yet: they meet the welcome screen (what Farmaponte is, log in, sign up).
      return <Navigate to={location.pathname === PATHS.home ? PATHS.welcome : loginPathFor(location)} replace />;
    case 'unauthorized':
      return <Navigate to={PATHS.unauthorized} replace />;
    case 'authorized':
      return (
        <OnePharmacyAtATime>
          <Outlet />
        </OnePharmacyAtATime>
      );
  }
}

/** Its code only when the whole group is chosen. */
const OnePharmacyGate = lazy(() => import('./one-pharmacy-gate'));

/**
 * With 'Tutte le farmacie' chosen in the header, a page that works for one pharmacy at a time is replaced by the way to
 * choose one (decision 089): it does not act for a pharmacy the person did not pick.
 */
function OnePharmacyAtATime({ children }: { children: ReactNode }) {
  const chosen = useCurrentPharmacy();
  const role = useUserDetails().data?.role;
  if (role !== 'titolare' || chosen !== WHOLE_GROUP) return children;
  return (
    <Suspense fallback={<PageSpinner />}>
      <OnePharmacyGate>{children}</OnePharmacyGate>
    </Suspense>
  );
}
