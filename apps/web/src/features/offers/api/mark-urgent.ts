/**
 * POST /api/offers/{id}/urgent/ (decision 096): 'Segna come urgente' tells the pharmacists free that day at once; the
 * card then shows 'Urgente' and how many were told, and the search lists the shift first.
 */
import type { TMyOffer, TMyOfferChanged } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function markUrgent(id: number): Promise<TMyOfferChanged> {
  return apiRequest<TMyOfferChanged>(`/api/offers/${id}/urgent/`, { method: 'POST' });
}

export function useMarkUrgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markUrgent,
    onSuccess: ({ message: _message, ...changed }) =>
      queryClient.setQueryData<TMyOffer[]>(offersKeys.mine, (offers) =>
        offers?.map((offer) => (offer.id === changed.id ? changed : offer)),
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
