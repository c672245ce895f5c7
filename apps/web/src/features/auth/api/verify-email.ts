/** POST /api/user/verify-email/ {token}: the confirmation link, opened with or without a session (decision 047). */
import type { TMessage, TVerifyEmail } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function verifyEmail(body: TVerifyEmail): Promise<TMessage> {
  return apiRequest<TMessage>('/api/user/verify-email/', { method: 'POST', body, auth: false });
}

export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    // The details carry email_verified: the notices go, applying and publishing work.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.userDetails }),
  });
}
