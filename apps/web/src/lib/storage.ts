/** The session lives in localStorage under the keys the spec names: `access` and `refresh` (spec §3, §4). */
const ACCESS_KEY = 'access';
const REFRESH_KEY = 'refresh';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): behave as logged out.
    return null;
  }
}

export function getAccessToken(): string | null {
  return read(ACCESS_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_KEY);
}

/** Logged in means an access token is stored (spec §4). */
export function hasSession(): boolean {
  return Boolean(getAccessToken());
}

export function setTokens(tokens: { access: string; refresh: string }): void {
  localStorage.setItem(ACCESS_KEY, tokens.access);
  localStorage.setItem(REFRESH_KEY, tokens.refresh);
}

/** Header logout: only the two tokens go. */
export function clearTokens(): void {
  try {
    localStorage.removeItem(ACCESS_KEY);
    localStorage.removeItem(REFRESH_KEY);
  } catch {
    // nothing stored, nothing to clear
  }
}

/** /logout, /register and account deletion: everything the app stored goes. */
export function clearAllStorage(): void {
  try {
    localStorage.clear();
  } catch {
    // nothing stored, nothing to clear
  }
}
