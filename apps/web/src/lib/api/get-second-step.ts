/** GET /api/user/2fa/: whether the two-step login is on, and whether this admin must turn it on (decision 063). */
import type { TSecondStepStatus } from '@farmaponte/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function getSecondStep(signal?: AbortSignal): Promise<TSecondStepStatus> {
  return apiRequest<TSecondStepStatus>('/api/user/2fa/', { signal });
}

export function useSecondStep({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: sharedKeys.secondStep,
    queryFn: ({ signal }) => getSecondStep(signal),
    enabled,
    staleTime: 60_000,
  });
}
