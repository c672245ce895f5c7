/**
 * The CV check of DESIGN §7, run in a worker thread so that decoding 7 MB of base64 and parsing a PDF never holds the
 * API's event loop (issue 9). Plain JavaScript: a worker is a fresh Node without the tsx loader the API runs under.
 * Answers { id, bytes, byteOffset, length } for a good file, { id, error: 'invalid_pdf' | 'pdf_too_large' } otherwise.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';

/** @type {{ maxBytes: number }} */
const { maxBytes } = workerData;

/** @param {string} base64 */
async function check(base64) {
  const clean = base64.replace(/^data:application\/pdf;base64,/, '').replace(/\s+/g, '');
  if (!clean || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 !== 0) return { error: 'invalid_pdf' };
  const bytes = Buffer.from(clean, 'base64');
  if (bytes.length > maxBytes) return { error: 'pdf_too_large' };
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return { error: 'invalid_pdf' };
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (doc.getPageCount() < 1) return { error: 'invalid_pdf' };
  } catch {
    return { error: 'invalid_pdf' };
  }
  // A copy of its own, so that its memory can move to the main thread without copying again.
  return { bytes: new Uint8Array(bytes) };
}

parentPort?.on('message', async (/** @type {{ id: number, base64: string }} */ { id, base64 }) => {
  const result = await check(base64);
  parentPort?.postMessage({ id, ...result }, result.bytes ? [result.bytes.buffer] : []);
});
