/** PUT /api/shifts/{applicationId}/hours/: the pharmacist's hours of a day; the month is read again. */
import type { TWorkedHoursInput, TWorkedShiftSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shiftsKeys } from './query-keys';

export function correctWorkedHours({ applicationId, days }: { applicationId: number } & TWorkedHoursInput) {
  return apiRequest<TWorkedShiftSaved>(`/api/shifts/${applicationId}/hours/`, { method: 'PUT', body: { days } });
}

export function useCorrectWorkedHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctWorkedHours,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsKeys.all }),
  });
}
