import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createResponseSerializerCompiler, fastWriterFor } from './response-serializer';

const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  region: z.string().nullable(),
  lat: z.number().nullable(),
  tags: z.array(z.string()),
});

function appAnswering(body: unknown, checkWithZod: boolean, schema: z.ZodType = ZUser) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(createResponseSerializerCompiler({ checkWithZod }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
  return app;
}

describe('answers written from the response schema', () => {
  for (const checkWithZod of [false, true]) {
    it(`never sends a field the schema does not declare (${checkWithZod ? 'checked by zod' : 'production'})`, async () => {
      const user = { id: 7, email: 'a@b.it', region: null, lat: 45.5, tags: ['x"y', 'è\n'], passwordHash: 'argon2…' };
      const response = await appAnswering(user, checkWithZod).inject('/x');
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('passwordHash');
      expect(response.body).toBe(JSON.stringify({ id: 7, email: 'a@b.it', region: null, lat: 45.5, tags: ['x"y', 'è\n'] }));
    });
  }

  it('outside production, an answer of the wrong shape is an error, as with zod alone', async () => {
    const wrong = { id: 7, email: 42, region: null, lat: null, tags: [] };
    expect((await appAnswering(wrong, true).inject('/x')).statusCode).toBe(500);
  });

  it('leaves unions to zod, which picks the branch exactly', async () => {
    const listOrPage = z.union([z.array(ZUser), z.object({ count: z.number(), results: z.array(ZUser) })]);
    expect(fastWriterFor(listOrPage)).toBeUndefined();
    expect(fastWriterFor(ZUser)).toBeTypeOf('function');
    const page = { count: 0, results: [], extra: 1 };
    const response = await appAnswering(page, false, listOrPage).inject('/x');
    expect(response.json()).toEqual({ count: 0, results: [] });
  });
});
