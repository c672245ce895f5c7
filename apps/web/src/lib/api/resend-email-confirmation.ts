/**
 * POST /api/user/verify-email/resend/: 'Invia di nuovo', a new confirmation link for the logged-in user (decision 047).
 * Shared: the dashboard, the profile, the link's page and the refusals of applying and publishing all offer it.
 */
import type { TMessage } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function resendEmailConfirmation(): Promise<TMessage> {
  return apiRequest<TMessage>('/api/user/verify-email/resend/', { method: 'POST' });
}

export function useResendEmailConfirmation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmailConfirmation,
    // Confirmed meanwhile (another tab, another device): the details say so, and the notices go.
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'email_already_verified')
        void queryClient.invalidateQueries({ queryKey: sharedKeys.userDetails });
    },
  });
}
