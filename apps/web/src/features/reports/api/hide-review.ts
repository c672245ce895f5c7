/** POST /api/admin/reviews/{id}/hide/ {reason}: hides a reported review and resolves the reports that name it. */
import type { TMessage, TReviewHideInput } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './query-keys';

export function hideReview({ id, ...body }: TReviewHideInput & { id: number }): Promise<TMessage> {
  return apiRequest<TMessage>(`/api/admin/reviews/${id}/hide/`, { method: 'POST', body });
}

export function useHideReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideReview,
    // Hidden (or hidden meanwhile by another admin, 409): the desk changes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
