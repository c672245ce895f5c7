/** PUT /api/organisation/: the data for invoices (a titolare's); the answer is the organisation, kept as the new one. */
import type { TOrganisation, TOrganisationInput } from '@farmaponte/shared/organisation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export function updateOrganisation(input: TOrganisationInput): Promise<TOrganisation & { message: string }> {
  return apiRequest('/api/organisation/', { method: 'PUT', body: input, pharmacy: null });
}

export function useUpdateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrganisation,
    onSuccess: ({ message: _message, ...organisation }) => queryClient.setQueryData(sharedKeys.organisation, organisation),
  });
}
