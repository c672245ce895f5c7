/** PUT /api/profile-descrizione/ {descrizione}. */
import type { TDescriptionSaved, TDescriptionUpdate } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function updateDescription(body: TDescriptionUpdate): Promise<TDescriptionSaved> {
  return apiRequest<TDescriptionSaved>('/api/profile-descrizione/', { method: 'PUT', body });
}

export function useUpdateDescription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDescription,
    // The profile carries the description too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.userDetails }),
  });
}
