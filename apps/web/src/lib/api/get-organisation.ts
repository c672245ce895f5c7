/**
 * GET /api/organisation/ (decision 089): the person's organisation, their role and the pharmacies they act for. Read by
 * the header's 'Farmacia', the organisation's pages, and whoever names the pharmacy acted for (a new offer's defaults,
 * the history's "Farmacia X (Laura Neri)"). The same whatever pharmacy is chosen: sent without `X-Farmacia`.
 */
import type { TOrganisation } from '@farmaponte/shared/organisation';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { resolveChoice, setCurrentPharmacy } from '../choose-pharmacy';
import { useCurrentPharmacy } from '../current-pharmacy';
import { useUserDetails } from './get-user-details';
import { sharedKeys } from './query-keys';

export function getOrganisation(signal?: AbortSignal): Promise<TOrganisation> {
  return apiRequest<TOrganisation>('/api/organisation/', { signal, pharmacy: null });
}

export const organisationQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.organisation, queryFn: ({ signal }) => getOrganisation(signal), staleTime: 60_000 });

export function useOrganisation({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...organisationQueryOptions(), enabled });
}

/**
 * The pharmacy an owner-side person acts for now (the chosen one, else their default), 'tutte' for the whole group,
 * or null while it is not known (loading, or not an owner-side person); `stale` when the stored choice no longer fits.
 */
export function useActingPharmacy() {
  const chosen = useCurrentPharmacy();
  const details = useUserDetails();
  const owner = details.data?.role === 'titolare';
  const organisation = useOrganisation({ enabled: owner });
  const resolved =
    owner && organisation.data && details.data
      ? resolveChoice(chosen, organisation.data.pharmacies, details.data.id)
      : { current: null, stale: false };
  return { chosen, choose: setCurrentPharmacy, organisation, ...resolved };
}

/**
 * Whether the person may write for the pharmacy acted for: false only for a consultazione of it (its pages then show no
 * button that would be refused); true while not known, for the whole group, and for anyone else (the server decides).
 */
export function useMayWrite(): boolean {
  const { current } = useActingPharmacy();
  return current === null || current === 'tutte' || current.can_write;
}
