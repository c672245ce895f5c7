/** GET /api/pharmacies/?search=text: up to LIMITS.searchMaxResults registry pharmacies; asked only while the box is not empty. */
import type { TPharmacy } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** The server's cap: a full page means there may be more. */
export const PHARMACY_SEARCH_LIMIT = LIMITS.searchMaxResults;

export function searchPharmacies(search: string, signal?: AbortSignal): Promise<TPharmacy[]> {
  return apiRequest<TPharmacy[]>(`/api/pharmacies/?${new URLSearchParams({ search })}`, { signal });
}

export const pharmaciesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: adminKeys.pharmacies(search),
    queryFn: ({ signal }) => searchPharmacies(search, signal),
    staleTime: 60_000,
  });

export function usePharmacies(search: string) {
  const text = search.trim();
  return useQuery({ ...pharmaciesQueryOptions(text), enabled: text.length > 0, placeholderData: keepPreviousData });
}
