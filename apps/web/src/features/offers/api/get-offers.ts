/**
 * GET /api/offers/?near=…&radius_km=…: the open offers a search finds, for the list and the map of /cerca_offerte.
 * Without filters it is the whole list of open offers (cached by the server, decision 006).
 */
import type { TOfferSearchResult } from '@farmaponte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { searchFiltersQuery, type TSearchFilters } from '../lib/search-filters';
import { offersKeys } from './query-keys';

export function getOffers(filters: TSearchFilters, signal?: AbortSignal): Promise<TOfferSearchResult[]> {
  const query = searchFiltersQuery(filters);
  return apiRequest<TOfferSearchResult[]>(`/api/offers/${query ? `?${query}` : ''}`, { signal });
}

export const offersQueryOptions = (filters: TSearchFilters) =>
  queryOptions({
    queryKey: [...offersKeys.open, searchFiltersQuery(filters)],
    queryFn: ({ signal }) => getOffers(filters, signal),
    staleTime: 60_000,
  });

/** The previous answer stays on screen (dimmed) while a new search loads. */
export function useOffers(filters: TSearchFilters) {
  return useQuery({ ...offersQueryOptions(filters), placeholderData: keepPreviousData });
}
