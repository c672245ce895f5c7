/** PUT /api/availability/: replaces the pharmacist's whole calendar; the answer is the calendar as stored. */
import type { TAvailabilityInput, TAvailabilitySaved } from '@farmaponte/shared/availability';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from './query-keys';

export function saveAvailability(body: TAvailabilityInput): Promise<TAvailabilitySaved> {
  return apiRequest<TAvailabilitySaved>('/api/availability/', { method: 'PUT', body });
}

export function useSaveAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveAvailability,
    onSuccess: ({ message: _message, ...saved }) => queryClient.setQueryData(availabilityKeys.mine, saved),
  });
}
