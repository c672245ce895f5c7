/** POST /api/shifts/{applicationId}/hours/review/: the owner confirms or disputes the corrected hours. */
import type { THoursReviewInput, TWorkedShiftSaved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shiftsKeys } from './query-keys';

export function reviewWorkedHours({ applicationId, ...review }: { applicationId: number } & THoursReviewInput) {
  return apiRequest<TWorkedShiftSaved>(`/api/shifts/${applicationId}/hours/review/`, { method: 'POST', body: review });
}

export function useReviewWorkedHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewWorkedHours,
    onSettled: () => queryClient.invalidateQueries({ queryKey: shiftsKeys.all }),
  });
}
