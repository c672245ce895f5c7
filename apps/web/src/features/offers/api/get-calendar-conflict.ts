/**
 * GET /api/availability/calendar/conflict/: whether an offer's hours meet a busy time of her external calendar
 * (decision 096), asked before 'Manda CV'. Any failure counts as no conflict: the warning must never stop an application.
 */
import type { TCalendarConflict } from '@farmaponte/shared/availability';
import { apiRequest } from '../../../lib/api-client';

export async function calendarConflictOf(offerId: number): Promise<TCalendarConflict> {
  try {
    return await apiRequest<TCalendarConflict>(`/api/availability/calendar/conflict/?offer_id=${offerId}`);
  } catch {
    return { conflict: false, days: [] };
  }
}
