/**
 * The negotiation on an application's pay (decision 094): GET /api/applications/{id}/negotiation/ (both sides read
 * the same history), the owner's decision on her proposal (POST …/proposal/decision/: accept, counter, decline) and
 * hers on the owner's counter (POST …/counter/decision/). A decision changes the lists (their `negotiation` and
 * `agreed`) and the contract, so they are read again.
 */
import type { TAgreedTerms, TNegotiation, TNegotiationSummary, TProposalDecision } from '@farmaponte/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { engagementKeys } from '../../../lib/api/engagement';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';

/** The lists' `negotiation` (the latest step) and `agreed` (the terms settled, when a figure was). */
export const negotiationOf = (application: { negotiation?: TNegotiationSummary }): TNegotiationSummary =>
  application.negotiation ?? null;
export const agreedOf = ({ agreed }: { agreed?: TAgreedTerms }): TAgreedTerms | null =>
  agreed && (agreed.hourly_pay !== null || agreed.travel_amount !== null) ? agreed : null;

export const negotiationKey = (applicationId: number) => [...sharedKeys.applications, 'negotiation', applicationId] as const;

export function useNegotiation(applicationId: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: negotiationKey(applicationId),
    enabled,
    queryFn: ({ signal }) => apiRequest<TNegotiation>(`/api/applications/${applicationId}/negotiation/`, { signal }),
  });
}

type TDecisionRequest =
  | ({ side: 'owner'; applicationId: number } & TProposalDecision)
  | { side: 'pharmacist'; applicationId: number; decision: 'accept' | 'decline'; reason?: string };

export function decideNegotiation({ side, applicationId, ...body }: TDecisionRequest): Promise<{ message: string }> {
  const step = side === 'owner' ? 'proposal' : 'counter';
  return apiRequest<{ message: string }>(`/api/applications/${applicationId}/${step}/decision/`, { method: 'POST', body });
}

export function useDecideNegotiation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideNegotiation,
    // Whatever happened (a refusal may mean the other side moved first), read the truth again.
    onSettled: (_answer, _error, request) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sharedKeys.applications }),
        queryClient.invalidateQueries({ queryKey: engagementKeys.contract(request.applicationId) }),
      ]),
  });
}
