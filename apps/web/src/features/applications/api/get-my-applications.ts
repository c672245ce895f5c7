/** GET /api/candidature/mine/: the applications the logged-in pharmacist has sent, newest first, with their offers. */
import type { TSentApplication } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicationsKeys } from './query-keys';

export function getMyApplications(signal?: AbortSignal): Promise<TSentApplication[]> {
  return apiRequest<TSentApplication[]>('/api/candidature/mine/', { signal });
}

export const myApplicationsQueryOptions = () =>
  queryOptions({
    queryKey: applicationsKeys.mine,
    queryFn: ({ signal }) => getMyApplications(signal),
  });

export function useMyApplications() {
  return useQuery(myApplicationsQueryOptions());
}
