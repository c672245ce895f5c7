/**
 * The text of a PDF the API wrote (lib/pdf-writer.ts: pdf-lib, standard Helvetica), read as a reader of the file would
 * find it: each content stream inflated (FlateDecode), the hex strings of its text operators decoded (WinAnsi), the lines
 * joined with a space. pdf-lib itself cannot extract text.
 */
import { inflateSync } from 'node:zlib';

function streams(pdf: Buffer): Buffer[] {
  const found: Buffer[] = [];
  let at = 0;
  for (;;) {
    const start = pdf.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + 'stream'.length + (pdf[start + 6] === 0x0d ? 2 : 1);
    const end = pdf.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    // 'endstream' itself contains 'stream': skip past it.
    if (pdf.subarray(start - 3, start).toString('latin1') !== 'end') found.push(pdf.subarray(bodyStart, end));
    at = end + 'endstream'.length;
  }
  return found;
}

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const raw of streams(pdf)) {
    let content: string;
    try {
      content = inflateSync(raw).toString('latin1');
    } catch {
      content = raw.toString('latin1');
    }
    for (const match of content.matchAll(/<([0-9A-Fa-f\s]*)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      if (match[1] !== undefined) lines.push(Buffer.from(match[1].replace(/\s/g, ''), 'hex').toString('latin1'));
      else if (match[2] !== undefined) lines.push(match[2].replace(/\\([()\\])/g, '$1'));
    }
  }
  return lines.join(' ');
}
