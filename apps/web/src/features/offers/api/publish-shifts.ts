/**
 * 'Pubblica più turni' (decision 090): POST /api/offers/bulk/ (the template on the days picked), POST
 * /api/offers/bulk/csv/ (a file, checked or published), and the pharmacy's settings that prefill the template.
 */
import type { TBulkPublished } from '@farmaponte/shared/bulk-offers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import type { TPharmacyDefaults } from '../lib/shift-days';
import { offersKeys } from './query-keys';

/**
 * GET /api/organisation/pharmacies/{id}/settings/: null when the pharmacy has none to give (or the server does not
 * answer them): the template then starts empty.
 */
export function usePharmacyDefaults(pharmacyId: number | undefined) {
  return useQuery({
    queryKey: ['pharmacy-settings', pharmacyId],
    enabled: pharmacyId !== undefined,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        return await apiRequest<TPharmacyDefaults>(`/api/organisation/pharmacies/${pharmacyId}/settings/`, { signal });
      } catch (error) {
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null;
        throw error;
      }
    },
  });
}

export function usePublishShifts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => apiRequest<TBulkPublished>('/api/offers/bulk/', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKeys.all }),
  });
}

/** The file checked (`checkOnly`) or published; sent as text/csv whatever type the browser gave it. */
export function useShiftsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, checkOnly }: { file: Blob; checkOnly: boolean }) =>
      apiRequest<TBulkPublished>(`/api/offers/bulk/csv/${checkOnly ? '?check_only=true' : ''}`, {
        method: 'POST',
        body: new Blob([file], { type: 'text/csv' }),
      }),
    onSuccess: (answer) => {
      if (!answer.check_only) return queryClient.invalidateQueries({ queryKey: offersKeys.all });
    },
  });
}
