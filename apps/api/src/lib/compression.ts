/**
 * Compression, one way (docs/architecture.md "One way to do each thing", docs/decisions/043).
 *
 * - **One negotiation**: `negotiateEncoding` reads Accept-Encoding for every answer. The `onRequest` hook
 *   `negotiateOnRequest` runs it first and leaves its result as the request's Accept-Encoding (`br`, `gzip` or
 *   `identity`), so what comes after (our compressor, the open-offer list, @fastify/static's precompressed files,
 *   @fastify/compress) can only choose what it chose.
 * - **One compressor for dynamic answers**: `compressAnswer` (onSend) compresses every string or Buffer body of a
 *   compressible type from COMPRESS_THRESHOLD_BYTES: in one synchronous call up to 256 KB (a stream chain cost more CPU
 *   than the compression itself, decision 029), off the event loop above. It adds Vary to every answer it could have
 *   compressed, also when this client did not take it.
 * - **Made once, ahead**: the open-offer list is compressed when it is built (offers/open-offers-cache.ts), and the
 *   web build's scripts and styles by `scripts/precompress.mjs`; both sent as they are.
 * - @fastify/compress is left with what neither covers: files streamed from disk without a precompressed twin.
 */
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export type TEncoding = 'br' | 'gzip';

/**
 * Below this an answer goes as it is. 4 KB, not 2 KB: compressing a 3.4–3.8 KB page (the admin's 20 users) cost
 * ≈ 100–160 µs of CPU a request for ≈ 3 KB fewer bytes; docs/decisions/043 has the measurements
 * (`bench/compression-threshold.ts`).
 */
export const COMPRESS_THRESHOLD_BYTES = 4096;
/** Above this, compressed off the event loop: a synchronous call would hold it for milliseconds. */
const SYNC_MAX_BYTES = 256 * 1024;
/** Brotli 4 took ≈ 1 ms of CPU for a 20 KB page; brotli 1 a tenth of that, for ≈ 1.0 KB sent instead of 0.75 KB. */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;
const COMPRESSIBLE = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;

/** The q of one Accept-Encoding entry: 1 when absent, NaN when not a number (the entry is then ignored). */
function qualityOf(params: string[]): number {
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    if (key.trim() === 'q') return /^\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*$/.test(value) ? Number(value) : Number.NaN;
  }
  return 1;
}

/**
 * The encoding of an answer to a client sending this Accept-Encoding: the accepted one with the highest q, brotli
 * before gzip at equal q; `*` stands for any encoding the header does not name; q=0 refuses. Undefined: as it is.
 */
export function negotiateEncoding(header: string | undefined): TEncoding | undefined {
  if (!header) return undefined;
  let br: number | undefined;
  let gz: number | undefined;
  let any: number | undefined;
  for (const entry of header.toLowerCase().split(',')) {
    const [name = '', ...params] = entry.split(';');
    const q = qualityOf(params);
    if (Number.isNaN(q)) continue;
    const token = name.trim();
    if (token === 'br') br = Math.max(br ?? 0, q);
    else if (token === 'gzip' || token === 'x-gzip') gz = Math.max(gz ?? 0, q);
    else if (token === '*') any = Math.max(any ?? 0, q);
  }
  const brQ = br ?? any ?? 0;
  const gzQ = gz ?? any ?? 0;
  if (brQ > 0 && brQ >= gzQ) return 'br';
  if (gzQ > 0) return 'gzip';
  return undefined;
}

/** The onRequest hook: the negotiation's result becomes the request's Accept-Encoding, for every later reader. */
export function negotiateOnRequest(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  request.headers['accept-encoding'] = negotiateEncoding(request.headers['accept-encoding']) ?? 'identity';
  done();
}

/** A window no larger than the body: the same bytes out, without clearing brotli's 4 MB window for a 3 KB answer. */
function zlibOptions(encoding: TEncoding, size: number) {
  const windowBits = Math.ceil(Math.log2(size));
  return encoding === 'br'
    ? {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: size,
          [constants.BROTLI_PARAM_LGWIN]: Math.min(Math.max(windowBits, constants.BROTLI_MIN_WINDOW_BITS), 22),
        },
      }
    : { level: GZIP_LEVEL, windowBits: Math.min(Math.max(windowBits, 9), 15) };
}

/** The body in this encoding, as compressAnswer writes it (also what bench/compression-threshold.ts measures). */
export function compressSync(body: string | Buffer, encoding: TEncoding): Buffer {
  const options = zlibOptions(encoding, Buffer.byteLength(body));
  return encoding === 'br' ? brotliCompressSync(body, options) : gzipSync(body, options);
}

/** The onSend hook, in Fastify's callback style: an async hook costs a promise and a turn for every answer. */
export function compressAnswer(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
  if (reply.getHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return done(null, payload);
  if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done(null, payload);
  const size = Buffer.byteLength(payload);
  if (size < COMPRESS_THRESHOLD_BYTES) return done(null, payload);
  const vary = reply.getHeader('vary');
  if (!String(vary ?? '').includes('accept-encoding'))
    reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return done(null, payload);
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  if (size <= SYNC_MAX_BYTES) return done(null, compressSync(payload, encoding));
  const finish = (error: Error | null, compressed: Buffer) => done(error, compressed);
  if (encoding === 'br') brotliCompress(payload, zlibOptions(encoding, size), finish);
  else gzip(payload, zlibOptions(encoding, size), finish);
}
