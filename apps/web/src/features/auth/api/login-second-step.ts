/** POST /api/token/2fa/ {challenge, code} → {access, refresh}: the login's second step (decision 063). */
import type { TSecondStepLogin, TTokenPair } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setTokens } from '../../../lib/storage';

export function loginSecondStep(body: TSecondStepLogin): Promise<TTokenPair> {
  return apiRequest<TTokenPair>('/api/token/2fa/', { method: 'POST', body, auth: false });
}

export function useLoginSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginSecondStep,
    onSuccess: (tokens) => {
      queryClient.clear();
      setTokens(tokens);
    },
  });
}
