/**
 * POST /api/invitations/{id}/accept/ and /decline/ {reason}: the pharmacist's answer; both answer the invitation as the
 * pharmacist sees it. An acceptance makes an accepted application, so the pharmacist's applications are read again.
 * An acceptance of an offer that offers the freelance form says the form chosen ({legal_form}, decision 093); without
 * one the server takes the offer's first form. With her proposal on the pay (decision 094) the invitation is answered
 * but her application waits for the owner's decision on it.
 */
import type { TAcceptInvitationInput, TDeclineInvitationInput, TPharmacistInvitation, TProposalInput } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { invitationsKeys } from './query-keys';

export type TInvitationAnswer =
  | ({ id: number; answer: 'accept'; proposal?: TProposalInput } & TAcceptInvitationInput)
  | ({ id: number; answer: 'decline' } & TDeclineInvitationInput);

export function answerInvitation(input: TInvitationAnswer): Promise<TPharmacistInvitation> {
  const { id, answer, ...body } = input;
  return apiRequest<TPharmacistInvitation>(`/api/invitations/${id}/${answer}/`, {
    method: 'POST',
    body: Object.keys(body).length ? body : undefined,
  });
}

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerInvitation,
    onSuccess: (changed) =>
      queryClient.setQueryData<TPharmacistInvitation[]>(invitationsKeys.mine, (list) =>
        list?.map((invitation) => (invitation.id === changed.id ? changed : invitation)),
      ),
    // Whatever happened (a refusal may mean the offer changed meanwhile), read the truth again.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: invitationsKeys.mine }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.myApplications }),
      ]),
  });
}
