import { LIMITS, MESSAGES, ZCvLinkParamsSchema, ZCvLinkQuerySchema, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { forbidden, notFound } from '../../lib/errors';
import { markApplicationsSeen } from '../applications';
import { cvReader, readCv, recordCvOpen } from './service';

export const cvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cv/:userId/',
    {
      schema: {
        operationId: 'downloadCv',
        security: [],
        tags: ['cv'],
        summary: `Scarica un CV con un link firmato (scade dopo ${LIMITS.cvLinkTtlSeconds / 60} minuti)`,
        params: ZCvLinkParamsSchema,
        querystring: ZCvLinkQuerySchema,
        response: {
          200: bodyOf('application/pdf', 'Il CV in PDF'),
          400: ZErrorSchema,
          403: ZErrorSchema,
          404: ZErrorSchema,
          503: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const { viewer, expires, signature } = request.query;
      // A valid signature is not enough: the viewer must still have the right (e.g. the application still exists).
      const reader = app.cvLinks.verify(userId, viewer, expires, signature) ? await cvReader(app.db, viewer, userId) : undefined;
      if (!reader) throw forbidden(MESSAGES.cvLinkExpired, 'cv_link_invalid');
      const cv = await readCv(app.db, userId);
      if (!cv) throw notFound(MESSAGES.cvNotFound, 'cv_not_found');
      // An admin's reading is recorded before a byte is answered: no entry, no CV (docs/decisions/061).
      await recordCvOpen(app.db, reader, userId, app.now());
      // The offer's owner opening the CV is what the applicant sees as `seen` (decision 023).
      if (viewer !== userId) await markApplicationsSeen(app.db, viewer, userId, app.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="cv.pdf"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(cv.data as never); // binary body: no JSON serializer
    },
  );
};
