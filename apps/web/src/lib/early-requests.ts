/**
 * Requests started before the app's code has arrived (decision 051). A small script in the page's HTML
 * (app/early-requests.ts, built apart from the app) sends the GETs the first screen waits for as soon as the HTML is
 * read, and leaves them on `window` by path; the API client (api-client.ts) takes each one, once, instead of sending
 * the same request again. Nothing here is specific to a page.
 */
import { LIMITS } from '@farmaponte/shared/limits';

/** One request started early: the token it carried, when it started (performance.now()) and its response. */
export interface TEarlyRequest {
  token: string;
  startedAt: number;
  response: Promise<Response>;
}

type TEarlyScope = { __farmaponteEarly?: Record<string, TEarlyRequest> };

/** The headers the API client sends on a GET (api-client.ts `send`), so an early answer is the same answer. */
export const earlyHeaders = (token: string) => ({ accept: 'application/json', authorization: `Bearer ${token}` });

/**
 * Starts a GET of every path with `token`, left in `scope` for the API client; returns the responses by path (the
 * first screen drawn before the app reads copies of them, decision 057).
 */
export function startEarlyRequests(
  paths: readonly string[],
  token: string,
  { scope = globalThis as TEarlyScope, fetcher = fetch, now = performance.now() } = {},
): Map<string, Promise<Response>> {
  const responses = new Map<string, Promise<Response>>();
  scope.__farmaponteEarly ??= {};
  const store = scope.__farmaponteEarly;
  for (const path of paths) {
    const response = fetcher(path, { headers: earlyHeaders(token) });
    // Whoever takes it handles a failure; one nobody takes must not be reported as unhandled.
    response.catch(() => undefined);
    store[path] = { token, startedAt: now, response };
    responses.set(path, response);
  }
  return responses;
}

/**
 * The early response to a GET of `path` with `token`, or null: taken once, and only while it is fresh (a page left
 * open does not read a first screen's answer minutes later) and sent with the same token.
 */
export function takeEarlyResponse(
  path: string,
  token: string,
  { scope = globalThis as TEarlyScope, now = performance.now() } = {},
): Promise<Response> | null {
  const store = scope.__farmaponteEarly;
  const early = store?.[path];
  if (!store || !early) return null;
  delete store[path];
  if (early.token !== token || now - early.startedAt > LIMITS.earlyRequestMaxAgeMs) return null;
  return early.response;
}
