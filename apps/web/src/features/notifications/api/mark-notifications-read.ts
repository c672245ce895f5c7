/** POST /api/notifications/read/ {ids}: marks those read; with no ids, every notification of the user. */
import type { TNotificationsReadInput } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './query-keys';

export function markNotificationsRead(ids?: number[]): Promise<unknown> {
  const body: TNotificationsReadInput | undefined = ids ? { ids } : undefined;
  return apiRequest('/api/notifications/read/', { method: 'POST', ...(body ? { body } : {}) });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    // The bell and the list both change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsKeys.all }),
  });
}
