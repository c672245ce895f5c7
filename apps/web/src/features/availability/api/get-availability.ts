/** GET /api/availability/: the pharmacist's own calendar from today on (the days of an accepted shift left out). */
import type { TAvailability } from '@farmaponte/shared/availability';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from './query-keys';

export function getAvailability(signal?: AbortSignal): Promise<TAvailability> {
  return apiRequest<TAvailability>('/api/availability/', { signal });
}

export const availabilityQueryOptions = () =>
  queryOptions({ queryKey: availabilityKeys.mine, queryFn: ({ signal }) => getAvailability(signal) });

export function useAvailability() {
  return useQuery(availabilityQueryOptions());
}
