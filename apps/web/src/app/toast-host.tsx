/** Mounts the toast container once the first toast is on its way (see lib/notify). */
import { TOAST_MS } from '@farmaponte/shared/limits';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { toastContainerStore } from '../lib/notify';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

export function ToastHost() {
  const wanted = useSyncExternalStore(toastContainerStore.subscribe, toastContainerStore.getSnapshot);
  if (!wanted) return null;
  // Straight under <body>, not inside #root: a modal dialog hides #root from screen readers (aria-hidden), and a
  // container first mounted while a dialog is open would be hidden with it, its toasts never announced.
  return createPortal(
    <Suspense fallback={null}>
      {/* Durations are TOAST_MS's (docs/product.md#frame): they run even while the window is in the background. */}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_MS.default}
        newestOnTop
        closeOnClick={false}
        pauseOnFocusLoss={false}
        theme="light"
      />
    </Suspense>,
    document.body,
  );
}
