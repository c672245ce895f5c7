/** Query keys of the application threads (decision 072): the live stream refreshes them (app/live-updates.tsx). */
export const messagesKeys = {
  all: ['messages'] as const,
  /** GET /api/messages/unread/: the counts on the 'Messaggi' buttons of both applications pages. */
  unread: ['messages', 'unread'] as const,
  /** One application's thread, its pages from the newest. */
  thread: (applicationId: number) => ['messages', 'thread', applicationId] as const,
};
