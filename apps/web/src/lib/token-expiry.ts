/**
 * When an access token (a JWT, decision 011) stops being worth sending. Small and without imports: the early-requests
 * script (app/early-requests.ts) reads it before the app's code has arrived.
 */

/** Refresh a little before the real expiry, so a token does not die on its way to the server. */
const EXPIRY_MARGIN_MS = 15_000;

function expiresAtMs(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

export function isExpired(token: string, now: number = Date.now()): boolean {
  const exp = expiresAtMs(token);
  return exp === null || exp - EXPIRY_MARGIN_MS <= now;
}
