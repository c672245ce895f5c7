/** The admin audit log's list (admin only, docs/decisions/061). No route changes or deletes an entry. */
import { ZAuditPageSchema, ZAuditQuerySchema, ZErrorSchema } from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole } from '../../lib/auth-guard';
import { pageLinks } from '../../lib/paging';
import { listAuditLog } from './service';

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/audit/',
    {
      onRequest: requireRole('admin'),
      schema: {
        operationId: 'listAuditLog',
        tags: ['admin'],
        summary:
          'Registro attività degli amministratori, dal più recente, con filtri per autore, azione, utente e date (AAAA-MM-GG, incluse)',
        security: [{ bearer: [] }],
        querystring: ZAuditQuerySchema,
        response: { 200: ZAuditPageSchema, 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema },
      },
    },
    async (request) => {
      const query = request.query;
      const { count, results } = await listAuditLog(app.db, query);
      const { actor, action, target_user, from, to } = query;
      return { count, ...pageLinks('/api/admin/audit/', query, count, { actor, action, target_user, from, to }), results };
    },
  );
};
