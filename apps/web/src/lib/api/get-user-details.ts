/** GET /api/user/details/: the logged-in user and profile. One query shared by the route guard, the dashboard and the profile. */
import type { TUserDetails } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

/** Also sent by the page's HTML before the app has loaded (app/first-requests.ts). */
export const USER_DETAILS_PATH = '/api/user/details/';

export function getUserDetails(signal?: AbortSignal): Promise<TUserDetails> {
  return apiRequest<TUserDetails>(USER_DETAILS_PATH, { signal });
}

export const userDetailsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.userDetails,
    queryFn: ({ signal }) => getUserDetails(signal),
    staleTime: 60_000,
    // A 401 means the session is over; retrying cannot help. A network hiccup gets one more try.
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
  });

export function useUserDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...userDetailsQueryOptions(), enabled });
}
