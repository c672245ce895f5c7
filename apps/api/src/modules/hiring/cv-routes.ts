/**
 * A CV opened through its signed link (decision 008): who may read it now is the hiring loop's rule (an owner through
 * an application whose contact data still show, decision 067; its owner; an admin), and an owner's first opening makes
 * the applicant's waiting applications `seen`. The CV's storage and its list of views are cv's.
 */
import { LIMITS, MESSAGES, ZCvLinkParamsSchema, ZCvLinkQuerySchema, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { forbidden, gone, notFound } from '../../lib/errors';
import { cvReader, readCv, recordCvOpen } from '../cv';
import { markApplicationsSeenIn, ownerCvAccess } from './cv-access';

export const cvDownloadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/cv/:userId/',
    {
      schema: {
        operationId: 'downloadCv',
        security: [],
        tags: ['cv'],
        summary: `Scarica un CV con un link firmato (scade dopo ${LIMITS.cvLinkTtlSeconds / 60} minuti); 410 contact_expired quando il titolare non vede più i contatti del candidato`,
        params: ZCvLinkParamsSchema,
        querystring: ZCvLinkQuerySchema,
        response: {
          200: bodyOf('application/pdf', 'Il CV in PDF'),
          400: ZErrorSchema,
          403: ZErrorSchema,
          404: ZErrorSchema,
          410: ZErrorSchema,
          503: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const { viewer, expires, signature, application } = request.query;
      const now = app.now();
      // A valid signature is not enough: the viewer must still have the right (e.g. the application still exists).
      const reader = app.cvLinks.verify(userId, viewer, expires, signature, application)
        ? await cvReader(app.db, viewer, userId)
        : undefined;
      if (!reader) throw forbidden(MESSAGES.cvLinkExpired, 'cv_link_invalid');
      // An owner reads it through an application whose contact term still runs (decision 067); admins are not limited.
      let through: { applicationId: number; offerTitle: string } | undefined;
      if (reader.role === 'titolare' && viewer !== userId) {
        const access = await ownerCvAccess(app.db, viewer, userId, application, now, app.config.CONTACT_RETENTION_DAYS);
        if (access.kind === 'none') throw forbidden(MESSAGES.cvLinkExpired, 'cv_link_invalid');
        if (access.kind === 'expired') throw gone(MESSAGES.contactExpired, 'contact_expired');
        through = access;
      }
      const cv = await readCv(app.db, userId);
      if (!cv) throw notFound(MESSAGES.cvNotFound, 'cv_not_found');
      // Recorded before a byte is answered: the pharmacist's list of views, with the owner's opening making their
      // applications `seen` (decision 023) in the same transaction, and an admin's audit entry (decision 061).
      await recordCvOpen(app.db, reader, userId, now, through, (tx) =>
        reader.role === 'titolare' ? markApplicationsSeenIn(tx, app.events, viewer, userId, now) : Promise.resolve(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="cv.pdf"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(cv.data as never); // binary body: no JSON serializer
    },
  );
};
