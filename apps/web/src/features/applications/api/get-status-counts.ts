/** GET /api/titolare/candidatures/counts/?offer_id&albo_verified: how many received applications each status has, in one request. */
import type { TApplicationStatus, TReceivedCounts } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicationsKeys } from './query-keys';

export type TStatusCounts = Record<TApplicationStatus, number>;

export async function getStatusCounts(
  offerId: number | null,
  alboVerified: boolean,
  signal?: AbortSignal,
): Promise<TStatusCounts> {
  const params = new URLSearchParams();
  if (offerId !== null) params.set('offer_id', String(offerId));
  if (alboVerified) params.set('albo_verified', 'true');
  const query = params.size ? `?${params}` : '';
  const counts = await apiRequest<TReceivedCounts>(`/api/titolare/candidatures/counts/${query}`, { signal });
  return counts.by_status;
}

export const statusCountsQueryOptions = (offerId: number | null, alboVerified = false) =>
  queryOptions({
    queryKey: applicationsKeys.statusCounts(offerId, alboVerified),
    queryFn: ({ signal }) => getStatusCounts(offerId, alboVerified, signal),
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
  });

export function useStatusCounts(offerId: number | null, alboVerified = false) {
  return useQuery(statusCountsQueryOptions(offerId, alboVerified));
}
