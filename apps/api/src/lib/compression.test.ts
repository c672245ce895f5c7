import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, compressAnswer, negotiateEncoding, negotiateOnRequest } from './compression';

/** The one Accept-Encoding negotiation: every compressed answer, precompressed list and static file follows it. */
describe('negotiateEncoding', () => {
  const cases: [string | undefined, 'br' | 'gzip' | undefined][] = [
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip, deflate, br, zstd', 'br'], // Chromium and Firefox
    ['gzip, deflate', 'gzip'], // an older client
    ['br', 'br'],
    ['GZIP', 'gzip'],
    ['x-gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'], // q=0 refuses
    ['br;q=0.0, gzip;q=0.000', undefined],
    ['gzip;q=1, br;q=0.5', 'gzip'], // the client's preference first
    ['gzip;q=0.8, br;q=0.8', 'br'], // brotli at equal q
    ['br ; q=0.3 , gzip ; q=0.2', 'br'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['gzip;q=0, *', 'br'], // * names what the header does not
    ['br;q=0, *', 'gzip'],
    ['br;q=abc, gzip', 'gzip'], // a q that is no number: the entry is ignored
    ['br;q=2', undefined],
  ];
  for (const [header, expected] of cases)
    it(`${JSON.stringify(header)} → ${expected ?? 'as it is'}`, () => {
      expect(negotiateEncoding(header)).toBe(expected);
      // Its answer, as the request's Accept-Encoding (negotiateOnRequest), negotiates to itself.
      expect(negotiateEncoding(expected ?? 'identity')).toBe(expected);
    });
});

/** Answers of every size the hook compresses, with windows fitted to the body: each must decode to the same JSON. */
describe('dynamic answers compressed by compressAnswer', () => {
  const app = Fastify();
  app.addHook('onRequest', negotiateOnRequest);
  app.addHook('onSend', compressAnswer);
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: i, nome: `Farmacia Città ${i}`, comune: i % 7 ? 'Milano' : 'Roma' }));
  app.get('/rows/:n', async (request) => rows(Number((request.params as { n: string }).n)));
  app.get('/page', async (_request, reply) => reply.type('text/html; charset=utf-8').send(`<p>${'Farmaponte '.repeat(800)}</p>`));
  app.get('/pdf', async (_request, reply) => reply.type('application/pdf').send(Buffer.alloc(20_000, 1)));
  const get = (url: string, acceptEncoding?: string) =>
    app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  // 45 rows ≈ 2.6 KB (under the threshold), 400 ≈ 23 KB (synchronous), 6,000 ≈ 350 KB (off the event loop).
  for (const n of [400, 6_000]) {
    for (const encoding of ['br', 'gzip'] as const) {
      it(`${n} rows, ${encoding}`, async () => {
        const plain = await get(`/rows/${n}`);
        const packed = await get(`/rows/${n}`, encoding);
        expect(packed.headers['content-encoding']).toBe(encoding);
        expect(packed.headers['content-length']).toBe(String(packed.rawPayload.length));
        expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        const decode = encoding === 'br' ? brotliDecompressSync : gunzipSync;
        expect(JSON.parse(decode(packed.rawPayload).toString())).toEqual(plain.json());
      });
    }
  }

  it('says Vary: accept-encoding on every answer it could have compressed, also when sent as it is', async () => {
    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0', 'br']) {
      const response = await get('/rows/400', header);
      expect(response.headers.vary).toBe('accept-encoding');
    }
  });

  it('sends as they are answers under the threshold, of a type that does not shrink, and to a client that refuses', async () => {
    const small = await get('/rows/45', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect((await get('/pdf', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await get('/rows/400', 'br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    expect((await get('/rows/400', 'deflate')).headers['content-encoding']).toBeUndefined();
  });

  it('compresses an HTML page the same way', async () => {
    const page = await get('/page', 'gzip');
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.rawPayload).toString()).toBe((await get('/page')).body);
  });
});
