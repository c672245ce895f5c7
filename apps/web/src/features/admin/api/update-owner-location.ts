/** POST /api/users/update_location/ {userId, lat, lng} (spec §7): 200 with the message, and a warning outside Italy. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface TLocationUpdateAnswer {
  message: string;
  warning?: string;
}

export function updateOwnerLocation(body: { userId: number; lat: number; lng: number }): Promise<TLocationUpdateAnswer> {
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
