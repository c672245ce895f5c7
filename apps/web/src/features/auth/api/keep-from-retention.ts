/**
 * The keep link of a retention warning (decision 068): GET /api/retention/keep/?token= (what it keeps; changes nothing)
 * and POST /api/retention/keep/ (keep it). No login.
 */
import type { TRetentionKept, TRetentionNotice, TRetentionToken } from '@farmaponte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

const noticeKey = (token: string) => ['auth', 'retention-notice', token] as const;

export function useRetentionNotice(token: string) {
  return useQuery({
    queryKey: noticeKey(token),
    queryFn: ({ signal }) =>
      apiRequest<TRetentionNotice>(`/api/retention/keep/?token=${encodeURIComponent(token)}`, { auth: false, signal }),
    enabled: token.length > 0,
    retry: false,
  });
}

export function useKeepFromRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TRetentionToken) =>
      apiRequest<TRetentionKept>('/api/retention/keep/', { method: 'POST', body, auth: false }),
    onSuccess: (_kept, { token }) => queryClient.removeQueries({ queryKey: noticeKey(token) }),
  });
}
