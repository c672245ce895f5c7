/**
 * GET /api/offers/map/?<filters>&bbox=…&zoom=…: the search's offers on the map as the server groups them for the area
 * shown (clusters with a count, or places with their offers' ids; docs/decisions/037). The answer carries the search
 * and the area it answers, so the map never frames one search with another's points.
 */
import type { TOfferMap } from '@farmaponte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { mapAreaQuery, type TMapArea } from '../lib/map-area';
import { searchFiltersQuery, type TSearchFilters } from '../lib/search-filters';
import { offersKeys } from './query-keys';

export type { TOfferMapPoint } from '@farmaponte/shared';

export interface TAnsweredMap extends TOfferMap {
  /** The search answered: its filters without the sort. */
  search: string;
  area: TMapArea;
}

/** The search a map answers: the filters, not their sort. */
export const mapSearchKey = (filters: TSearchFilters) => searchFiltersQuery({ ...filters, sort: undefined });

/** The request of one area (also sent by the page's HTML before the app has loaded: app/first-requests.ts). */
export const offersMapPath = (filters: TSearchFilters, area: TMapArea) => `/api/offers/map/?${mapAreaQuery(filters, area)}`;

export const offersMapQueryOptions = (filters: TSearchFilters, area: TMapArea) =>
  queryOptions({
    queryKey: [...offersKeys.map, mapAreaQuery(filters, area)],
    queryFn: async ({ signal }): Promise<TAnsweredMap> => {
      // The signal cancels the request when the map has moved on before it was answered.
      const answer = await apiRequest<TOfferMap>(offersMapPath(filters, area), { signal });
      return { ...answer, search: mapSearchKey(filters), area };
    },
    staleTime: 60_000,
  });

/** The markers on screen stay while the next area, or a new search, loads. */
export function useOffersMap(filters: TSearchFilters, area: TMapArea) {
  return useQuery({ ...offersMapQueryOptions(filters, area), placeholderData: keepPreviousData });
}
