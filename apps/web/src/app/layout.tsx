/**
 * The frame of every page: skip links, header, footer and, on a phone, the bottom bar of the role's places (hidden on
 * the auth and legal pages, docs/product.md#frame).
 */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { lazy, type MouseEvent, Suspense, useLayoutEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { useUserDetails } from '../lib/api/get-user-details';
import { firstScreenShowing, leaveFirstScreen } from '../lib/first-screen';
import { isBarePath, isSearchOffersPath } from '../lib/paths';
import { useLoggedIn } from '../lib/use-logged-in';
import { Footer } from './footer';
import { FRAME_CLASSES } from './frame-look';
import { Header } from './header';
import { SecondStepBanner } from './second-step-banner';

/** The phone's bar of the role's places: after login only, in role-nav.tsx's chunk (decision 096). */
const BottomBar = lazy(() => import('./role-nav').then((module) => ({ default: module.BottomBar })));

const SKIP_LINK =
  'sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4';

/**
 * 'Vai alla navigazione': the first place of whichever list of places shows, the header's on a desktop or the bottom
 * bar on a phone (both are marked `data-places`). Without them yet (their code still on its way), the link does nothing.
 */
function toPlaces(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  const shown = [...document.querySelectorAll<HTMLElement>('[data-places]')].find((nav) => nav.getClientRects().length > 0);
  shown?.querySelector<HTMLElement>('a')?.focus();
}

export function RootLayout() {
  const { pathname, key } = useLocation();
  // ScrollRestoration puts a page at its top when the app starts; over a first screen the reader may have scrolled
  // (or tapped a row further down), and the app takes over where they are. It comes with the first navigation.
  const [startKey] = useState(() => (firstScreenShowing() ? key : null));
  const navigation = useNavigation();
  const bare = isBarePath(pathname);
  const loggedIn = useLoggedIn();
  const role = useUserDetails({ enabled: loggedIn && !bare }).data?.role;
  const withPlaces = loggedIn && !bare && role !== undefined;
  // The search page's first screen, drawn before the app (decision 057), stays only while the app is on its way to
  // the same page: anywhere else (the login after a refused session, another page) the app's own page shows.
  useLayoutEffect(() => {
    if (!isSearchOffersPath(pathname)) leaveFirstScreen();
  }, [pathname]);
  return (
    <div className={FRAME_CLASSES.page}>
      <a href="#contenuto" className={SKIP_LINK}>
        {UI_TEXT.skipToContent}
      </a>
      {withPlaces ? (
        // biome-ignore lint/a11y/useValidAnchor: a skip link; its target is whichever list of places shows, found when followed
        <a href="#navigazione" onClick={toPlaces} className={SKIP_LINK}>
          {UI_TEXT.skipToNavigation}
        </a>
      ) : null}
      {navigation.state === 'loading' ? (
        <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-emerald-100">
          <div className="h-full w-1/3 animate-progress bg-emerald-700" />
        </div>
      ) : null}
      {bare ? null : <Header />}
      {bare ? null : <SecondStepBanner />}
      <main id="contenuto" tabIndex={-1} className={FRAME_CLASSES.main}>
        <Outlet />
      </main>
      {bare ? null : <Footer />}
      {withPlaces ? (
        <Suspense fallback={null}>
          <BottomBar role={role} />
        </Suspense>
      ) : null}
      {key === startKey ? null : <ScrollRestoration />}
    </div>
  );
}
