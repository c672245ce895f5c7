/**
 * POST /api/offers/{id}/close/ and /reopen/: 'Chiudi offerta' takes the offer out of the search (its waiting
 * applications are answered by the server); 'Riapri' puts it back while its dates have not passed.
 */
import type { TMyOffer, TMyOfferChanged } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export type TOfferAvailability = 'close' | 'reopen';

export function setOfferAvailability({ id, action }: { id: number; action: TOfferAvailability }): Promise<TMyOfferChanged> {
  return apiRequest<TMyOfferChanged>(`/api/offers/${id}/${action}/`, { method: 'POST' });
}

export function useSetOfferAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOfferAvailability,
    onSuccess: ({ message: _message, ...changed }) =>
      queryClient.setQueryData<TMyOffer[]>(offersKeys.mine, (offers) =>
        offers?.map((offer) => (offer.id === changed.id ? changed : offer)),
      ),
    // The search lists open offers only, and closing answers the applications still waiting.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offersKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.applications }),
      ]),
  });
}
