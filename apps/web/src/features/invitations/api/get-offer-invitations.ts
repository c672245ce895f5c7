/** GET /api/offers/{id}/invitations/: the invitations of one of the owner's offers, newest first. */
import type { TOwnerInvitation } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsKeys } from './query-keys';

export function getOfferInvitations(offerId: number, signal?: AbortSignal): Promise<TOwnerInvitation[]> {
  return apiRequest<TOwnerInvitation[]>(`/api/offers/${offerId}/invitations/`, { signal });
}

export const offerInvitationsQueryOptions = (offerId: number) =>
  queryOptions({ queryKey: invitationsKeys.ofOffer(offerId), queryFn: ({ signal }) => getOfferInvitations(offerId, signal) });

export function useOfferInvitations(offerId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...offerInvitationsQueryOptions(offerId), enabled });
}
