/** GET /api/invitations/mine/: the logged-in pharmacist's invitations, newest first, with their offers. */
import type { TPharmacistInvitation } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { invitationsKeys } from './query-keys';

export function getMyInvitations(signal?: AbortSignal): Promise<TPharmacistInvitation[]> {
  return apiRequest<TPharmacistInvitation[]>('/api/invitations/mine/', { signal });
}

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationsKeys.mine, queryFn: ({ signal }) => getMyInvitations(signal) });

export function useMyInvitations() {
  return useQuery(myInvitationsQueryOptions());
}
