/**
 * The live stream while logged in (decision 072): each event refreshes the queries it concerns, so the bell, the
 * frame's counts (decision 096), the 'Messaggi' counts, an open thread and the applications lists change without reloading. A stream that replaces a cut
 * one refreshes all of them (events may have been missed meanwhile). Loaded after login, apart from the entry's code.
 */
import type { TLiveEventData, TLiveEventType } from '@farmaponte/shared/live-events';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { messagesKeys } from '../features/messages/api/query-keys';
import { notificationsKeys } from '../features/notifications/api/query-keys';
import { sharedKeys } from '../lib/api/query-keys';
import { openEventStream } from '../lib/event-stream';

/** What each kind of event makes stale; the thread of the event's application too, for a message. */
const STALE: Record<TLiveEventType, QueryKey[]> = {
  // An invitation comes as a notification: the frame's counts (decision 096) read again too.
  notification: [notificationsKeys.unread, notificationsKeys.list, sharedKeys.userCounts],
  // The notifications page counts the unread messages too, and so do the frame's places.
  message: [messagesKeys.unread, notificationsKeys.list, sharedKeys.userCounts],
  // The applications' root holds the frame's counts (sharedKeys.userCounts).
  application: [sharedKeys.applications, sharedKeys.myOffers],
};

function readData(data: string): TLiveEventData {
  try {
    return JSON.parse(data) as TLiveEventData;
  } catch {
    return {};
  }
}

export default function LiveUpdates() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = (keys: QueryKey[]) => {
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    return openEventStream({
      onOpen(again) {
        if (again) refresh([...Object.values(STALE).flat(), messagesKeys.all]);
      },
      onEvent({ event, data }) {
        const keys = STALE[event as TLiveEventType];
        if (!keys) return;
        const applicationId = readData(data).application_id;
        refresh(event === 'message' && applicationId ? [...keys, messagesKeys.thread(applicationId)] : keys);
      },
    });
  }, [queryClient]);
  return null;
}
