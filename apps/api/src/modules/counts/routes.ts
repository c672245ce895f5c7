/** GET /api/user/counts/: the numbers on the frame's places (decision 096), for a pharmacist or a pharmacy's person. */
import { ZErrorSchema, ZUserCountsSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { partyOf, requireParty } from '../../lib/auth-guard';
import { countsOf } from './service';

export const countRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/counts/',
    {
      // An admin has no places with waiting things (and no bell): 403, like the other pages of the two sides.
      onRequest: requireParty('read', 'farmacista', 'titolare'),
      schema: {
        operationId: 'userCounts',
        tags: ['account'],
        summary:
          'Cosa aspetta la persona: gli inviti a cui può ancora rispondere (farmacista), le candidature da decidere (farmacia) e i messaggi non letti',
        security: [{ bearer: [] }],
        response: { 200: ZUserCountsSchema, 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema },
      },
    },
    async (request) => countsOf(app.db, partyOf(request), app.now()),
  );
};
