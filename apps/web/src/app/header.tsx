/**
 * Top bar (docs/product.md#frame): brand, the notifications bell, 'Profilo', and 'Logout' while a session is stored; a menu toggle on
 * phones. The bell stays outside the menu so the unread count shows on a phone too. An owner-side person also has
 * 'Organizzazione' and, acting for more than one pharmacy, 'Farmacia' (in the menu on a phone). On a desktop a second
 * row holds the role's main places, and 'Altro' the other pages; on a phone the places are in the bottom bar and the
 * other pages in the menu (decision 096). The role's code comes after login (role-nav.tsx), apart from the entry's.
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { BrandMark } from '../components/ui/brand-mark';
import { revokeToken } from '../features/auth/api/revoke-token';
import { useUserDetails } from '../lib/api/get-user-details';
import { cn } from '../lib/cn';
import { PATHS } from '../lib/paths';
import { clearTokens, getRefreshToken } from '../lib/storage';
import { useLoggedIn } from '../lib/use-logged-in';
import { FRAME_CLASSES } from './frame-look';
import { navLinkClasses } from './nav-link-look';
import { NotificationBell } from './notification-bell';

const MENU_ID = 'menu-principale';

/** The live stream, after login only: its code is not in the first page's (decision 072). */
const LiveUpdates = lazy(() => import('./live-updates'));
/** 'Farmacia' and 'Organizzazione', for an owner-side person: their code after login only, like the stream's. */
const OwnerNavItems = lazy(() => import('./owner-nav-items'));

/** The role's places on a desktop and its other pages, after login only (decision 096): one chunk for both. */
const PlacesNav = lazy(() => import('./role-nav').then((module) => ({ default: module.PlacesNav })));
const MoreItems = lazy(() => import('./role-nav').then((module) => ({ default: module.MoreItems })));

export function Header() {
  const loggedIn = useLoggedIn();
  // An administrator receives no notifications: no bell for them (the details are cached, the route guard reads them too).
  const role = useUserDetails({ enabled: loggedIn }).data?.role;
  const queryClient = useQueryClient();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);

  // A link followed from the open menu closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => setMenuOpen(false), [location.pathname]);

  function logout() {
    void revokeToken(getRefreshToken());
    clearTokens();
    queryClient.clear();
  }

  return (
    <header className={FRAME_CLASSES.header}>
      <div className={FRAME_CLASSES.bar}>
        <Link to={PATHS.home} className={FRAME_CLASSES.brand}>
          <BrandMark className={FRAME_CLASSES.brandMark} />
          {UI_TEXT.brand}
        </Link>
        {loggedIn && role && role !== 'admin' ? (
          <>
            <NotificationBell />
            <Suspense fallback={null}>
              <LiveUpdates />
            </Suspense>
          </>
        ) : null}
        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 sm:hidden"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={UI_TEXT.menu}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="size-6" fill="none" stroke="currentColor" strokeWidth="2">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            )}
          </svg>
        </button>
        <nav
          id={MENU_ID}
          aria-label={UI_TEXT.accountNavigation}
          className={cn('w-full sm:block sm:w-auto', menuOpen ? 'block' : 'hidden')}
        >
          <ul className="flex flex-col gap-1 border-t border-slate-200 py-2 sm:flex-row sm:items-center sm:border-0 sm:py-0">
            {loggedIn && role === 'titolare' ? (
              <Suspense fallback={null}>
                <OwnerNavItems />
              </Suspense>
            ) : null}
            {loggedIn && role ? (
              <Suspense fallback={null}>
                <MoreItems role={role} />
              </Suspense>
            ) : null}
            <li>
              <NavLink to={PATHS.profile} className={navLinkClasses}>
                {UI_TEXT.profileLink}
              </NavLink>
            </li>
            <li>
              {loggedIn ? (
                <Link to={PATHS.login} onClick={logout} className={navLinkClasses({ isActive: false })}>
                  {UI_TEXT.logoutLink}
                </Link>
              ) : (
                <NavLink to={PATHS.login} className={navLinkClasses}>
                  {UI_TEXT.loginLink}
                </NavLink>
              )}
            </li>
          </ul>
        </nav>
      </div>
      {loggedIn && role ? (
        // The places' row keeps its height while their code comes, so the page does not move down under the reader.
        <div className={FRAME_CLASSES.placesRow}>
          <Suspense fallback={null}>
            <PlacesNav role={role} />
          </Suspense>
        </div>
      ) : null}
    </header>
  );
}
