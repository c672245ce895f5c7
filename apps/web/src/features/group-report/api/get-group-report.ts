/** GET /api/organisation/report/?from&to: the group's shifts, hours and spend in a period (decision 091). */
import type { TGroupReport } from '@farmaponte/shared/group-report';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { groupReportKeys } from './query-keys';

export function getGroupReport(from: string, to: string, signal?: AbortSignal) {
  return apiRequest<TGroupReport>(`/api/organisation/report/?from=${from}&to=${to}`, { signal });
}

export const groupReportQueryOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: groupReportKeys.period(from, to),
    queryFn: ({ signal }) => getGroupReport(from, to, signal),
    // The period before stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useGroupReport(from: string, to: string) {
  return useQuery(groupReportQueryOptions(from, to));
}
