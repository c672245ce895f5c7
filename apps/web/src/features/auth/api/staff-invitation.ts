/**
 * A staff invitation's link (decision 089): GET /api/organisation/invitations/accept/?token= says what it offers;
 * POST accepts it, with the session of the invited address or, without one, making the account.
 */
import type { TInvitationAccept, TInvitationPreview } from '@farmaponte/shared/organisation';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['staff-invitation', token],
    queryFn: ({ signal }) =>
      apiRequest<TInvitationPreview>(`/api/organisation/invitations/accept/?${new URLSearchParams({ token })}`, {
        signal,
        auth: false,
      }),
    enabled: token !== '',
    // An unknown, used or expired link stays so: asking again cannot help.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 1,
  });
}

export type TAcceptAnswer = { message: string; email: string; created: boolean };

/** `withSession`: the person is logged in as the invited address and joins with that account. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: ({ withSession, ...body }: TInvitationAccept & { withSession: boolean }) =>
      apiRequest<TAcceptAnswer>('/api/organisation/invitations/accept/', {
        method: 'POST',
        body,
        auth: withSession,
        pharmacy: null,
      }),
  });
}
