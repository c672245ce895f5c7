/** GET /api/calendar/feed/: whether the pharmacist has a calendar feed, and since when (never its address). */
import type { TCalendarFeedState } from '@farmaponte/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shiftsKeys } from './query-keys';

export function getCalendarFeed(signal?: AbortSignal) {
  return apiRequest<TCalendarFeedState>('/api/calendar/feed/', { signal });
}

export const calendarFeedQueryOptions = () =>
  queryOptions({ queryKey: shiftsKeys.calendarFeed, queryFn: ({ signal }) => getCalendarFeed(signal) });

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
