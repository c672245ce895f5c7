/** POST /api/users/get_location/ {userId}: the owner's coordinates, or the centroid of the pharmacy's comune (docs/rules.md#places). */
import type { TLocation, TUserId } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function getOwnerLocation(userId: number, signal?: AbortSignal): Promise<TLocation> {
  const body: TUserId = { userId };
  return apiRequest<TLocation>('/api/users/get_location/', { method: 'POST', body, signal });
}

export const ownerLocationQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.ownerLocation(userId),
    queryFn: ({ signal }) => getOwnerLocation(userId, signal),
    // Each opening of the dialog shows what the server has now.
    staleTime: 0,
    gcTime: 0,
  });

export function useOwnerLocation(userId: number) {
  return useQuery(ownerLocationQueryOptions(userId));
}
