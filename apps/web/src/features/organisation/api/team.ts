/**
 * The staff (a titolare's, decision 089): GET /api/organisation/team/, and the writes on it: an invitation sent or
 * revoked, a member's role and pharmacies changed, a member removed. Each write reads the team again.
 */
import type { TMemberUpdate, TStaffInvitationInput, TTeam } from '@farmaponte/shared/organisation';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { organisationKeys } from './query-keys';

type TAnswer = { message: string };

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: organisationKeys.team,
    queryFn: ({ signal }) => apiRequest<TTeam>('/api/organisation/team/', { signal, pharmacy: null }),
  });

export function useTeam({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...teamQueryOptions(), enabled });
}

function useTeamWrite<TVariables>(write: (variables: TVariables) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.team }),
  });
}

export const useInviteStaff = () =>
  useTeamWrite((input: TStaffInvitationInput) =>
    apiRequest<TAnswer>('/api/organisation/invitations/', { method: 'POST', body: input, pharmacy: null }),
  );

export const useRevokeInvitation = () =>
  useTeamWrite((id: number) => apiRequest<TAnswer>(`/api/organisation/invitations/${id}/`, { method: 'DELETE', pharmacy: null }));

export const useUpdateMember = () =>
  useTeamWrite(({ userId, ...update }: TMemberUpdate & { userId: number }) =>
    apiRequest<TAnswer>(`/api/organisation/members/${userId}/`, { method: 'PATCH', body: update, pharmacy: null }),
  );

export const useRemoveMember = () =>
  useTeamWrite((userId: number) =>
    apiRequest<TAnswer>(`/api/organisation/members/${userId}/`, { method: 'DELETE', pharmacy: null }),
  );
