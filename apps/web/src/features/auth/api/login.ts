/** POST /api/token/ {username, password} → {access, refresh}, both stored (docs/rules.md#sessions). */
import type { TLogin, TTokenPair } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { setTokens } from '../../../lib/storage';

export function login(credentials: TLogin): Promise<TTokenPair> {
  return apiRequest<TTokenPair>('/api/token/', { method: 'POST', body: credentials, auth: false });
}

/** A call that answers a token pair (the password, or the second step's code): the tokens are stored. */
export function useStartSession<TBody>(mutationFn: (body: TBody) => Promise<TTokenPair>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (tokens) => {
      // Whatever was cached belonged to the previous session.
      queryClient.clear();
      setTokens(tokens);
    },
  });
}

export const useLogin = () => useStartSession(login);
