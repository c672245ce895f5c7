/**
 * What GET /api/events/ pushes (decision 072), as the SSE `event:` name: a new notification (the bell), a message or a
 * read on one of the user's threads, a status change of one of their applications or of an application to their
 * offer. The data carries ids only (`{}` or `{"application_id": 7}`): the browser asks the API again for what changed.
 * No zod here: the browser's stream client imports it.
 */
export const LIVE_EVENT_TYPES = ['notification', 'message', 'application'] as const;
export type TLiveEventType = (typeof LIVE_EVENT_TYPES)[number];
/** The first event of every stream: the server hears events for this user from now on. */
export const LIVE_READY_EVENT = 'ready';
/** The data of every event. */
export interface TLiveEventData {
  application_id?: number;
}
