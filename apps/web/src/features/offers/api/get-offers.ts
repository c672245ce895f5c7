/** GET /api/offers/: every open offer, for the search page's list and map (filtered in the browser by comune). */
import type { TOffer } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function getOffers(signal?: AbortSignal): Promise<TOffer[]> {
  return apiRequest<TOffer[]>('/api/offers/', { signal });
}

export const offersQueryOptions = () =>
  queryOptions({
    queryKey: offersKeys.open,
    queryFn: ({ signal }) => getOffers(signal),
    staleTime: 60_000,
  });

export function useOffers() {
  return useQuery(offersQueryOptions());
}
