/** GET /api/admin/verifications/?status=&role=&page=: one page of the verification queue, oldest first (decision 049). */
import type { TVerificationStatus, TVerificationsPage, TVerifiedRole } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { verificationKeys } from './query-keys';

export interface TVerificationsFilter {
  status: TVerificationStatus;
  /** '' for both roles. */
  role: TVerifiedRole | '';
  page: number;
}

export function getVerifications(
  { status, role, page }: TVerificationsFilter,
  signal?: AbortSignal,
): Promise<TVerificationsPage> {
  const params = new URLSearchParams({ status, role, page: String(page), page_size: String(LIMITS.usersPageSize) });
  return apiRequest<TVerificationsPage>(`/api/admin/verifications/?${params}`, { signal });
}

export function useVerifications(filter: TVerificationsFilter) {
  // The previous page stays on screen while the next one loads, so the cards do not jump.
  return useQuery({
    queryKey: verificationKeys.page(filter),
    queryFn: ({ signal }) => getVerifications(filter, signal),
    placeholderData: keepPreviousData,
  });
}

/** The dashboard's numbers: how many wait, and how many for more than one working day. */
export const pendingVerificationsQueryOptions = () =>
  queryOptions({
    queryKey: verificationKeys.pending,
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ status: 'pending', page_size: '1' });
      return apiRequest<TVerificationsPage>(`/api/admin/verifications/?${params}`, { signal });
    },
  });
