/** GET /api/users/{id}/details/: everything about one user, for the admin's details dialog; the CV is a signed link. */
import type { TAdminUserDetails } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function getAdminUserDetails(userId: number, signal?: AbortSignal): Promise<TAdminUserDetails> {
  return apiRequest<TAdminUserDetails>(`/api/users/${userId}/details/`, { signal });
}

export const adminUserDetailsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: adminKeys.userDetails(userId),
    queryFn: ({ signal }) => getAdminUserDetails(userId, signal),
    // The CV link is signed for a short time: fetch again at each opening.
    staleTime: 0,
    gcTime: 60_000,
  });

export function useAdminUserDetails(userId: number) {
  return useQuery(adminUserDetailsQueryOptions(userId));
}
