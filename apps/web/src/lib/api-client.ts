/** fetch for the Farmaponte API: bearer token, refresh when the access token has expired, Italian errors as ApiError. */
import { FIRST_MESSAGES } from '@farmaponte/shared/messages-first';
import { pharmacyHeader } from './current-pharmacy';
import { takeEarlyResponse } from './early-requests';
import { dropEndedSession, getAccessToken, getRefreshToken, setTokens } from './storage';
import { isExpired } from './token-expiry';

export { isExpired };

/** A failed call: the HTTP status (0 when no answer arrived: offline, server down) and the API's Italian message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields?: Record<string, string>,
    /** Every problem of an uploaded file, by row and column (a CSV of shifts, decision 090). */
    readonly rows?: { row: number; column: string; message: string }[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface TRequestOptions {
  method?: TMethod;
  body?: unknown;
  /** false for the calls that must not carry nor refresh a session (login, register, password reset). */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * `X-Farmacia`: left out, the pharmacy chosen in the header (lib/current-pharmacy.ts); a pharmacy's id for a call
   * about that one; null for none (the organisation's calls, the same whatever pharmacy is chosen).
   */
  pharmacy?: number | null;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: { message?: unknown; code?: unknown; fields?: unknown; rows?: unknown } = {};
  try {
    body = (await response.json()) as typeof body;
  } catch {
    // not JSON (a proxy's error page): fall back to a generic message
  }
  const message = typeof body.message === 'string' && body.message ? body.message : FIRST_MESSAGES.serverError;
  const code = typeof body.code === 'string' ? body.code : `http_${response.status}`;
  const fields = body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : undefined;
  const rows = Array.isArray(body.rows) ? (body.rows as ApiError['rows']) : undefined;
  return new ApiError(response.status, message, code, fields, rows);
}

/** The headers of a call with this token: the session's, and the pharmacy it acts for (only with a session). */
function sessionHeaders(path: string, method: string, accessToken: string | null, pharmacy?: number | null) {
  const headers: Record<string, string> = {};
  if (!accessToken) return headers;
  headers.authorization = `Bearer ${accessToken}`;
  const acting = pharmacyHeader(path, method, pharmacy);
  if (acting) headers['x-farmacia'] = acting;
  return headers;
}

async function send(path: string, options: TRequestOptions, accessToken: string | null): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  // A file (an owner's PDF document) goes as it is, with its own type; anything else as JSON.
  const file = options.body instanceof Blob ? options.body : undefined;
  if (options.body !== undefined) headers['content-type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  Object.assign(headers, sessionHeaders(path, method, accessToken, options.pharmacy));
  // The page's HTML may have asked for this already (decision 051): its answer is taken once, and never for a request
  // that names a pharmacy, which the HTML's script does not (it would be another pharmacy's answer).
  const early = accessToken && method === 'GET' && !headers['x-farmacia'] && takeEarlyResponse(path, accessToken);
  if (early) {
    try {
      return await early;
    } catch {
      // No answer came (the network dropped): ask again, as if it had never been sent.
    }
  }
  try {
    return await fetch(path, {
      method,
      headers,
      body: options.body === undefined ? undefined : (file ?? JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, FIRST_MESSAGES.loadFailed, 'network_error');
  }
}

let refreshing: Promise<string> | null = null;

/**
 * Tabs share the tokens (localStorage). Two tabs refreshing at once would present the same refresh token twice,
 * which the server treats as theft and answers by revoking the session: a Web Lock makes them take turns.
 */
function withRefreshLock(task: () => Promise<string>): Promise<string> {
  if (typeof navigator !== 'undefined' && navigator.locks)
    return navigator.locks.request('farmaponte-token-refresh', task) as unknown as Promise<string>;
  return task();
}

/**
 * One refresh at a time: concurrent requests wait for the same answer. The server rotates refresh tokens,
 * so both tokens of the answer are stored; a failed refresh ends the session. `rejected` is an access token
 * the server has just refused although it has not expired (revoked): it must not be handed back.
 */
export function refreshSession(rejected?: string): Promise<string> {
  refreshing ??= withRefreshLock(async () => {
    // Another tab may have refreshed while this one waited for the lock: its tokens are in localStorage.
    const current = getAccessToken();
    if (current && current !== rejected && !isExpired(current)) return current;
    const refresh = getRefreshToken();
    if (!refresh) {
      dropEndedSession();
      throw new ApiError(401, FIRST_MESSAGES.sessionExpired, 'no_session');
    }
    const response = await send('/api/token/refresh/', { method: 'POST', body: { refresh } }, null);
    if (!response.ok) {
      const error = await toApiError(response);
      // A suspended account's refresh is refused with 403 (decision 062): its session has ended too.
      if (response.status === 400 || response.status === 401 || response.status === 403) dropEndedSession();
      throw error;
    }
    const tokens = (await response.json()) as { access: string; refresh: string };
    setTokens(tokens);
    return tokens.access;
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function validAccessToken(): Promise<string | null> {
  const access = getAccessToken();
  if (!access) return null;
  if (!isExpired(access)) return access;
  try {
    return await refreshSession();
  } catch (error) {
    // No answer to the refresh (offline): the expired token still names whose copies of her lists the service worker
    // may answer with (decision 096). Online again, the server refuses it and the usual refresh follows.
    if (error instanceof ApiError && error.status === 0 && getAccessToken() === access) return access;
    throw error;
  }
}

/** One call with the session's token (refreshed first when expired); the 2xx Response unread, else ApiError. */
async function sendWithSession(path: string, options: TRequestOptions): Promise<Response> {
  const token = (options.auth ?? true) ? await validAccessToken() : null;
  let response = await send(path, options, token);
  // The token looked valid but the server disagrees (revoked, server key changed): one refresh, one retry.
  if (response.status === 401 && token) response = await send(path, options, await refreshSession(token));
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * Calls the API; throws ApiError for any non-2xx answer. The status matters to some screens (profile save: only 200),
 * the headers to capped lists (X-Total-Count).
 */
export async function apiRequestWithStatus<T>(
  path: string,
  options: TRequestOptions = {},
): Promise<{ status: number; data: T; headers: Headers }> {
  const response = await sendWithSession(path, options);
  const text = response.status === 204 ? '' : await response.text();
  return { status: response.status, data: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

/** Calls the API and returns the parsed JSON (undefined for 204). */
export async function apiRequest<T>(path: string, options: TRequestOptions = {}): Promise<T> {
  return (await apiRequestWithStatus<T>(path, options)).data;
}

/**
 * Sends a raw body (a file) and returns the 2xx Response unread, for answers that arrive in pieces (the registry
 * import streams NDJSON progress lines). Same session handling and ApiError as apiRequest.
 */
export async function apiUpload(
  path: string,
  { body, contentType, signal, pharmacy }: { body: Blob; contentType: string; signal?: AbortSignal; pharmacy?: number | null },
): Promise<Response> {
  const attempt = async (accessToken: string | null) => {
    const headers: Record<string, string> = {
      accept: 'application/x-ndjson, application/json',
      'content-type': contentType,
      ...sessionHeaders(path, 'POST', accessToken, pharmacy),
    };
    try {
      return await fetch(path, { method: 'POST', headers, body, signal });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, FIRST_MESSAGES.loadFailed, 'network_error');
    }
  };
  const token = await validAccessToken();
  let response = await attempt(token);
  if (response.status === 401 && token) response = await attempt(await refreshSession(token));
  if (!response.ok) throw await toApiError(response);
  return response;
}

/**
 * A file the API answers to the logged-in user (the data export's ZIP): the body as a Blob and the name its
 * Content-Disposition gives, else `fallbackName`. A link cannot carry the bearer token, hence fetch and a Blob.
 */
export async function apiDownload(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await sendWithSession(path, {});
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  try {
    return { blob: await response.blob(), fileName };
  } catch {
    throw new ApiError(0, FIRST_MESSAGES.loadFailed, 'network_error');
  }
}
