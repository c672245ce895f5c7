/** GET /api/notifications/preferences/: which kinds of notification also arrive by e-mail. */
import type { TNotificationPreferences } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './query-keys';

export function getEmailPreferences(signal?: AbortSignal): Promise<TNotificationPreferences> {
  return apiRequest<TNotificationPreferences>('/api/notifications/preferences/', { signal });
}

export const emailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.preferences,
    queryFn: ({ signal }) => getEmailPreferences(signal),
  });

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}
