/** Query keys of the notifications: the bell and the page share the root, so marking read refreshes both. */
export const notificationsKeys = {
  all: ['notifications'] as const,
  /** The unread count under the header's bell. */
  unread: ['notifications', 'unread'] as const,
  /** The /notifiche list, paged. */
  list: ['notifications', 'list'] as const,
  /** The e-mail preferences on the profile. */
  preferences: ['notifications', 'preferences'] as const,
  /** Which types this person's browsers receive as push notifications (decision 096). */
  pushPreferences: ['notifications', 'push-preferences'] as const,
};
