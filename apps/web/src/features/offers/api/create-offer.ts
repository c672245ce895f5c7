/** POST /api/offers/create/ {title, description, date_from, date_to, salary} (docs/rules.md#offers). */
import type { TOfferSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { TOfferPayload } from '../lib/offer-form-values';
import { offersKeys } from './query-keys';

export function createOffer(body: TOfferPayload): Promise<TOfferSaved> {
  return apiRequest('/api/offers/create/', { method: 'POST', body });
}

export function useCreateOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOffer,
    // Both lists (the owner's and the open ones) may show it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}
