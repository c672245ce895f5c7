/** The pharmacist's list of who opened her CV (decision 067); the download through a signed link is the hiring loop's. */
import { ZCvViewsPageSchema, ZCvViewsQuerySchema, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { pageLinks } from '../../lib/paging';
import { listCvViews } from './service';

export const cvRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/cv-views/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'listCvViews',
        tags: ['cv'],
        summary: 'Chi ha aperto il proprio CV (titolari e staff), dal più recente, a pagine',
        security: [{ bearer: [] }],
        querystring: ZCvViewsQuerySchema,
        response: { 200: ZCvViewsPageSchema, 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema },
      },
    },
    async (request) => {
      const page = await listCvViews(app.db, sessionUser(request).id, request.query);
      return { ...page, ...pageLinks('/api/user/cv-views/', request.query, page.count) };
    },
  );
};
