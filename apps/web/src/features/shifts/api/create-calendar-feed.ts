/** POST /api/calendar/feed/: a new feed address (the old one stops working), answered this once. */
import type { TCalendarFeedCreated, TCalendarFeedState } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shiftsKeys } from './query-keys';

export function createCalendarFeed() {
  return apiRequest<TCalendarFeedCreated>('/api/calendar/feed/', { method: 'POST' });
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCalendarFeed,
    onSuccess: (created) =>
      queryClient.setQueryData<TCalendarFeedState>(shiftsKeys.calendarFeed, { exists: true, created_at: created.created_at }),
  });
}
