/**
 * The text of a PDF that pdf-lib wrote with a standard font, page by page and line by line, read back with pdf-lib
 * itself: each page's content streams decoded, each `<hex> Tj` a line, its bytes read as WinAnsi (Windows-1252).
 * Enough to check what a statement says without a PDF-to-text tool on the machine.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';

const winAnsi = new TextDecoder('windows-1252');

export async function pdfPages(bytes: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(bytes);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    const operators = streams
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    return [...operators.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((match) => winAnsi.decode(Buffer.from(match[1] ?? '', 'hex')));
  });
}
