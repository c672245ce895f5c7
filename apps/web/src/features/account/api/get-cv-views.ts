/** GET /api/user/cv-views/?page&page_size: who opened the pharmacist's CV, newest first, a page at a time ('Mostra altri'). */
import type { TCvViewsPage } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

const PAGE_SIZE = LIMITS.cvViewsPageSize;

export interface TCvViewsPageLoaded extends TCvViewsPage {
  page: number;
}

export async function getCvViews(page: number, signal?: AbortSignal): Promise<TCvViewsPageLoaded> {
  const answer = await apiRequest<TCvViewsPage>(`/api/user/cv-views/?page=${page}&page_size=${PAGE_SIZE}`, { signal });
  return { ...answer, page };
}

export const cvViewsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: accountKeys.cvViews,
    queryFn: ({ pageParam, signal }) => getCvViews(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * PAGE_SIZE < last.count ? last.page + 1 : undefined),
  });

export function useCvViews() {
  return useInfiniteQuery(cvViewsQueryOptions());
}
