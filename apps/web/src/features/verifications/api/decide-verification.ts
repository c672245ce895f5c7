/** POST /api/admin/verifications/{user_id}/ {decision, reason}: approve or reject a request (decision 049). */
import type { TVerificationDecided, TVerificationDecision } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from './query-keys';

export function decideVerification({
  userId,
  ...body
}: TVerificationDecision & { userId: number }): Promise<TVerificationDecided> {
  return apiRequest<TVerificationDecided>(`/api/admin/verifications/${userId}/`, { method: 'POST', body });
}

export function useDecideVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideVerification,
    // Decided (or decided meanwhile by another admin, 409): the lists and the dashboard's count change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
