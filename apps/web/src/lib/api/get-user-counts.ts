/**
 * GET /api/user/counts/: what waits for the person (decision 096), for the frame's places. Read once, kept fresh by the
 * live stream (app/live-updates.tsx), a poll once a minute and a return to the tab, as the bell is.
 */
import type { TUserCounts } from '@farmaponte/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { sharedKeys } from './query-keys';

export function useUserCounts({ enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: sharedKeys.userCounts,
    queryFn: ({ signal }) => apiRequest<TUserCounts>('/api/user/counts/', { signal }),
    enabled,
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });
}
