/** DELETE /api/calendar/feed/: the feed's address stops working. */
import type { TCalendarFeedState } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shiftsKeys } from './query-keys';

export function revokeCalendarFeed() {
  return apiRequest<{ message: string }>('/api/calendar/feed/', { method: 'DELETE' });
}

export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeCalendarFeed,
    onSuccess: () => queryClient.setQueryData<TCalendarFeedState>(shiftsKeys.calendarFeed, { exists: false, created_at: null }),
  });
}
