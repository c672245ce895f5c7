/// <reference lib="webworker" />
/**
 * The service worker's push handlers (decision 096); the service worker calls registerPushHandlers once, at its start.
 * - 'push': the payload the server encrypted (TPushPayload) shown as a notification; its tag replaces an older one about
 *   the same thing (a push delivered twice shows once). waitUntil keeps the worker alive until it is shown: a push
 *   that shows nothing is what browsers punish.
 * - 'notificationclick': an open window of the site is focused and taken to the notification's page, else one opened.
 * - 'pushsubscriptionchange': the push service replaced the subscription; the new one is made and told to the server
 *   (the session's token is not reachable here, so the page's next visit to the profile repeats it when this fails).
 */
import type { TPushPayload } from '@farmaponte/shared';

/** The app's icon (public/icons/), beside the text and as the status bar's badge (Android draws its outline). */
const ICON = '/icons/icon-192.png';
const BADGE = ICON;

/** The payload, or null for one that is not ours (a DevTools test push, a malformed body). */
export function payloadOf(data: PushMessageData | null | undefined): TPushPayload | null {
  if (!data) return null;
  try {
    const value = data.json() as Partial<TPushPayload>;
    if (typeof value.title !== 'string' || typeof value.body !== 'string') return null;
    return {
      type: value.type as TPushPayload['type'],
      title: value.title,
      body: value.body,
      url: typeof value.url === 'string' ? value.url : '/',
      tag: typeof value.tag === 'string' ? value.tag : '',
    };
  } catch {
    return null;
  }
}

/** A path of this site only: a payload never sends the user elsewhere. */
export function sitePath(url: unknown, origin: string): string {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  const target = new URL(url, origin);
  return target.origin === origin ? target.pathname + target.search + target.hash : '/';
}

async function openPage(scope: ServiceWorkerGlobalScope, url: string) {
  const origin = scope.location.origin;
  const path = sitePath(url, origin);
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === origin);
  if (open) {
    const focused = await open.focus();
    await focused.navigate(path).catch(() => focused.postMessage({ type: 'navigate', url: path }));
    return;
  }
  await scope.clients.openWindow(path);
}

async function resubscribe(scope: ServiceWorkerGlobalScope, event: Event) {
  const old = (event as Event & { oldSubscription?: PushSubscription | null }).oldSubscription;
  const key = old?.options.applicationServerKey;
  if (!key) return;
  const subscription = await scope.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  // Sent with the browser's cookies only: without a session the server answers 401, and the profile's next visit saves it.
  await fetch('/api/push/subscriptions/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ endpoint: subscription.endpoint, keys: json.keys }),
  }).catch(() => undefined);
}

export function registerPushHandlers(scope: ServiceWorkerGlobalScope): void {
  scope.addEventListener('push', (event) => {
    const payload = payloadOf(event.data);
    if (!payload) return;
    event.waitUntil(
      scope.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag || undefined,
        icon: ICON,
        badge: BADGE,
        data: { url: payload.url },
      }),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: unknown } | null)?.url;
    event.waitUntil(openPage(scope, typeof url === 'string' ? url : '/'));
  });

  scope.addEventListener('pushsubscriptionchange', (event) => {
    (event as ExtendableEvent).waitUntil(resubscribe(scope, event).catch(() => undefined));
  });
}
