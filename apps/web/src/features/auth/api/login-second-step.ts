/** POST /api/token/2fa/ {challenge, code} → {access, refresh}: the login's second step (decision 063). */
import type { TSecondStepLogin, TTokenPair } from '@farmaponte/shared';
import { apiRequest } from '../../../lib/api-client';
import { useStartSession } from './login';

export function loginSecondStep(body: TSecondStepLogin): Promise<TTokenPair> {
  return apiRequest<TTokenPair>('/api/token/2fa/', { method: 'POST', body, auth: false });
}

export const useLoginSecondStep = () => useStartSession(loginSecondStep);
