/**
 * GET /api/titolare/candidatures/?offer_id&status&page: the applications to the owner's offers, newest first,
 * LIMITS.receivedApplicationsPageSize a page, filtered by offer and status; the total is in X-Total-Count. Pages load
 * one after the other ('Mostra altre candidature').
 */
import type { TReceivedApplication } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequestWithStatus } from '../../../lib/api-client';
import type { TReceivedFilters } from '../lib/received-filters';
import { applicationsKeys } from './query-keys';

const PAGE_SIZE = LIMITS.receivedApplicationsPageSize;
/** Reload the list (and so re-sign its CV links) two minutes before the links expire. */
const CV_LINK_REFRESH_MS = (LIMITS.cvLinkTtlSeconds - 2 * 60) * 1000;

export interface TReceivedApplicationsPage {
  page: number;
  applications: TReceivedApplication[];
  /** Every application matching the filters, on all pages. */
  total: number;
}

/** The query string of a filter (empty ones left out), with the page. */
export function receivedQueryString({ offerId, status, alboVerified }: TReceivedFilters, page: number, pageSize: number): string {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  if (offerId !== null) params.set('offer_id', String(offerId));
  if (status) params.set('status', status);
  if (alboVerified) params.set('albo_verified', 'true');
  return params.toString();
}

export async function getReceivedApplications(
  filters: TReceivedFilters,
  page: number,
  signal?: AbortSignal,
  pageSize: number = PAGE_SIZE,
): Promise<TReceivedApplicationsPage> {
  const { data, headers } = await apiRequestWithStatus<TReceivedApplication[]>(
    `/api/titolare/candidatures/?${receivedQueryString(filters, page, pageSize)}`,
    { signal },
  );
  const total = Number(headers.get('x-total-count'));
  const before = (page - 1) * pageSize;
  return {
    page,
    applications: data,
    total: Number.isFinite(total) ? Math.max(total, before + data.length) : before + data.length,
  };
}

export const receivedApplicationsQueryOptions = (filters: TReceivedFilters) =>
  infiniteQueryOptions({
    queryKey: applicationsKeys.receivedList(filters),
    queryFn: ({ pageParam, signal }) => getReceivedApplications(filters, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * PAGE_SIZE < last.total ? last.page + 1 : undefined),
    // The CV links expire (LIMITS.cvLinkTtlSeconds): reload before they do and when the owner comes back to the tab
    // (after reading a CV in another tab, its application shows as seen).
    staleTime: 60_000,
    refetchInterval: CV_LINK_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });

export function useReceivedApplications(filters: TReceivedFilters) {
  return useInfiniteQuery(receivedApplicationsQueryOptions(filters));
}
