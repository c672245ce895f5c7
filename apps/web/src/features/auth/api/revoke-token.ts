/** POST /api/token/revoke/ {refresh}: ends the session on the server too. Best effort: logging out never waits long for it. */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { forgetPushSubscription } from '../../../lib/push-logout';

const REVOKE_TIMEOUT_MS = 1500;

export async function revokeToken(refresh: string | null): Promise<void> {
  // This browser's push notifications end with its session (decision 096): its token is taken before the logout clears
  // it, and the session revoked once the subscription is removed (or after a short wait).
  await forgetPushSubscription();
  if (!refresh) return;
  try {
    await apiRequest<void>('/api/token/revoke/', {
      method: 'POST',
      body: { refresh },
      auth: false,
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    });
  } catch {
    // Offline or already revoked: the tokens are removed from this browser anyway.
  }
}

export function useRevokeToken() {
  return useMutation({ mutationFn: revokeToken });
}
