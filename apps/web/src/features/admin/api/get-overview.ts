/** GET /api/admin/overview/: users by role, open offers by region, applications per week (12), registry size. */
import type { TOverview } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function getOverview(signal?: AbortSignal): Promise<TOverview> {
  return apiRequest<TOverview>('/api/admin/overview/', { signal });
}

export const overviewQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.overview,
    queryFn: ({ signal }) => getOverview(signal),
    staleTime: 60_000,
  });

export function useOverview() {
  return useQuery(overviewQueryOptions());
}
