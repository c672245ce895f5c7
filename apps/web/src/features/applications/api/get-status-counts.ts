/**
 * How many received applications each status has, for one offer or all: the X-Total-Count of one single-item page per
 * status (the list endpoint is the only count the API gives), fetched together.
 */
import type { TApplicationStatus } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { APPLICATION_STATUSES } from '../lib/received-filters';
import { getReceivedApplications } from './get-received-applications';
import { applicationsKeys } from './query-keys';

export type TStatusCounts = Record<TApplicationStatus, number>;

export async function getStatusCounts(offerId: number | null, signal?: AbortSignal): Promise<TStatusCounts> {
  const totals = await Promise.all(
    APPLICATION_STATUSES.map((status) => getReceivedApplications({ offerId, status }, 1, signal, 1).then((page) => page.total)),
  );
  return Object.fromEntries(APPLICATION_STATUSES.map((status, index) => [status, totals[index] ?? 0])) as TStatusCounts;
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
