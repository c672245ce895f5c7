/**
 * GET /api/applications/{id}/messages/: the thread's newest page, then older ones through `older`. Reading the newest
 * page marks the other side's messages read (the server says so to both sides' open pages).
 */
import type { TThread } from '@farmaponte/shared';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

export const threadQueryOptions = (applicationId: number) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.thread(applicationId),
    queryFn: ({ pageParam, signal }) =>
      apiRequest<TThread>(pageParam ?? `/api/applications/${applicationId}/messages/`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.older,
  });

export function useThread(applicationId: number) {
  return useInfiniteQuery(threadQueryOptions(applicationId));
}
