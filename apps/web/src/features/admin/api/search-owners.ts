/** GET /api/users/titolare/?search=text: the owners, answered as an object whose values are the owners. */
import type { TOwner, TOwnersById } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The server's cap: a full page means there may be more. */
export const OWNER_SEARCH_LIMIT = LIMITS.searchMaxResults;

export async function searchOwners(search: string, signal?: AbortSignal): Promise<TOwner[]> {
  const byId = await apiRequest<TOwnersById>(`/api/users/titolare/?${new URLSearchParams({ search })}`, { signal });
  // Object keys that look like numbers come back in numeric order: keep the server's (surname, name) order instead.
  return Object.values(byId).sort(
    (a, b) => a.surname.localeCompare(b.surname, 'it') || a.name.localeCompare(b.name, 'it') || a.id - b.id,
  );
}

export const ownersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: adminKeys.ownersSearch(search),
    queryFn: ({ signal }) => searchOwners(search, signal),
    staleTime: 30_000,
  });

export function useOwners(search: string) {
  return useQuery({ ...ownersQueryOptions(search.trim()), placeholderData: keepPreviousData });
}
