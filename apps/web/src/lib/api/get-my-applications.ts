/**
 * GET /api/candidature/mine/: the applications the logged-in pharmacist has sent, newest first, with their offers and
 * status. Read by /mie_candidature and by /cerca_offerte (the status beside an offer already applied to).
 */
import type { TSentApplication } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function getMyApplications(signal?: AbortSignal): Promise<TSentApplication[]> {
  return apiRequest<TSentApplication[]>('/api/candidature/mine/', { signal });
}

export const myApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.myApplications,
    queryFn: ({ signal }) => getMyApplications(signal),
  });

export function useMyApplications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...myApplicationsQueryOptions(), enabled });
}
