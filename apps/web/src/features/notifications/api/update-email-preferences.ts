/** PUT /api/notifications/preferences/ {email: {type: on}}: the types named change; answers every preference. */
import type { TNotificationPreferences, TNotificationPreferencesInput } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './query-keys';

export function updateEmailPreferences(body: TNotificationPreferencesInput): Promise<TNotificationPreferences> {
  return apiRequest<TNotificationPreferences>('/api/notifications/preferences/', { method: 'PUT', body });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.preferences, saved),
  });
}
