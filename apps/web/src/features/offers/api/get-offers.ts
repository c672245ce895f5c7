/**
 * GET /api/offers/?page=N&page_size=20&<filters>&sort=…: one page of the open offers a search finds, for the list of
 * /cerca_offerte (docs/decisions/037); and GET /api/offers/?ids=…: the offers behind one marker of its map. The whole
 * list (GET /api/offers/ without parameters) is no longer read here: its cost grew with every offer in Italy.
 */
import type { TOfferSearchPage, TOfferSearchResult } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchFiltersQuery, type TSearchFilters } from '../lib/search-filters';
import { offersKeys } from './query-keys';

export const OFFERS_PAGE_SIZE = LIMITS.offerSearchPageSize;

/** The query of one page: page and size first, then the filters and the sort as the URL writes them. */
export function offersPageQuery(filters: TSearchFilters, page: number): string {
  const query = searchFiltersQuery(filters);
  return `page=${page}&page_size=${OFFERS_PAGE_SIZE}${query ? `&${query}` : ''}`;
}

/** The request of one page (also sent by the page's HTML before the app has loaded: app/first-requests.ts). */
export const offersPagePath = (filters: TSearchFilters, page: number) => `/api/offers/?${offersPageQuery(filters, page)}`;

export const offersPageQueryOptions = (filters: TSearchFilters, page: number) =>
  queryOptions({
    queryKey: [...offersKeys.open, 'page', offersPageQuery(filters, page)],
    queryFn: ({ signal }) => apiRequest<TOfferSearchPage>(offersPagePath(filters, page), { signal }),
    staleTime: 60_000,
  });

/** The page on screen stays (dimmed) while the next one, or a new search, loads. */
export function useOffersPage(filters: TSearchFilters, page: number) {
  return useQuery({ ...offersPageQueryOptions(filters, page), placeholderData: keepPreviousData });
}

/** The offers of one place on the map (at most 20 ids, as its marker gives them). */
export function useOffersByIds(ids: readonly number[]) {
  const list = ids.join(',');
  return useQuery({
    queryKey: [...offersKeys.open, 'ids', list],
    queryFn: ({ signal }) => apiRequest<TOfferSearchResult[]>(`/api/offers/?ids=${list}`, { signal }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
}
