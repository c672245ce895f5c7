/**
 * The contract's PDF (decision 093), written once per version with lib/pdf-writer.ts and stored: the same terms, version
 * and creation instant give the same bytes (the document's dates are the version's `created_at`), so its SHA-256 is the
 * document both sides confirm. The confirmations are kept beside it, never written into it.
 */
import { createHash } from 'node:crypto';
import { CONTRACT_TEXT, contractClauses, type TContractTerms } from '@farmaponte/shared/contracts';
import { PdfWriter } from '../../lib/pdf-writer';
import { payTable } from '../engagement-pay';

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
