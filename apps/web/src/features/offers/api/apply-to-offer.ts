/**
 * POST /api/candidature/ {offer_id, legal_form?, proposal?}: 'Manda CV', the pharmacist's stored CV sent to an offer
 * (docs/rules.md#applications); with the legal form she chose when the offer has more than one, or is freelance
 * (decision 093), and her proposal on the pay when she made one (decision 094). Without a form the server takes the
 * offer's first.
 */
import type { TApplicationCreated, TApplyInput, TProposalInput } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

export type TApplyRequest = number | { offerId: number; legalForm: TLegalForm; proposal?: TProposalInput };

export const appliedOfferId = (request: TApplyRequest) => (typeof request === 'number' ? request : request.offerId);

export function applyToOffer(request: TApplyRequest): Promise<TApplicationCreated> {
  const body: TApplyInput & { legal_form?: TLegalForm; proposal?: TProposalInput } =
    typeof request === 'number'
      ? { offer_id: request }
      : { offer_id: request.offerId, legal_form: request.legalForm, ...(request.proposal ? { proposal: request.proposal } : {}) };
  return apiRequest<TApplicationCreated>('/api/candidature/', { method: 'POST', body });
}

export function useApplyToOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: applyToOffer,
    // The pharmacist's own list of applications (another screen) is out of date now.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sharedKeys.applications }),
  });
}
