import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, answerWriter } from './answer-writer';

const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  region: z.string().nullable(),
  lat: z.number().nullable(),
  tags: z.array(z.string()),
  manager: z.object({ id: z.number() }).nullable(),
});

function appAnswering(body: unknown, checkAnswers: boolean, schema: z.ZodType = ZUser) {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers }));
  app.get('/x', { schema: { response: { 200: schema } } }, async () => body);
  return app;
}

describe('answers written from the response schema, by one writer', () => {
  for (const checkAnswers of [false, true]) {
    it(`never sends a field the schema does not declare (${checkAnswers ? 'checked by zod, as in the API tests' : 'every server'})`, async () => {
      const user = {
        id: 7,
        email: 'a@b.it',
        region: null,
        lat: 45.5,
        tags: ['x"y', 'è\n'],
        manager: { id: 3, passwordHash: 'argon2…' },
        passwordHash: 'argon2…',
      };
      const response = await appAnswering(user, checkAnswers).inject('/x');
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('passwordHash');
      expect(response.body).toBe(
        JSON.stringify({ id: 7, email: 'a@b.it', region: null, lat: 45.5, tags: ['x"y', 'è\n'], manager: { id: 3 } }),
      );
      const noManager = await appAnswering({ ...user, manager: null }, checkAnswers).inject('/x');
      expect(noManager.json().manager).toBeNull();
    });
  }

  it('in the API tests, an answer of the wrong shape is an error (500), as with zod alone', async () => {
    const wrong = { id: 7, email: 42, region: null, lat: null, tags: [], manager: null };
    expect((await appAnswering(wrong, true).inject('/x')).statusCode).toBe(500);
  });

  it('writes a list-or-page union by the branch zod would pick', async () => {
    const listOrPage = z.union([z.array(ZUser), z.object({ count: z.number(), results: z.array(ZUser) })]);
    const page = await appAnswering({ count: 0, results: [], extra: 1 }, true, listOrPage).inject('/x');
    expect(page.json()).toEqual({ count: 0, results: [] });
    const list = await appAnswering([], true, listOrPage).inject('/x');
    expect(list.json()).toEqual([]);
  });

  it('refuses, when the route is registered, a schema it cannot write without choosing a branch per value', async () => {
    const choice = z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]);
    expect(() => answerWriter(choice, { checkAnswers: false, name: 'GET /choice' })).toThrow(
      /GET \/choice: its response schema has no fast-json-stringify form/,
    );
    await expect(appAnswering({ a: 'x' }, false, choice).ready()).rejects.toThrow(/no fast-json-stringify form/);
  });
});
