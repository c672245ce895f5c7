/** POST /api/organisation/pharmacies/: a pharmacy added to the organisation, waiting for the admin's check (a titolare's). */
import type { TNewPharmacy } from '@farmaponte/shared/organisation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function addPharmacy(input: TNewPharmacy): Promise<{ id: number; message: string }> {
  return apiRequest('/api/organisation/pharmacies/', { method: 'POST', body: input, pharmacy: null });
}

export function useAddPharmacy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPharmacy,
    // The list shows it at once, waiting; the header's 'Farmacia' lists it too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.organisation, exact: true }),
  });
}
