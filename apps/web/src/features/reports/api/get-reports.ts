/** GET /api/admin/reports/?status=&page=: one page of the desk, grouped by target (decision 062). */
import type { TAdminReportsPage } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './query-keys';

export type TReportsTab = 'open' | 'resolved';

export function getReports({ status, page }: { status: TReportsTab; page: number }, signal?: AbortSignal) {
  const params = new URLSearchParams({ status, page: String(page), page_size: String(LIMITS.reportsPageSize) });
  return apiRequest<TAdminReportsPage>(`/api/admin/reports/?${params}`, { signal });
}

export function useReports(filter: { status: TReportsTab; page: number }) {
  return useQuery({
    queryKey: reportKeys.page(filter),
    queryFn: ({ signal }) => getReports(filter, signal),
    placeholderData: keepPreviousData,
  });
}
