/** GET /api/user/albo/: where the pharmacist's albo check stands (decision 050), read again after each profile save. */
import type { TAlboStatus } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { accountKeys } from './query-keys';

export function getAlboStatus(signal?: AbortSignal): Promise<TAlboStatus> {
  return apiRequest<TAlboStatus>('/api/user/albo/', { signal });
}

export const alboStatusQueryOptions = () =>
  queryOptions({ queryKey: accountKeys.albo, queryFn: ({ signal }) => getAlboStatus(signal), staleTime: 30_000 });

export function useAlboStatus(enabled: boolean) {
  return useQuery({ ...alboStatusQueryOptions(), enabled });
}
