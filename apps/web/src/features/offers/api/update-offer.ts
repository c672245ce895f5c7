/** PUT /api/offers/{id}/update/ with the same fields as the creation (docs/rules.md#offers). */
import type { TOfferSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TOfferPayload } from '../lib/offer-form-values';
import { offersKeys } from './query-keys';

export function updateOffer({ id, ...body }: TOfferPayload & { id: number }): Promise<TOfferSaved> {
  return apiRequest(`/api/offers/${id}/update/`, { method: 'PUT', body });
}

export function useUpdateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOffer,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
