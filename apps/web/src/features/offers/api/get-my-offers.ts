/** GET /api/offers/mine/: the logged-in owner's offers, open and closed, with their number of applications. */
import type { TMyOffer } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function getMyOffers(signal?: AbortSignal): Promise<TMyOffer[]> {
  return apiRequest<TMyOffer[]>('/api/offers/mine/', { signal });
}

export const myOffersQueryOptions = () =>
  queryOptions({
    queryKey: offersKeys.mine,
    queryFn: ({ signal }) => getMyOffers(signal),
  });

export function useMyOffers() {
  return useQuery(myOffersQueryOptions());
}
