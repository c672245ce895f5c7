/** The pharmacist's albo check as they see it (decision 050); the entry itself is saved with the profile. */
import { ZAlboStatusSchema, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { getAlboStatus } from './service';

export const alboRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/albo/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'getMyAlboCheck',
        tags: ['account'],
        summary:
          "Lo stato della verifica della propria iscrizione all'albo: none, pending (in verifica), verified o rejected con il motivo",
        security: [{ bearer: [] }],
        response: { 200: ZAlboStatusSchema, 401: ZErrorSchema, 403: ZErrorSchema },
      },
    },
    async (request) => getAlboStatus(app.db, sessionUser(request).id),
  );
};
