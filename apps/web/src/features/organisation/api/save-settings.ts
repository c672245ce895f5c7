/** PUT /api/organisation/pharmacies/{id}/settings/: a pharmacy's defaults and who of its staff is mailed. */
import type { TPharmacySettings } from '@farmaponte/shared/organisation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function useSavePharmacySettings(pharmacyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: TPharmacySettings) =>
      apiRequest<TPharmacySettings & { message: string }>(`/api/organisation/pharmacies/${pharmacyId}/settings/`, {
        method: 'PUT',
        body: settings,
        pharmacy: null,
      }),
    onSuccess: ({ message: _message, ...saved }) => queryClient.setQueryData(sharedKeys.pharmacySettings(pharmacyId), saved),
  });
}
