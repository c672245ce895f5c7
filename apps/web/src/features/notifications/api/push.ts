/**
 * Web Push's calls (decision 096): the server's public key, this browser's subscription saved or removed, and the
 * per-type choices (GET/PUT /api/push/preferences/).
 */
import type { TPushKey, TPushPreferences, TPushPreferencesInput, TPushSubscriptionInput } from '@farmaponte/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { notificationsKeys } from './query-keys';

export async function getPushKey(): Promise<string> {
  return (await apiRequest<TPushKey>('/api/push/key/', { auth: false })).public_key;
}

export function savePushSubscription(body: TPushSubscriptionInput): Promise<unknown> {
  return apiRequest('/api/push/subscriptions/', { method: 'POST', body });
}

export function removePushSubscription(endpoint: string): Promise<unknown> {
  return apiRequest('/api/push/subscriptions/', { method: 'DELETE', body: { endpoint } });
}

export const pushPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationsKeys.pushPreferences,
    queryFn: ({ signal }) => apiRequest<TPushPreferences>('/api/push/preferences/', { signal }),
  });

export function usePushPreferences() {
  return useQuery(pushPreferencesQueryOptions());
}

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TPushPreferencesInput) => apiRequest<TPushPreferences>('/api/push/preferences/', { method: 'PUT', body }),
    onSuccess: (saved) => queryClient.setQueryData(notificationsKeys.pushPreferences, saved),
  });
}
