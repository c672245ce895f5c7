/**
 * The CV work that would hold the API's event loop (docs/decisions/021 and 030), in a worker thread: reading
 * the JSON body of a large upload (parse, control characters, the route's own zod schema, base64), and checking a PDF
 * (size, %PDF- header, pdf-lib parse) with its SHA-256. Answers carry bytes as transferred buffers, never copies.
 */
import { createHash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { ZDetailsUpdateSchema } from '@farmaponte/shared';
import { PDFDocument } from 'pdf-lib';
import { fieldWithControlCharacters } from '../../lib/control-characters';
import type { TBodyAnswer, TCheckAnswer, TCvWorkerJob } from './cv-worker-messages';

const { maxBytes } = workerData as { maxBytes: number };

/** Fastify's JSON parser refuses these (prototype poisoning): so does this one, with the same answer. */
function refusePoisonedKeys(key: string, value: unknown) {
  if (key === '__proto__') throw new SyntaxError('forbidden prototype property');
  if (key === 'constructor' && typeof value === 'object' && value !== null && Object.hasOwn(value, 'prototype'))
    throw new SyntaxError('forbidden prototype property');
  return value;
}

/** What the route would make of this body, in the order it checks: JSON, control characters, schema; then base64. */
function readBody(body: Uint8Array): TBodyAnswer {
  let parsed: unknown;
  try {
    const text = Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8');
    // A byte-order mark is skipped, as Fastify's parser does.
    parsed = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, refusePoisonedKeys);
  } catch {
    return { kind: 'invalid_json' };
  }
  const field = fieldWithControlCharacters(parsed);
  if (field !== undefined) return { kind: 'control_characters', field };
  const result = ZDetailsUpdateSchema.safeParse(parsed);
  if (!result.success)
    return {
      kind: 'invalid',
      issues: result.error.issues.map((issue) => ({ instancePath: `/${issue.path.join('/')}`, message: issue.message })),
    };
  if (!('pdf_file' in result.data)) return { kind: 'profile', body: result.data };
  const bytes = decodeBase64(result.data.pdf_file);
  return bytes ? { kind: 'cv', bytes } : { kind: 'cv_not_base64' };
}

function decodeBase64(base64: string): Uint8Array | undefined {
  const clean = base64.replace(/^data:application\/pdf;base64,/, '').replace(/\s+/g, '');
  if (!clean || !/^[A-Za-z0-9+/]+={0,2}$/.test(clean) || clean.length % 4 !== 0) return undefined;
  // A copy of its own (Buffer.from may use a shared pool), so that its memory can move to the main thread.
  return new Uint8Array(Buffer.from(clean, 'base64'));
}

async function checkPdf(bytes: Uint8Array): Promise<TCheckAnswer> {
  if (bytes.length > maxBytes) return { error: 'pdf_too_large' };
  if (Buffer.from(bytes.buffer, bytes.byteOffset, 5).toString('latin1') !== '%PDF-') return { error: 'invalid_pdf' };
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    if (doc.getPageCount() < 1) return { error: 'invalid_pdf' };
  } catch {
    return { error: 'invalid_pdf' };
  }
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

async function answer(job: TCvWorkerJob): Promise<TBodyAnswer | TCheckAnswer> {
  if (job.kind === 'body') return readBody(job.body);
  const bytes = job.kind === 'check-base64' ? decodeBase64(job.base64) : job.bytes;
  return bytes ? checkPdf(bytes) : { error: 'invalid_pdf' };
}

parentPort?.on('message', async ({ id, job }: { id: number; job: TCvWorkerJob }) => {
  const result = await answer(job);
  const bytes = 'bytes' in result ? result.bytes : undefined;
  parentPort?.postMessage({ id, result }, bytes ? [bytes.buffer as ArrayBuffer] : []);
});
