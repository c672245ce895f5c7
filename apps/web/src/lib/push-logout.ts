/**
 * Logging out stops this browser's push notifications (decision 096): the next person on a shared computer must not
 * receive the last one's. The access token is read at once, before the logout clears it; the session is revoked after
 * (the removal needs it), within a short wait. The work itself is in a chunk of its own, loaded only where a service
 * worker controls the page.
 */
import { getAccessToken } from './storage';

// Long enough for a loaded phone to load the chunk, find the subscription and remove it on the server before the
// session it needs is revoked (1.5 s was not, at times, on a busy machine); it waits this long only when that is slow.
const FORGET_TIMEOUT_MS = 3000;

export function forgetPushSubscription(): Promise<void> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator) || !navigator.serviceWorker.controller)
    return Promise.resolve();
  const token = getAccessToken();
  const done = import('./push-unsubscribe').then((m) => m.unsubscribeThisBrowser(token)).catch(() => {});
  return Promise.race([done, new Promise<void>((resolve) => setTimeout(resolve, FORGET_TIMEOUT_MS))]);
}
