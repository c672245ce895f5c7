/**
 * JSON answers compressed in one synchronous zlib call (issue 12). @fastify/compress pipes every body, even a 3 KB
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

export async function compressJsonBody(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.getHeader('content-encoding') || request.headers['x-no-compression'] !== undefined) return payload;
  if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
  const size = Buffer.byteLength(payload);
  if (size < COMPRESS_THRESHOLD_BYTES || size > SYNC_MAX_BYTES) return payload;
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding) return payload;
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(payload, {
          params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: size },
        })
      : gzipSync(payload, { level: GZIP_LEVEL });
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
  reply.header('content-encoding', encoding);
  reply.removeHeader('content-length');
  return compressed;
}
