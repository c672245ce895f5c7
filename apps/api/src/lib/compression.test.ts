import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { compressJsonBody } from './compression';

/** Answers of every size the hook compresses, with windows fitted to the body: each must decode to the same JSON. */
describe('JSON answers compressed with a window fitted to their size', () => {
  const app = Fastify();
  app.addHook('onSend', compressJsonBody);
  app.get('/rows/:n', async (request) => {
    const n = Number((request.params as { n: string }).n);
    return Array.from({ length: n }, (_, i) => ({ id: i, nome: `Farmacia Città ${i}`, comune: i % 7 ? 'Milano' : 'Roma' }));
  });

  for (const rows of [45, 400, 3_000]) {
    for (const encoding of ['br', 'gzip'] as const) {
      it(`${rows} rows, ${encoding}`, async () => {
        const plain = await app.inject(`/rows/${rows}`);
        const packed = await app.inject({ url: `/rows/${rows}`, headers: { 'accept-encoding': encoding } });
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
        expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
      });
    }
  }
});
