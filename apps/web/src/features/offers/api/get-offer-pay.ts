/**
 * GET /api/offers/{id}/pay/?legal_form=…: the offer's pay for one pharmacist under one form, hour by hour, with her
 * trip (from her profile's comune when she is logged in), lodging and the bounds of a negotiation (decision 094). No
 * login needed for an open offer; the session goes along when there is one.
 */
import type { TOfferPay } from '@farmaponte/shared';
import type { TLegalForm } from '@farmaponte/shared/engagement';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function useOfferPay(offerId: number, legalForm: TLegalForm) {
  return useQuery({
    queryKey: [...offersKeys.public(offerId), 'pay', legalForm],
    queryFn: ({ signal }) => apiRequest<TOfferPay>(`/api/offers/${offerId}/pay/?legal_form=${legalForm}`, { signal }),
    staleTime: 60_000,
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}
