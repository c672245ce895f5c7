/** GET /api/messages/unread/: the reader's unread messages by application, for the 'Messaggi' buttons' counts. */
import type { TMessagesUnread } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { messagesKeys } from './query-keys';

export function getUnreadMessages(signal?: AbortSignal): Promise<TMessagesUnread> {
  return apiRequest<TMessagesUnread>('/api/messages/unread/', { signal });
}

export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: messagesKeys.unread,
    queryFn: ({ signal }) => getUnreadMessages(signal),
    // The live stream refreshes it when a message arrives; this is for a page left open with the stream cut.
    staleTime: 30_000,
    refetchOnWindowFocus: true,
  });

/** How many messages of this application wait for the reader. */
export function useUnreadMessages(applicationId: number): number {
  return (
    useQuery({
      ...unreadMessagesQueryOptions(),
      select: (unread) => unread.by_application.find((row) => row.application_id === applicationId)?.count ?? 0,
    }).data ?? 0
  );
}
