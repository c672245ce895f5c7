/**
 * POST /api/admin/users/{id}/2fa/reset/ {reason}: the admin turns off the two-step login of someone who lost both the
 * phone and the recovery codes (docs/rules.md#sessions); the user's details show the change.
 */
import type { TMessage } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function resetSecondStep({ userId, reason }: { userId: number; reason: string }): Promise<TMessage> {
  return apiRequest<TMessage>(`/api/admin/users/${userId}/2fa/reset/`, { method: 'POST', body: { reason } });
}

export function useResetSecondStep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSecondStep,
    onSettled: (_data, _error, { userId }) => queryClient.invalidateQueries({ queryKey: adminKeys.userDetails(userId) }),
  });
}
