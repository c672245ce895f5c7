/** POST /api/offers/{id}/invitations/ {pharmacist_id, message}: the owner invites a pharmacist to an open offer. */
import type { TInviteInput, TOwnerInvitation } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsKeys } from './query-keys';

export function inviteToOffer({ offerId, ...body }: TInviteInput & { offerId: number }): Promise<TOwnerInvitation> {
  return apiRequest<TOwnerInvitation>(`/api/offers/${offerId}/invitations/`, { method: 'POST', body });
}

export function useInviteToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteToOffer,
    onSuccess: (created) => queryClient.invalidateQueries({ queryKey: invitationsKeys.ofOffer(created.offer_id) }),
  });
}
