/**
 * GET /api/offers/{id}/pay/?legal_form=…: an offer's pay for the form she chose, hour by hour, with her trip from her
 * profile's comune, the lodging and the bounds of a negotiation (decision 094). Read by the apply dialog and the
 * invitation's answer (features do not import each other, so it lives here).
 */

import type { TOfferPay } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client';

export type { TOfferPay };

export const offerPayQueryOptions = (offerId: number, legalForm: TLegalForm) =>
  queryOptions({
    queryKey: ['offer-pay', offerId, legalForm] as const,
    queryFn: ({ signal }) =>
      apiRequest<TOfferPay>(`/api/offers/${offerId}/pay/?legal_form=${legalForm}`, { signal, pharmacy: null }),
    staleTime: 60_000,
    // A refusal (an offer no longer open, a form it does not offer) is an answer, not a failure to retry.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });

export function useOfferPay(offerId: number, legalForm: TLegalForm, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...offerPayQueryOptions(offerId, legalForm), enabled });
}
