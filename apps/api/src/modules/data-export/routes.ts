/** 'Scarica i miei dati' (decision 066): the logged-in user's data as a ZIP, at most LIMITS.dataExportsPerDay a day. */
import { LIMITS, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { buildUserExport, exportFileName, takeDataExportQuota } from './service';

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/export/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'exportMyData',
        tags: ['account'],
        summary: `Scarica i propri dati in un file ZIP (dati.json e il CV), al massimo ${LIMITS.dataExportsPerDay} volte al giorno`,
        security: [{ bearer: [] }],
        response: {
          200: bodyOf('application/zip', 'Il file ZIP con dati.json e, se caricato, cv.pdf'),
          401: ZErrorSchema,
          404: ZErrorSchema,
          429: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      await takeDataExportQuota(app.counters, user.id);
      const now = app.now();
      const zip = await buildUserExport(app.db, user.id, now);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) as never); // binary body: no JSON serializer
    },
  );
};
