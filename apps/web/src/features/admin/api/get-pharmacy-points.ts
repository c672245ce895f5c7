/** GET /api/pharmacies/points/: every registry pharmacy with coordinates, as [id, lat, lng, name] (≈ 20,000). */
import type { TPharmacyPoint } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export function getPharmacyPoints(signal?: AbortSignal): Promise<TPharmacyPoint[]> {
  return apiRequest<TPharmacyPoint[]>('/api/pharmacies/points/', { signal });
}

export const pharmacyPointsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.pharmacyPoints,
    queryFn: ({ signal }) => getPharmacyPoints(signal),
    // The registry changes only with an import, which refreshes this query itself.
    staleTime: 10 * 60_000,
  });

export function usePharmacyPoints() {
  return useQuery(pharmacyPointsQueryOptions());
}
