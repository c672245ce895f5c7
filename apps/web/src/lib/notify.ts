/**
 * Toasts with the durations and positions of TOAST_MS (docs/product.md#frame) (the container's defaults: top-right, 5 s).
 * react-toastify is downloaded with the first toast (or when a form is first used), not with the first page:
 * toasts raised before the container is mounted wait in its queue.
 */
import { TOAST_MS } from '@farmaponte/shared/limits';
import type { ToastOptions } from 'react-toastify';
import { ApiError } from './api-client';

type TToastKind = 'success' | 'error' | 'info' | 'warning';

interface TNotifyOptions {
  /** A key of TOAST_MS, or the container's default. */
  duration?: keyof typeof TOAST_MS;
  position?: ToastOptions['position'];
}

const loadToastify = () => import('react-toastify');
const FALLBACK_ID = 'notify-fallback';

let containerWanted = false;
const listeners = new Set<() => void>();

/** For the toast host: whether the container should be mounted yet. */
export const toastContainerStore = {
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: () => containerWanted,
};

/** Starts downloading the toast library and mounts the container. */
export function preloadToasts(): void {
  if (containerWanted) return;
  containerWanted = true;
  for (const listener of listeners) listener();
}

function show(kind: TToastKind, message: string, { duration = 'default', position }: TNotifyOptions = {}) {
  preloadToasts();
  // The message is the id: pressing "Registrati" five times shows one toast, not five.
  const toastId = `${kind}:${message}`;
  const options: ToastOptions = { autoClose: TOAST_MS[duration], toastId };
  if (position) options.position = position;
  loadToastify().then(
    ({ toast }) => {
      if (toast.isActive(toastId)) toast.update(toastId, { ...options, render: message });
      else toast[kind](message, options);
    },
    // Offline before the library arrived: a plain live region still tells the user (never a blocking browser alert).
    () => showFallback(message, TOAST_MS[duration]),
  );
}

/** One message at a time, top of the page, announced by screen readers; it goes away like a toast would. */
function showFallback(message: string, durationMs: number): void {
  let region = document.getElementById(FALLBACK_ID);
  if (!region) {
    region = document.createElement('div');
    region.id = FALLBACK_ID;
    region.setAttribute('role', 'alert');
    region.className =
      'fixed inset-x-4 top-4 z-50 mx-auto max-w-md rounded-lg border border-red-200 bg-white p-4 text-base text-slate-900 shadow-lg empty:hidden';
    document.body.append(region);
  }
  region.textContent = message;
  const shown = region;
  window.setTimeout(() => {
    if (shown.textContent === message) shown.textContent = '';
  }, durationMs);
}

export const notify = {
  success: (message: string, options?: TNotifyOptions) => show('success', message, options),
  error: (message: string, options?: TNotifyOptions) => show('error', message, options),
  info: (message: string, options?: TNotifyOptions) => show('info', message, options),
  warning: (message: string, options?: TNotifyOptions) => show('warning', message, options),
};

/** The API's Italian message for a failed call; anything else (a bug, a bad answer) gets the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
