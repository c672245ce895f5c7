/**
 * The group's monthly statement as CSV for Excel on an Italian system (lib/csv.ts, decision 091): a header row, one
 * row per day worked (dd/mm/yyyy, hours and euros with the decimal comma), after each pharmacy's days a row of its
 * total, and for the whole group a last row of the group's total.
 */
import { formatAmount, formatDate, formatHours, SHIFT_DOCUMENT_TEXT } from '@farmaponte/shared';
import { GROUP_STATEMENT_TEXT as TEXT } from '@farmaponte/shared/group-report';
import { csvDocument, csvField } from '../../lib/csv';
import type { TStatement, TStatementTotal } from './statement';

const totalRow = (label: string, pharmacy: string, comune: string, total: TStatementTotal) => [
  label,
  csvField(pharmacy),
  csvField(comune),
  '',
  '',
  '',
  '',
  formatHours(total.minutes),
  '',
  formatAmount(total.cents / 100),
  '',
  '',
];

export function statementCsv(statement: TStatement): string {
  const rows = statement.sections.flatMap((section) => [
    ...section.days.map((day) => {
      const hasHours = day.start !== null && day.end !== null;
      return [
        formatDate(day.date),
        csvField(section.name),
        csvField(section.comune),
        csvField(day.pharmacist),
        csvField(day.title),
        day.start ?? '',
        day.end ?? '',
        hasHours ? formatHours(day.minutes) : '',
        day.hourlyPay == null ? '' : formatAmount(day.hourlyPay),
        day.cents == null || !hasHours ? '' : formatAmount(day.cents / 100),
        day.corrected ? SHIFT_DOCUMENT_TEXT.yes : SHIFT_DOCUMENT_TEXT.no,
        day.review ? SHIFT_DOCUMENT_TEXT.reviewStatus[day.review] : '',
      ];
    }),
    totalRow(TEXT.csvPharmacyTotal, section.name, section.comune, section.total),
  ]);
  if (!statement.pharmacy) rows.push(totalRow(TEXT.csvGroupTotal, '', '', statement.total));
  return csvDocument(TEXT.csvHeader, rows);
}
