/// <reference lib="webworker" />
/**
 * The service worker's push handlers (decision 096): filled in with Web Push. The service worker calls this once, at
 * its start.
 */
export function registerPushHandlers(_scope: ServiceWorkerGlobalScope): void {}
