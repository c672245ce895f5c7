/// <reference lib="webworker" />
/**
 * The service worker (decision 096), bundled apart from the app by vite.config.ts and served at /sw.js, scope '/'.
 * - The app shell (the page and its entry's files) is stored when it installs; the chunks the app loads later are
 *   stored as they come (hashed names: a copy never goes stale).
 * - Navigations: the network first; offline, the shell for the pages whose lists are kept, else the offline page.
 * - The logged-in user's lists (kept-lists.ts): the network first, always, when it answers; offline, the last copy,
 *   and the page is told (it shows 'Sei offline: dati dell'ultimo aggiornamento'). One account's copies only: they are
 *   dropped when another account's list is stored and when the page logs out.
 * - Updates: a new build has a new worker (its version is in this file); it takes over at once (skipWaiting,
 *   clients.claim) and drops every cache of older builds; the page offers to reload onto the new build.
 */

import {
  appCacheName,
  CACHE_PREFIX,
  keptList,
  LISTS_CACHE_PREFIX,
  listsCacheName,
  OFFLINE_ANSWER_MESSAGE,
  OFFLINE_APP_PAGES,
  SAVED_AT_HEADER,
} from './kept-lists';
import { offlinePageHtml } from './offline-page';
import { registerPushHandlers } from './push-handlers';

declare const self: ServiceWorkerGlobalScope;
/** Written by vite.config.ts: this build's version and the files of its shell. */
declare const __BUILD_VERSION__: string;
declare const __SHELL_FILES__: string[];

const VERSION = __BUILD_VERSION__;
const APP_CACHE = appCacheName(VERSION);
const SHELL_PAGE = '/';

registerPushHandlers(self);

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(APP_CACHE);
      // The page past the browser's HTTP cache (the server's, not an older copy); the hashed files from it when there
      // (the page has just loaded them: a phone does not download them twice).
      await cache.addAll([new Request(SHELL_PAGE, { cache: 'reload' }), ...__SHELL_FILES__]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Every cache of an older build goes: its files and its lists (whose shape the new app may not read).
      const mine = (name: string) => name === APP_CACHE || name.startsWith(listsCacheName(VERSION, ''));
      for (const name of await caches.keys()) if (name.startsWith(CACHE_PREFIX) && !mine(name)) await caches.delete(name);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  // Map tiles and anything else from outside go their own way.
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigation(request, url));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(appFile(request));
  const list = keptList(url, request.headers);
  if (list) event.respondWith(keptAnswer(event, list));
  // Anything else (writes, the event stream, files, other answers) is not touched.
});

async function navigation(request: Request, url: URL): Promise<Response> {
  try {
    return await fetch(request);
  } catch {
    if (OFFLINE_APP_PAGES.includes(url.pathname)) {
      const shell = await caches.match(SHELL_PAGE, { cacheName: APP_CACHE });
      if (shell) return shell;
    }
    return new Response(offlinePageHtml(), {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
    });
  }
}

/** A file of the build: hashed, so a stored copy is the file itself. */
async function appFile(request: Request): Promise<Response> {
  const cache = await caches.open(APP_CACHE);
  const stored = await cache.match(request, { ignoreVary: true });
  if (stored) return stored;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function keptAnswer(event: FetchEvent, list: { owner: string; key: string }): Promise<Response> {
  const { request, clientId } = event;
  const cacheName = listsCacheName(VERSION, list.owner);
  let response: Response;
  try {
    response = await fetch(request);
  } catch (error) {
    const stored = await (await caches.open(cacheName)).match(list.key, { ignoreVary: true });
    if (!stored) throw error;
    const client = clientId ? await self.clients.get(clientId) : undefined;
    client?.postMessage({ type: OFFLINE_ANSWER_MESSAGE, savedAt: stored.headers.get(SAVED_AT_HEADER) });
    return stored;
  }
  // Stored while the page already reads the answer.
  if (response.ok) event.waitUntil(keep(cacheName, list.key, response.clone()));
  return response;
}

async function keep(cacheName: string, key: string, response: Response): Promise<void> {
  // Another account's copies go before this one's are written: a phone keeps one account's data.
  for (const name of await caches.keys())
    if (name.startsWith(LISTS_CACHE_PREFIX) && name !== cacheName) await caches.delete(name);
  const headers = new Headers(response.headers);
  headers.delete('vary');
  headers.set(SAVED_AT_HEADER, new Date().toISOString());
  const body = await response.arrayBuffer();
  await (await caches.open(cacheName)).put(
    key,
    new Response(body, { status: response.status, statusText: response.statusText, headers }),
  );
}
