/**
 * GET /api/pharmacists/available/: the pharmacists free for the owner's pharmacy (verified owners), a page at a time,
 * nearest first, with the filters of /cerca_farmacisti as its query.
 */
import type { TAvailablePharmacistsPage } from '@farmaponte/shared/availability';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { pharmacistSearchQuery, type TPharmacistFilters } from '../lib/search-filters';
import { availabilityKeys } from './query-keys';

export function getAvailablePharmacists(query: string, signal?: AbortSignal): Promise<TAvailablePharmacistsPage> {
  return apiRequest<TAvailablePharmacistsPage>(`/api/pharmacists/available/${query ? `?${query}` : ''}`, { signal });
}

export const availablePharmacistsQueryOptions = (filters: TPharmacistFilters, page: number) => {
  const query = pharmacistSearchQuery(filters, page);
  return queryOptions({
    queryKey: availabilityKeys.searchPage(query),
    queryFn: ({ signal }) => getAvailablePharmacists(query, signal),
    placeholderData: keepPreviousData,
  });
};

export function useAvailablePharmacists(filters: TPharmacistFilters, page: number, { enabled = true } = {}) {
  return useQuery({ ...availablePharmacistsQueryOptions(filters, page), enabled });
}
