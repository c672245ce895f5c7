/**
 * GET /api/titolare/candidatures/?page=N: the applications to the owner's offers, newest first, LIMITS.receivedApplicationsPageSize a page; the
 * total is in X-Total-Count. Pages load one after the other ('Mostra altre candidature').
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';
import { applicationsKeys } from './query-keys';

const PAGE_SIZE = LIMITS.receivedApplicationsPageSize;
/** Reload the list (and so re-sign its CV links) two minutes before the links expire. */
const CV_LINK_REFRESH_MS = (LIMITS.cvLinkTtlSeconds - 2 * 60) * 1000;

export interface TReceivedApplicationsPage {
  page: number;
  applications: TReceivedApplication[];
  /** Every application received, on all pages. */
  total: number;
}

export async function getReceivedApplications(page: number, signal?: AbortSignal): Promise<TReceivedApplicationsPage> {
  const { data, headers } = await apiRequestWithStatus<TReceivedApplication[]>(
    `/api/titolare/candidatures/?page=${page}&page_size=${PAGE_SIZE}`,
    { signal },
  );
  const total = Number(headers.get('x-total-count'));
  const before = (page - 1) * PAGE_SIZE;
  return {
    page,
    applications: data,
    total: Number.isFinite(total) ? Math.max(total, before + data.length) : before + data.length,
  };
}

export const receivedApplicationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: applicationsKeys.received,
    queryFn: ({ pageParam, signal }) => getReceivedApplications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * PAGE_SIZE < last.total ? last.page + 1 : undefined),
    // The CV links expire (LIMITS.cvLinkTtlSeconds): reload before they do and when the owner comes back to the tab.
    staleTime: 60_000,
    refetchInterval: CV_LINK_REFRESH_MS,
    refetchOnWindowFocus: true,
  });

export function useReceivedApplications() {
  return useInfiniteQuery(receivedApplicationsQueryOptions());
}
