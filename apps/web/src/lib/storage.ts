/** The session lives in localStorage under the keys `access` and `refresh` (decision 011). */
const ACCESS_KEY = 'access';
const REFRESH_KEY = 'refresh';
/** The pharmacy an owner-side person acts for (lib/current-pharmacy.ts): it goes with the session's tokens. */
export const CURRENT_PHARMACY_KEY = 'farmacia';

/**
 * Fired on this window when the API client drops a session the server refused (ended on another device, expired):
 * the route guard listens and sends the user to /login. Deliberate logouts navigate by themselves and do not fire it.
 */
export const SESSION_ENDED_EVENT = 'farmaponte:session-ended';

export function readStored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as logged out.
    return null;
  }
}

export function getAccessToken(): string | null {
  return readStored(ACCESS_KEY);
}

export function getRefreshToken(): string | null {
  return readStored(REFRESH_KEY);
}

/** Logged in means an access token is stored (docs/product.md#frame). */
export function hasSession(): boolean {
  return Boolean(getAccessToken());
}

export function setTokens(tokens: { access: string; refresh: string }): void {
  localStorage.setItem(ACCESS_KEY, tokens.access);
  localStorage.setItem(REFRESH_KEY, tokens.refresh);
}

/** The server refused this session: the tokens go, and whoever shows a protected page is told. */
export function dropEndedSession(): void {
  clearTokens();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(SESSION_ENDED_EVENT));
}

/**
 * The service worker's copies of the account's lists (decision 096) go with its session: another account on this
 * browser never sees them. Its own names (sw/kept-lists.ts), not imported: this module is in the page's first script.
 */
function dropKeptLists(): void {
  if (typeof caches === 'undefined') return;
  caches
    .keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith('farmaponte-lists-')).map((name) => caches.delete(name))))
    .catch(() => {
      // no storage to clear (a private window may refuse it)
    });
}

/** Header logout: only the two tokens go, and the pharmacy chosen with them, and the lists kept for offline. */
export function clearTokens(): void {
  dropKeptLists();
  try {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(REFRESH_KEY);
    localStorage.removeItem(CURRENT_PHARMACY_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

/** /logout, /register and account deletion: everything the app stored goes. */
export function clearAllStorage(): void {
  dropKeptLists();
  try {
    localStorage.clear();
  } catch {
    // nothing stored, nothing to clear
  }
}
