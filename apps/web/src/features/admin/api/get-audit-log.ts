/** GET /api/admin/audit/?actor=&action=&target_user=&from=&to=&page=: one page of the admin audit log (decision 061). */
import type { TAuditAction, TAuditPage } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The page's filters as they stand in its address ('' for a filter not set). */
export interface TAuditFilters {
  actor: string;
  action: TAuditAction | '';
  target_user: string;
  from: string;
  to: string;
}

export function getAuditLog(filters: TAuditFilters, page: number, signal?: AbortSignal): Promise<TAuditPage> {
  const params = new URLSearchParams({ page: String(page), page_size: String(LIMITS.usersPageSize) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  return apiRequest<TAuditPage>(`/api/admin/audit/?${params}`, { signal });
}

export const auditLogQueryOptions = (filters: TAuditFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.auditPage({ ...filters, page }),
    queryFn: ({ signal }) => getAuditLog(filters, page, signal),
    // The log grows with every admin action: a page shows what was recorded when it was opened, and again on focus.
    staleTime: 0,
  });

export function useAuditLog(filters: TAuditFilters, page: number) {
  // The previous page stays on screen while the next one loads, so the list does not jump.
  return useQuery({ ...auditLogQueryOptions(filters, page), placeholderData: keepPreviousData });
}
