/**
 * The pharmacist's external calendar (decision 096): GET, PUT, POST refresh/ and DELETE /api/availability/calendar/.
 * Each write's answer is the calendar as it now stands, put in the cache the page reads.
 */
import type { TExternalCalendar } from '@farmaponte/shared/availability';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { availabilityKeys } from './query-keys';

type TSaved = TExternalCalendar & { message: string };

export function useExternalCalendar() {
  return useQuery({
    queryKey: availabilityKeys.externalCalendar,
    queryFn: ({ signal }) => apiRequest<TExternalCalendar>('/api/availability/calendar/', { signal }),
  });
}

function useCalendarWrite<A>(write: (argument: A) => Promise<TSaved | null>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (answer) => {
      if (!answer) queryClient.setQueryData(availabilityKeys.externalCalendar, { calendar: null, busy_days: [] });
      else {
        const { message: _message, ...calendar } = answer;
        queryClient.setQueryData(availabilityKeys.externalCalendar, calendar);
      }
    },
  });
}

export const useSaveExternalCalendar = () =>
  useCalendarWrite((url: string) => apiRequest<TSaved>('/api/availability/calendar/', { method: 'PUT', body: { url } }));

export const useRefreshExternalCalendar = () =>
  useCalendarWrite(() => apiRequest<TSaved>('/api/availability/calendar/refresh/', { method: 'POST' }));

export const useRemoveExternalCalendar = () =>
  useCalendarWrite(async () => {
    await apiRequest<null>('/api/availability/calendar/', { method: 'DELETE' });
    return null;
  });
