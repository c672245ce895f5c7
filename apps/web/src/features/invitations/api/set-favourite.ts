/** PUT (add) or DELETE (remove) /api/favourites/{pharmacistId}/: the star on an application card, 'Togli' on the list. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsKeys } from './query-keys';

export function setFavourite({ pharmacistId, favourite }: { pharmacistId: number; favourite: boolean }): Promise<unknown> {
  return apiRequest(`/api/favourites/${pharmacistId}/`, { method: favourite ? 'PUT' : 'DELETE' });
}

export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFavourite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: invitationsKeys.favourites }),
  });
}
