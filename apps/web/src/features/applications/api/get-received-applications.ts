/**
 * GET /api/titolare/candidatures/?page=N: the applications to the owner's offers, newest first, 100 a page; the
 * total is in X-Total-Count. Pages load one after the other ('Mostra altre candidature').
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';

export const RECEIVED_PAGE_SIZE = 100;

export interface TReceivedApplicationsPage {
  page: number;
  applications: TReceivedApplication[];
  /** Every application received, on all pages. */
  total: number;
}

export async function getReceivedApplications(page: number, signal?: AbortSignal): Promise<TReceivedApplicationsPage> {
  const { data, headers } = await apiRequestWithStatus<TReceivedApplication[]>(
    `/api/titolare/candidatures/?page=${page}&page_size=${RECEIVED_PAGE_SIZE}`,
    { signal },
  );
  const total = Number(headers.get('x-total-count'));
  const before = (page - 1) * RECEIVED_PAGE_SIZE;
  return {
    page,
    applications: data,
    total: Number.isFinite(total) ? Math.max(total, before + data.length) : before + data.length,
  };
}

export const receivedApplicationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: ['applications', 'received'],
    queryFn: ({ pageParam, signal }) => getReceivedApplications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * RECEIVED_PAGE_SIZE < last.total ? last.page + 1 : undefined),
    // The CV links are signed for 10 minutes: reload before they expire and when the owner comes back to the tab.
    staleTime: 60_000,
    refetchInterval: 8 * 60_000,
    refetchOnWindowFocus: true,
  });

export function useReceivedApplications() {
  return useInfiniteQuery(receivedApplicationsQueryOptions());
}
