/** Mounts the toast container once the first toast is on its way (see lib/notify). */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { toastContainerStore } from '../lib/notify';

// The container's settings and its Italian names come with the library, not with the first page (decision 001).
const Toasts = lazy(() => import('./toast-container'));

export function ToastHost() {
  const wanted = useSyncExternalStore(toastContainerStore.subscribe, toastContainerStore.getSnapshot);
  if (!wanted) return null;
  // Straight under <body>, not inside #root: a modal dialog hides #root from screen readers (aria-hidden), and a
  // container first mounted while a dialog is open would be hidden with it, its toasts never announced.
  return createPortal(
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>,
    document.body,
  );
}
