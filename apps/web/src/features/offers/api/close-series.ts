/** POST /api/offers/series/{id}/close/ (decision 090): the series' days still to come closed at once. */
import type { TSeriesChanged } from '@farmaponte/shared/bulk-offers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sharedKeys } from '../../../lib/api/query-keys';
import { apiRequest } from '../../../lib/api-client';
import { offersKeys } from './query-keys';

export function useCloseSeries() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seriesId: string) => apiRequest<TSeriesChanged>(`/api/offers/series/${seriesId}/close/`, { method: 'POST' }),
    // The search lists open offers only, and closing answers the applications still waiting.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: offersKeys.all }),
        queryClient.invalidateQueries({ queryKey: sharedKeys.applications }),
      ]),
  });
}
