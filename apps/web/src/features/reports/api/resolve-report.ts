/** POST /api/admin/reports/{id}/resolve/ {action, note}: resolves the report and the others open on its target. */
import type { TReportResolution, TReportResolved } from '@farmaponte/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { reportKeys } from './query-keys';

export function resolveReport({ id, ...body }: TReportResolution & { id: number }): Promise<TReportResolved> {
  return apiRequest<TReportResolved>(`/api/admin/reports/${id}/resolve/`, { method: 'POST', body });
}

export function useResolveReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    // Resolved (or resolved meanwhile by another admin, 409): the desk changes either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: reportKeys.all }),
  });
}
