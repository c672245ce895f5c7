/**
 * GET /api/shifts/mine/ (pharmacist) and GET /api/shifts/owner/ (owner): a month of worked shifts with its totals.
 * One call with two addresses, by role: the same answer's shape.
 */
import type { TWorkedShiftMonth } from '@farmaponte/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { shiftsKeys } from './query-keys';

export type TShiftSide = 'mine' | 'owner';

export function getWorkedShifts(side: TShiftSide, year: number, month: number, signal?: AbortSignal) {
  return apiRequest<TWorkedShiftMonth>(`/api/shifts/${side}/?year=${year}&month=${month}`, { signal });
}

export const workedShiftsQueryOptions = (side: TShiftSide, year: number, month: number) =>
  queryOptions({
    queryKey: shiftsKeys.month(side, year, month),
    queryFn: ({ signal }) => getWorkedShifts(side, year, month, signal),
    // The month before stays on screen while the next one loads, so the picker does not jump.
    placeholderData: keepPreviousData,
  });

export function useWorkedShifts(side: TShiftSide, year: number, month: number) {
  return useQuery(workedShiftsQueryOptions(side, year, month));
}
