/**
 * POST /api/reports/: 'Segnala' on an offer or on the other party of an application (decision 062). Shared: the
 * search, the public offer page and both sides' application cards offer it.
 */
import type { TReportCreated, TReportInput } from '@farmaponte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

/** With `review_id`, a review is reported (POST /api/reviews/{id}/report/, decision 074): a report of its author. */
export function createReport({ review_id, ...body }: TReportInput & { review_id?: number }): Promise<TReportCreated> {
  if (review_id !== undefined)
    return apiRequest<TReportCreated>(`/api/reviews/${review_id}/report/`, {
      method: 'POST',
      body: { reason: body.reason, details: body.details },
    });
  return apiRequest<TReportCreated>('/api/reports/', { method: 'POST', body });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
