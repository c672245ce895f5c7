/**
 * GET /api/organisation/pharmacies/{id}/settings/ (decision 089): a pharmacy's defaults for publishing and who of its
 * staff is mailed. Read by its settings page and by the offer form, which starts a new offer from them.
 */
import type { TPharmacySettings } from '@farmaponte/shared/organisation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function getPharmacySettings(pharmacyId: number, signal?: AbortSignal): Promise<TPharmacySettings> {
  // The pharmacy is in the path: the header's choice (maybe the whole group) is not sent.
  return apiRequest<TPharmacySettings>(`/api/organisation/pharmacies/${pharmacyId}/settings/`, { signal, pharmacy: null });
}

export const pharmacySettingsQueryOptions = (pharmacyId: number) =>
  queryOptions({
    queryKey: sharedKeys.pharmacySettings(pharmacyId),
    queryFn: ({ signal }) => getPharmacySettings(pharmacyId, signal),
  });

export function usePharmacySettings(pharmacyId: number | null) {
  return useQuery({ ...pharmacySettingsQueryOptions(pharmacyId ?? 0), enabled: pharmacyId !== null });
}
