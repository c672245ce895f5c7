/** GET /api/offers/{id}/: one offer as anyone may see it (no login); 410 once it is closed, 404 when there is none. */
import type { TPublicOffer } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function getPublicOffer(offerId: number, signal?: AbortSignal): Promise<TPublicOffer> {
  return apiRequest<TPublicOffer>(`/api/offers/${offerId}/`, { auth: false, signal });
}

export const publicOfferQueryOptions = (offerId: number) =>
  queryOptions({
    queryKey: offersKeys.public(offerId),
    queryFn: ({ signal }) => getPublicOffer(offerId, signal),
    staleTime: 60_000,
    // A closed or missing offer is an answer, not a hiccup: no retries.
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 410)) && count < 2,
  });

export function usePublicOffer(offerId: number) {
  return useQuery({ ...publicOfferQueryOptions(offerId), enabled: Number.isInteger(offerId) && offerId > 0 });
}
