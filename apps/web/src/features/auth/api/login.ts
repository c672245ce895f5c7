/**
 * POST /api/token/ {username, password} → {access, refresh}, both stored (docs/rules.md#sessions); or, with the two-step
 * login on, 202 and the challenge its code answers (decision 063).
 */
import type { TLogin, TSecondStepChallenge, TTokenPair } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';
import { setTokens } from '../../../lib/storage';

export type TLoginAnswer = { tokens: TTokenPair; challenge?: undefined } | { tokens?: undefined; challenge: string };

export async function login(credentials: TLogin): Promise<TLoginAnswer> {
  const answer = await apiRequestWithStatus<TTokenPair | TSecondStepChallenge>('/api/token/', {
    method: 'POST',
    body: credentials,
    auth: false,
  });
  if (answer.status === 202) return { challenge: (answer.data as TSecondStepChallenge).challenge };
  return { tokens: answer.data as TTokenPair };
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

/** The password step: its tokens are stored like any session's; a challenge is left to the form. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: ({ tokens }) => {
      if (!tokens) return;
      queryClient.clear();
      setTokens(tokens);
    },
  });
}
