import { LIMITS, ZComuneListSchema, ZComuniQuerySchema, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchComuni } from './comuni';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geo/comuni/',
    {
      schema: {
        operationId: 'listComuni',
        security: [],
        tags: ['geo'],
        summary: 'Comuni italiani, per provincia (sigla) e/o testo',
        querystring: ZComuniQuerySchema,
        response: { 200: ZComuneListSchema, 400: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const { provincia, q } = request.query;
      reply.header('cache-control', 'public, max-age=86400');
      return searchComuni({ provincia, q }, provincia ? LIMITS.provinceComuniMaxResults : LIMITS.searchMaxResults);
    },
  );
};
