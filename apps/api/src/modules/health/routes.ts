import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Stato del servizio e del database',
        response: {
          200: z.object({
            status: z.literal('ok'),
            database: z.enum(['pglite', 'postgres']),
            redis: z.enum(['up', 'down']).optional(),
          }),
        },
      },
    },
    async () => {
      await app.db.execute(sql`select 1`);
      // Redis away is not an outage: limits fall back to this instance's memory, so the status stays ok.
      return { status: 'ok' as const, database: app.database.kind, redis: await app.redisStatus() };
    },
  );
};
