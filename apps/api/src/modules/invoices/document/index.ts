/**
 * An invoice's documents (decision 095): the FatturaPA XML checked against the schema, its SHA-256 and SdI file name,
 * and the PDF copy. Made once, when the invoice or credit note is issued, and stored with it.
 */
import { createHash } from 'node:crypto';
import type { TInvoiceDocument } from '@farmaponte/shared';
import { fatturaPaXml } from './fatturapa';
import { invoicePdf } from './pdf';
import { sdiFileName } from './sdi-file-name';
import { validateFatturaPa } from './validate';

export { fatturaPaXml } from './fatturapa';
export { sdiFileName, sdiProgressive } from './sdi-file-name';
export { validateFatturaPa } from './validate';

/** The XML the server wrote does not pass the schema: nothing is issued (422 invoice_invalid). Never expected. */
export class InvoiceInvalidError extends Error {
  constructor(readonly errors: string[]) {
    super(`FatturaPA XML invalid: ${errors.join('; ')}`);
    this.name = 'InvoiceInvalidError';
  }
}

export type TRenderedInvoice = { xml: string; xmlSha256: string; fileName: string; pdf: Uint8Array };

/** The documents of an invoice or credit note; throws InvoiceInvalidError when its XML is not valid FatturaPA. */
export async function renderInvoice(doc: TInvoiceDocument): Promise<TRenderedInvoice> {
  const xml = fatturaPaXml(doc);
  const { valid, errors } = await validateFatturaPa(xml);
  if (!valid) throw new InvoiceInvalidError(errors);
  const fileName = sdiFileName(doc.supplier.partita_iva, doc.id);
  return {
    xml,
    xmlSha256: createHash('sha256').update(xml, 'utf8').digest('hex'),
    fileName,
    pdf: await invoicePdf(doc, fileName),
  };
}
