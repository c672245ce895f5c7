/**
 * POST /api/titolare/candidatures/{id}/decision/ {decision, message}: the owner accepts or rejects (an accepted one
 * may be cancelled by rejecting it, with a message). Every list of received applications and the owner's offers
 * (positions filled, status) change.
 */
import type { TDecisionInput, TReceivedApplication } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { applicationsKeys } from './query-keys';

export function decideApplication({ id, ...body }: TDecisionInput & { id: number }): Promise<TReceivedApplication> {
  return apiRequest<TReceivedApplication>(`/api/titolare/candidatures/${id}/decision/`, { method: 'POST', body });
}

export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideApplication,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationsKeys.received }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.myOffers }),
      ]),
  });
}
