/** GET /api/pharmacies/lookup/?q=: the registry pharmacies an owner picks theirs from (registration and profile). */
import type { TPharmacyLookup } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function lookupPharmacies(q: string, signal?: AbortSignal): Promise<TPharmacyLookup> {
  return apiRequest<TPharmacyLookup>(`/api/pharmacies/lookup/?${new URLSearchParams({ q })}`, { auth: false, signal });
}

export const pharmacyLookupQueryOptions = (q: string) =>
  queryOptions({
    queryKey: sharedKeys.pharmacyLookup(q.trim().toLowerCase()),
    queryFn: ({ signal }) => lookupPharmacies(q.trim(), signal),
    staleTime: 5 * 60 * 1000,
    retry: false,
  });

/** Asks only from LIMITS.pharmacyLookupMinChars characters on; the caller debounces the text. */
export function usePharmacyLookup(q: string) {
  const enabled = q.trim().length >= LIMITS.pharmacyLookupMinChars;
  const query = useQuery({ ...pharmacyLookupQueryOptions(q), enabled });
  return {
    enabled,
    pharmacies: enabled ? (query.data ?? []) : [],
    isLoading: enabled && query.isFetching,
    error: enabled ? query.error : null,
  };
}
