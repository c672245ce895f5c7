/**
 * GET /api/offers/mine/: the logged-in owner's offers with their status, applications and positions filled. Read by
 * /mie_offerte and by the offer filter of /candidature.
 */
import type { TMyOffer } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function getMyOffers(signal?: AbortSignal): Promise<TMyOffer[]> {
  return apiRequest<TMyOffer[]>('/api/offers/mine/', { signal });
}

export const myOffersQueryOptions = () =>
  queryOptions({
    queryKey: sharedKeys.myOffers,
    queryFn: ({ signal }) => getMyOffers(signal),
  });

export function useMyOffers() {
  return useQuery(myOffersQueryOptions());
}
