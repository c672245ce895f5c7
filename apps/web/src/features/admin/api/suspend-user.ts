/** POST /api/admin/users/{id}/suspend/ {reason} and /reinstate/ (decision 062): the user's details show the change. */
import type { TMessage } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function suspendUser({ userId, reason }: { userId: number; reason: string }): Promise<TMessage> {
  return apiRequest<TMessage>(`/api/admin/users/${userId}/suspend/`, { method: 'POST', body: { reason } });
}

export function reinstateUser({ userId }: { userId: number }): Promise<TMessage> {
  return apiRequest<TMessage>(`/api/admin/users/${userId}/reinstate/`, { method: 'POST' });
}

function useAfterChange() {
  const queryClient = useQueryClient();
  return (_data: unknown, _error: unknown, { userId }: { userId: number }) =>
    queryClient.invalidateQueries({ queryKey: adminKeys.userDetails(userId) });
}

export function useSuspendUser() {
  return useMutation({ mutationFn: suspendUser, onSettled: useAfterChange() });
}

export function useReinstateUser() {
  return useMutation({ mutationFn: reinstateUser, onSettled: useAfterChange() });
}
