/**
 * POST /api/reports/: 'Segnala' on an offer or on the other party of an application (decision 062). Shared: the
 * search, the public offer page and both sides' application cards offer it.
 */
import type { TReportCreated, TReportInput } from '@farmaponte/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../api-client';

export function createReport(body: TReportInput): Promise<TReportCreated> {
  return apiRequest<TReportCreated>('/api/reports/', { method: 'POST', body });
}

export function useCreateReport() {
  return useMutation({ mutationFn: createReport });
}
