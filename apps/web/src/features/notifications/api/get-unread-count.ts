/**
 * GET /api/notifications/?page_size=1: only its `unread`, for the header's bell. Polled once a minute and when the
 * user comes back to the tab, so an owner's decision shows up without reloading.
 */
import type { TNotificationsPage } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './query-keys';

export async function getUnreadCount(signal?: AbortSignal): Promise<number> {
  const page = await apiRequest<TNotificationsPage>('/api/notifications/?page=1&page_size=1', { signal });
  return page.unread;
}

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.unread,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: 30_000,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export function useUnreadCount() {
  return useQuery(unreadCountQueryOptions());
}
