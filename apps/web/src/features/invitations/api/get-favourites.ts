/** GET /api/favourites/: 'I miei farmacisti', the owner's favourite pharmacists, most recently added first. */
import type { TFavouritePharmacist } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsKeys } from './query-keys';

export function getFavourites(signal?: AbortSignal): Promise<TFavouritePharmacist[]> {
  return apiRequest<TFavouritePharmacist[]>('/api/favourites/', { signal });
}

export const favouritesQueryOptions = () =>
  queryOptions({ queryKey: invitationsKeys.favourites, queryFn: ({ signal }) => getFavourites(signal) });

export function useFavourites() {
  return useQuery(favouritesQueryOptions());
}
