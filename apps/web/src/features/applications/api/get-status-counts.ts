/** GET /api/titolare/candidatures/counts/?offer_id: how many received applications each status has, in one request. */
import type { TApplicationStatus, TReceivedCounts } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { applicationsKeys } from './query-keys';

export type TStatusCounts = Record<TApplicationStatus, number>;

export async function getStatusCounts(offerId: number | null, signal?: AbortSignal): Promise<TStatusCounts> {
  const query = offerId === null ? '' : `?${new URLSearchParams({ offer_id: String(offerId) })}`;
  const counts = await apiRequest<TReceivedCounts>(`/api/titolare/candidatures/counts/${query}`, { signal });
  return counts.by_status;
}

export const statusCountsQueryOptions = (offerId: number | null) =>
  queryOptions({
    queryKey: applicationsKeys.statusCounts(offerId),
    queryFn: ({ signal }) => getStatusCounts(offerId, signal),
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
  });

export function useStatusCounts(offerId: number | null) {
  return useQuery(statusCountsQueryOptions(offerId));
}
