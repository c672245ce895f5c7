/** DELETE /api/offers/{id}/delete/ (204): the offer and its applications are gone (it leaves the list; docs/rules.md#offers). */
import type { TMyOffer } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function deleteOffer(id: number): Promise<void> {
  return apiRequest<void>(`/api/offers/${id}/delete/`, { method: 'DELETE' });
}

export function useDeleteOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOffer,
    onSuccess: (_answer, id) => {
      queryClient.setQueryData<TMyOffer[]>(offersKeys.mine, (offers) => offers?.filter((offer) => offer.id !== id));
      void queryClient.invalidateQueries({ queryKey: offersKeys.all });
    },
  });
}
