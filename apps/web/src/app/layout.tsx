/** The frame of every page: skip link, header and footer (hidden on the auth and legal pages, docs/product.md#frame). */
import { UI_TEXT } from '@farmaponte/shared/ui-text';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { isBarePath } from '../lib/paths';
import { Footer } from './footer';
import { Header } from './header';

export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const bare = isBarePath(pathname);
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
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
      <main id="contenuto" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      {bare ? null : <Footer />}
      <ScrollRestoration />
    </div>
  );
}
