/**
 * The pharmacist's worked shifts as a CSV that Excel on an Italian system opens as it is (decision 075, lib/csv.ts):
 * amounts and hours with the decimal comma, days dd/mm/yyyy, one row per day.
 */
import { formatAmount, formatDate, formatHours, SHIFT_DOCUMENT_TEXT, type TWorkedShift } from '@farmaponte/shared';
import { csvDocument, csvField as field } from '../../lib/csv';

export function workedShiftsCsv(shifts: TWorkedShift[]): string {
  const rows = shifts
    .flatMap((shift) => shift.days.map((day) => ({ shift, day })))
    .sort((a, b) => a.day.date.localeCompare(b.day.date) || a.shift.application_id - b.shift.application_id)
    .map(({ shift, day }) => {
      const hasHours = day.start_time !== null;
      return [
        formatDate(day.date),
        field(shift.pharmacy.name),
        field(shift.pharmacy.comune),
        field(shift.offer.title),
        day.start_time ?? '',
        day.end_time ?? '',
        hasHours ? formatHours(day.minutes) : '',
        shift.offer.hourly_pay == null ? '' : formatAmount(shift.offer.hourly_pay),
        day.gross == null || !hasHours ? '' : formatAmount(day.gross),
        day.corrected ? SHIFT_DOCUMENT_TEXT.yes : SHIFT_DOCUMENT_TEXT.no,
        day.corrected && shift.review ? SHIFT_DOCUMENT_TEXT.reviewStatus[shift.review.status] : '',
      ];
    });
  return csvDocument(SHIFT_DOCUMENT_TEXT.csvHeader, rows);
}
