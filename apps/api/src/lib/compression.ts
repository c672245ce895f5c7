/**
 * JSON answers compressed in one synchronous zlib call (decision 029). @fastify/compress pipes every body, even a 3 KB
 * page, through a chain of streams that cost the API more CPU than the compression itself; this onSend hook runs
 * before it and handles the common case (a JSON body of 2 KB to 256 KB), leaving streams, files and the rare large
 * body to the plugin. Same rules as the plugin: the client's Accept-Encoding (q=0 refuses), Vary, no Content-Length.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const COMPRESS_THRESHOLD_BYTES = 2048;
/** Above this, the plugin's streams: a synchronous call would hold the event loop for milliseconds. */
const SYNC_MAX_BYTES = 256 * 1024;
/** Brotli 4 took ≈ 1 ms of CPU for a 20 KB page; brotli 1 a tenth of that, for ≈ 1.0 KB sent instead of 0.75 KB. */
export const BROTLI_QUALITY = 1;
export const GZIP_LEVEL = 1;

/** br or gzip when the client accepts it (br preferred, as the plugin does), else undefined. */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** The onSend hook, in Fastify's callback style: an async hook costs a promise and a turn for every answer. */
export function compressJsonBody(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload: unknown) => void,
) {
  done(null, compressedPayload(request, reply, payload));
}

function compressedPayload(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.getHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const size = Buffer.byteLength(payload);
  if (size < COMPRESS_THRESHOLD_BYTES || size > SYNC_MAX_BYTES) return payload;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  // A window no larger than the body: the same bytes out, but brotli's default 4 MB window (and zlib's 32 KB one) were
  // allocated and cleared for every answer, which made a 3 KB answer cost as much as a 20 KB one (the profile of decision 033).
  const windowBits = Math.ceil(Math.log2(size));
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(payload, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: size,
            [constants.BROTLI_PARAM_LGWIN]: Math.min(Math.max(windowBits, constants.BROTLI_MIN_WINDOW_BITS), 22),
          },
        })
      : gzipSync(payload, { level: GZIP_LEVEL, windowBits: Math.min(Math.max(windowBits, 9), 15) });
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}
