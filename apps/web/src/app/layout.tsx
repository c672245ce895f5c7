/** The frame of every page: skip link, header and footer (hidden on the auth and legal pages, docs/product.md#frame). */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { leaveFirstScreen } from '../lib/first-screen';
import { isBarePath, isSearchOffersPath } from '../lib/paths';
import { Footer } from './footer';
import { FRAME_CLASSES } from './frame-look';
import { Header } from './header';
import { SecondStepBanner } from './second-step-banner';

export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const bare = isBarePath(pathname);
  // The search page's first screen, drawn before the app (decision 057), stays only while the app is on its way to
  // the same page: anywhere else (the login after a refused session, another page) the app's own page shows.
  useLayoutEffect(() => {
    if (!isSearchOffersPath(pathname)) leaveFirstScreen();
  }, [pathname]);
  return (
    <div className={FRAME_CLASSES.page}>
      <a
        href="#contenuto"
        className="sr-only z-50 rounded-lg bg-emerald-700 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {UI_TEXT.skipToContent}
      </a>
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
      <ScrollRestoration />
    </div>
  );
}
