import { ZHealthSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from './service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health/',
    {
      schema: {
        tags: ['health'],
        summary: 'Stato del servizio e del database',
        response: { 200: ZHealthSchema },
      },
    },
    async () => {
      await pingDatabase(app.db);
      return { status: 'ok' as const, database: app.database.kind };
    },
  );
};
