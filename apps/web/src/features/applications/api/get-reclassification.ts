/**
 * GET /api/applications/{id}/reclassification/ (decision 093): before an owner accepts a freelance application, whether
 * the relationship with this pharmacist would look like employment over the last 12 months. Read fresh each time.
 */
import type { TReclassification } from '@farmaponte/shared/contracts';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../../lib/api-client';

export type { TReclassification };

export function useReclassification(applicationId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['applications', 'reclassification', applicationId],
    enabled,
    staleTime: 0,
    retry: (failureCount, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    queryFn: ({ signal }) => apiRequest<TReclassification>(`/api/applications/${applicationId}/reclassification/`, { signal }),
  });
}
