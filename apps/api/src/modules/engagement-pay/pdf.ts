/** The pay hour by hour in a PDF (decision 094): the contract, the hiring summary and the worked-shift statement. */
import { PAY_TEXT, payLineCells, paySummaryLines, type TEngagementPay } from '@farmaponte/shared';
import { MARGIN, type PdfWriter } from '../../lib/pdf-writer';

/** The pay table's columns: day, hours, what they are (cut when long), then the figures right-aligned. */
const PAY_COLUMNS = [
  { x: MARGIN },
  { x: MARGIN + 62 },
  { x: MARGIN + 134, width: 196 },
  { x: MARGIN + 370, right: true },
  { x: MARGIN + 425, right: true },
  { x: MARGIN + 495, right: true },
];

/** The pay hour by hour (decision 094), then the travel, the lodging and the totals. */
export function payTable(writer: PdfWriter, pay: TEngagementPay) {
  writer.gap(4);
  if (pay.lines.length) {
    writer.need(40);
    writer.paragraph(PAY_TEXT.heading, { bold: true });
    writer.row([...PAY_TEXT.columns], PAY_COLUMNS, { bold: true, size: 9 });
    for (const line of pay.lines) writer.row(payLineCells(line), PAY_COLUMNS, { size: 9 });
  } else writer.paragraph(PAY_TEXT.none);
  for (const text of paySummaryLines(pay)) writer.paragraph(text);
}
