/**
 * The text of a PDF that pdf-lib wrote with a standard font, page by page and line by line, read back with pdf-lib
 * itself: each page's content streams decoded, each `<hex> Tj` a line, its bytes read as WinAnsi (Windows-1252).
 * Enough to check what a statement says without a PDF-to-text tool on the machine.
 */
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';

/** WinAnsi's bytes 0x80–0x9F, where it differs from Latin-1 (Node's TextDecoder reads them as Latin-1). */
const WIN_ANSI_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ';
const winAnsi = {
  decode: (bytes: Buffer) =>
    [...bytes].map((byte) => (byte >= 0x80 && byte <= 0x9f ? WIN_ANSI_HIGH[byte - 0x80] : String.fromCharCode(byte))).join(''),
};

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
