/** GET /api/notifications/?page&page_size: the user's notifications, newest first, a page at a time ('Mostra notifiche precedenti'). */
import type { TNotificationsPage } from '@farmaponte/shared';
import { LIMITS } from '@farmaponte/shared/limits';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './query-keys';

const PAGE_SIZE = LIMITS.notificationsPageSize;

export interface TNotificationsPageLoaded extends TNotificationsPage {
  page: number;
}

export async function getNotifications(page: number, signal?: AbortSignal): Promise<TNotificationsPageLoaded> {
  const answer = await apiRequest<TNotificationsPage>(`/api/notifications/?page=${page}&page_size=${PAGE_SIZE}`, { signal });
  return { ...answer, page };
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationsKeys.list,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * PAGE_SIZE < last.count ? last.page + 1 : undefined),
    refetchOnWindowFocus: true,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
