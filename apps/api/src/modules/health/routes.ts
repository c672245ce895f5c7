import { OUTAGE_MESSAGES, ZErrorSchema, ZHealthSchema, ZLivenessSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './service';

// 400: like every route, a query with control characters is refused before the route (app.ts).
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        operationId: 'getHealth',
        security: [],
        tags: ['health'],
        summary:
          "Pronto a servire: il database risponde (503 database_unavailable se non risponde, 503 shutting_down mentre l'istanza si spegne); stato di Redis se usato; ultimo esito e ritardo di ogni lavoro periodico",
        response: { 200: ZHealthSchema, 400: ZErrorSchema, 503: ZErrorSchema },
      },
    },
    async (_request, reply) => {
      // Readiness, for a balancer: during the drain before a shutdown it sends the next requests to other instances,
      // while this one still answers them.
      if (app.readiness.draining) return reply.code(503).send({ message: OUTAGE_MESSAGES.shuttingDown, code: 'shutting_down' });
      await pingDatabase(app.db);
      // Redis away is not an outage: limits fall back to this instance's memory, so the status stays ok. Nor is a late
      // job: the load balancer would take every instance out for a mail server that is down.
      const [redis, jobs] = await Promise.all([app.redisStatus(), app.jobs.health()]);
      // Keys in the schema's order, required first: the fast writer and zod's must write the same text (decisions/033).
      return { status: 'ok' as const, database: app.database.kind, jobs, redis };
    },
  );

  // For a process supervisor: the process runs and its event loop answers, whatever the database does.
  app.get(
    '/health/live',
    {
      schema: {
        operationId: 'getLiveness',
        security: [],
        tags: ['health'],
        summary: 'Il processo è in esecuzione',
        response: { 200: ZLivenessSchema, 400: ZErrorSchema },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
};
