/** GET /api/users/all/?search=&role=&page=&page_size=: one page of users with the true total (decision 012). */
import type { TRole, TUsersPage } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export interface TUsersQuery {
  search: string;
  /** '' for every role. */
  role: TRole | '';
  page: number;
}

export function getUsers({ search, role, page }: TUsersQuery, signal?: AbortSignal): Promise<TUsersPage> {
  const params = new URLSearchParams({ search, role, page: String(page), page_size: String(LIMITS.usersPageSize) });
  return apiRequest<TUsersPage>(`/api/users/all/?${params}`, { signal });
}

export const usersQueryOptions = (query: TUsersQuery) =>
  queryOptions({
    queryKey: adminKeys.usersPage(query),
    queryFn: ({ signal }) => getUsers(query, signal),
    staleTime: 30_000,
  });

export function useUsers(query: TUsersQuery) {
  // The previous page stays on screen while the next one loads, so the table does not jump.
  return useQuery({ ...usersQueryOptions({ ...query, search: query.search.trim() }), placeholderData: keepPreviousData });
}
