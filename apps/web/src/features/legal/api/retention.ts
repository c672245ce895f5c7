/** GET /api/privacy/retention/ (decision 068): the configured periods the privacy page states; no login. */
import { RETENTION_DEFAULTS, type TRetentionPeriods } from '@farmaponte/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { legalKeys } from './query-keys';

/** What the privacy page says while the answer loads, or when it fails: the server's defaults. */
export const DEFAULT_RETENTION_PERIODS: TRetentionPeriods = RETENTION_DEFAULTS;

export function useRetentionPeriods() {
  return useQuery({
    queryKey: legalKeys.periods,
    queryFn: ({ signal }) => apiRequest<TRetentionPeriods>('/api/privacy/retention/', { auth: false, signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });
}
