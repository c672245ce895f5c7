/**
 * The pharmacist's worked shifts as a CSV that Excel on an Italian system opens as it is (decision 075): UTF-8 with a
 * byte order mark (else Excel reads Windows-1252 and breaks the accents), ';' between fields (the Italian list
 * separator), amounts and hours with the decimal comma, days dd/mm/yyyy, one row per day, lines ending CRLF.
 */
import { formatAmount, formatDate, formatHours, SHIFT_DOCUMENT_TEXT, type TWorkedShift } from '@farmaponte/shared';

const BOM = '\uFEFF';

/**
 * One field: quoted when it holds the separator, a quote or a line break; a text an owner or a pharmacist typed that
 * starts like a formula (= + - @, a tab or a carriage return) is led by an apostrophe, so Excel shows it and runs nothing.
 */
function field(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
      ].join(';');
    });
  return `${BOM}${[SHIFT_DOCUMENT_TEXT.csvHeader.map(field).join(';'), ...rows].join('\r\n')}\r\n`;
}
