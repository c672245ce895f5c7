/**
 * The contract's PDF (decision 093), written once per version with lib/pdf-writer.ts and stored: the same terms, version
 * and creation instant give the same bytes (the document's dates are the version's `created_at`), so its SHA-256 is the
 * document both sides confirm. The confirmations are kept beside it, never written into it.
 */
import { createHash } from 'node:crypto';
import { PAY_TEXT, payLineCells, paySummaryLines, type TEngagementPay } from '@farmaponte/shared';
import { CONTRACT_TEXT, contractClauses, type TContractTerms } from '@farmaponte/shared/contracts';
import { MARGIN, PdfWriter } from '../../lib/pdf-writer';

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

export async function contractPdf(terms: TContractTerms, version: number, createdAt: Date): Promise<Uint8Array> {
  const writer = await PdfWriter.create(CONTRACT_TEXT.title, createdAt);
  writer.paragraph(CONTRACT_TEXT.title, { size: 16, bold: true });
  writer.rule();
  for (const clause of contractClauses(terms, version)) {
    writer.gap(6);
    writer.need(40);
    writer.paragraph(clause.heading, { size: 11, bold: true });
    for (const paragraph of clause.paragraphs) writer.paragraph(paragraph);
    if (clause.heading === CONTRACT_TEXT.feeHeading && terms.pay) payTable(writer, terms.pay);
  }
  return writer.save(CONTRACT_TEXT.page);
}

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
