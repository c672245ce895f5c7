/** POST /api/candidature/ {offer_id}: 'Manda CV', the pharmacist's stored CV sent to an offer (docs/rules.md#applications). */
import type { TApplicationCreated, TApplyInput } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function applyToOffer(offerId: number): Promise<TApplicationCreated> {
  const body: TApplyInput = { offer_id: offerId };
  return apiRequest<TApplicationCreated>('/api/candidature/', { method: 'POST', body });
}

export function useApplyToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToOffer,
    // The pharmacist's own list of applications (another screen) is out of date now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.applications }),
  });
}
