/** POST /api/users/update_location/ {userId, lat, lng}: 200 with the message, and a warning outside Italy. */
import type { TLocationUpdate, TLocationUpdateAnswer } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function updateOwnerLocation(body: TLocationUpdate): Promise<TLocationUpdateAnswer> {
  return apiRequest<TLocationUpdateAnswer>('/api/users/update_location/', { method: 'POST', body });
}

export function useUpdateOwnerLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOwnerLocation,
    // The owner cards show the coordinates; the user details show them too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.owners }),
        queryClient.invalidateQueries({ queryKey: adminKeys.users }),
      ]),
  });
}
