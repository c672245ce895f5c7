/** Mounts the toast container once the first toast is on its way (see lib/notify). */
import { TOAST_MS } from '@farmaponte/shared/limits';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastContainerStore } from '../lib/notify';

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })));

export function ToastHost() {
  const wanted = useSyncExternalStore(toastContainerStore.subscribe, toastContainerStore.getSnapshot);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      {/* Durations are the spec's (§9): they run even while the window is in the background. */}
      <ToastContainer
        position="top-right"
        autoClose={TOAST_MS.default}
        newestOnTop
        closeOnClick={false}
        pauseOnFocusLoss={false}
        theme="light"
      />
    </Suspense>
  );
}
