/**
 * Push in the browser journeys (decision 096). Headless Chromium reaches no push service, so a journey's browser
 * subscribes at the e2e server's local push service (e2e/support/serve.ts) with keys of the test's own; what the
 * server sends there is filed, still encrypted, decrypted here as the browser would, and handed to the service worker
 * through the DevTools protocol (ServiceWorker.deliverPushMessage), as the push service would hand it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TPushPayload } from '@farmaponte/shared';
import type { CDPSession, Page } from '@playwright/test';
import { decryptPush, type TBrowserKeys } from '../../apps/api/test/push-service';
import { E2E_PUSHES } from './paths';
import { expect } from './test';

/** An endpoint at the local push service, for one browser of a journey. */
export function localPushEndpoint(name: string): string {
  return `${readFileSync(join(E2E_PUSHES, 'origin'), 'utf8')}/${name}`;
}

/**
 * Makes the page's PushManager answer with a subscription at `endpoint` and these keys, as a phone's browser answers
 * with one at its push service: the page's own flow (permission on the click, the POST to the server) runs unchanged.
 */
export async function subscribeAt(page: Page, endpoint: string, keys: TBrowserKeys) {
  await page.addInitScript((json) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const applicationServerKey = (options?.applicationServerKey as Uint8Array | undefined)?.slice().buffer ?? null;
      current = {
        endpoint: json.endpoint,
        options: { applicationServerKey, userVisibleOnly: true },
        toJSON: () => json,
        unsubscribe: async () => {
          current = null;
          return true;
        },
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, keys.json(endpoint));
}

/** The pushes the server sent to `endpoint`, decrypted with the browser's keys, oldest first. */
export function pushesTo(endpoint: string, keys: TBrowserKeys): TPushPayload[] {
  const path = new URL(endpoint).pathname;
  return readdirSync(E2E_PUSHES)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(join(E2E_PUSHES, name), 'utf8')) as { path: string; body: string })
    .filter((push) => push.path === path)
    .map((push) => JSON.parse(decryptPush(Buffer.from(push.body, 'base64'), keys)) as TPushPayload);
}

/** The active service worker's registration id, as DevTools knows it (the page has loaded and the worker is active). */
export async function workerRegistration(page: Page, cdp: CDPSession): Promise<string> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const scope = new URL('/', page.url()).toString();
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const mine = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (mine) resolve(mine.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

/** What the service worker shows on the screen now. */
export async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const shown = await registration.getNotifications();
    return shown.map((notification) => ({
      title: notification.title,
      body: notification.body,
      tag: notification.tag,
      data: notification.data as unknown,
    }));
  });
}

/** Waits for the server's push to `endpoint` and hands it to the page's service worker; answers what it carried. */
export async function deliverNextPush(page: Page, cdp: CDPSession, endpoint: string, keys: TBrowserKeys, seen = 0) {
  let payload: TPushPayload | undefined;
  await expect
    .poll(() => {
      payload = pushesTo(endpoint, keys)[seen];
      return payload !== undefined;
    })
    .toBe(true);
  const registrationId = await workerRegistration(page, cdp);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId,
    data: JSON.stringify(payload),
  });
  return payload as TPushPayload;
}
