/**
 * The pharmacist's worked shifts as a CSV that Excel on an Italian system opens as it is (decision 075, lib/csv.ts):
 * amounts and hours with the decimal comma, days dd/mm/yyyy, one row per day. The pay as agreed (decision 094): each
 * day's amount with the supplements, the shift's travel on its first row, and their total.
 */
import { formatAmount, formatDate, formatHours, roundCents, SHIFT_DOCUMENT_TEXT, type TWorkedShift } from '@farmaponte/shared';
import { csvDocument, csvField as field } from '../../lib/csv';

export function workedShiftsCsv(shifts: TWorkedShift[]): string {
  const rows = shifts
    .flatMap((shift) => shift.days.map((day) => ({ shift, day })))
    .sort((a, b) => a.day.date.localeCompare(b.day.date) || a.shift.application_id - b.shift.application_id)
    .map(({ shift, day }) => {
      const hasHours = day.start_time !== null;
      const travel = day === shift.days[0] ? (shift.pay.travel?.amount ?? null) : null;
      // The hourly pay as agreed (a negotiation's, else the form's offered one), as the gross beside it.
      const hourly = shift.pay.hourly ?? shift.offer.hourly_pay;
      const total = day.amount === null && travel === null ? null : roundCents((day.amount ?? 0) + (travel ?? 0));
      return [
        formatDate(day.date),
        field(shift.pharmacy.name),
        field(shift.pharmacy.comune),
        field(shift.offer.title),
        day.start_time ?? '',
        day.end_time ?? '',
        hasHours ? formatHours(day.minutes) : '',
        hourly === null ? '' : formatAmount(hourly),
        day.gross == null || !hasHours ? '' : formatAmount(day.gross),
        day.corrected ? SHIFT_DOCUMENT_TEXT.yes : SHIFT_DOCUMENT_TEXT.no,
        day.corrected && shift.review ? SHIFT_DOCUMENT_TEXT.reviewStatus[shift.review.status] : '',
        day.amount === null ? '' : formatAmount(day.amount),
        travel === null ? '' : formatAmount(travel),
        total === null ? '' : formatAmount(total),
      ];
    });
  return csvDocument(SHIFT_DOCUMENT_TEXT.csvHeader, rows);
}
