/** Reports, the admins' desk and suspensions (decision 062, docs/rules.md#reports-and-suspensions). */
import {
  MESSAGES,
  ZAdminReportsPageSchema,
  ZErrorSchema,
  ZMessageSchema,
  ZReportCreatedSchema,
  ZReportIdParamsSchema,
  ZReportInputSchema,
  ZReportResolutionSchema,
  ZReportResolvedSchema,
  ZReportsQuerySchema,
  ZSuspensionSchema,
  ZUserIdParamsSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, requireRole, sessionUser } from '../../lib/auth-guard';
import { pageLinks } from '../../lib/paging';
import { recordAdminRead } from '../audit';
import { createReport, listReports, takeReportQuota } from './reports';
import { reinstateUser, resolveReport, suspendUser } from './service';

export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];
  const asAdmin = requireRole('admin');
  const actorOf = (request: Parameters<typeof sessionUser>[0]) => {
    const { id, email } = sessionUser(request);
    return { id, email };
  };

  app.post(
    '/reports/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'createReport',
        tags: ['reports'],
        summary: "Segnala un'offerta o un utente agli amministratori (chi segnala non viene mai rivelato)",
        security,
        body: ZReportInputSchema,
        response: { 201: ZReportCreatedSchema, ...errors, 429: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = sessionUser(request);
      await takeReportQuota(app.counters, id);
      const reportId = await createReport(app.db, id, request.body, app.now());
      return reply.code(201).send({ id: reportId, message: MESSAGES.reportSent });
    },
  );

  app.get(
    '/admin/reports/',
    {
      onRequest: asAdmin,
      schema: {
        operationId: 'listReports',
        tags: ['reports'],
        summary: 'Segnalazioni aperte o gestite, raggruppate per oggetto, con la storia della persona segnalata',
        security,
        querystring: ZReportsQuerySchema,
        response: { 200: ZAdminReportsPageSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { count, results } = await listReports(app.db, query, app.now());
      // Reporters' and reported people's details: the read is in the audit log, with its filters, before it leaves.
      await recordAdminRead(
        app.db,
        actorOf(request),
        { action: 'reports.list', details: { status: query.status, page: query.page, shown: results.length } },
        app.now(),
      );
      return { count, ...pageLinks('/api/admin/reports/', query, count, { status: query.status }), results };
    },
  );

  app.post(
    '/admin/reports/:id/resolve/',
    {
      onRequest: asAdmin,
      schema: {
        operationId: 'resolveReport',
        tags: ['reports'],
        summary:
          "Gestisce una segnalazione (e le altre aperte sullo stesso oggetto): archivia, nascondi l'offerta o sospendi l'utente",
        security,
        params: ZReportIdParamsSchema,
        body: ZReportResolutionSchema,
        response: { 200: ZReportResolvedSchema, ...errors },
      },
    },
    async (request) => {
      const outcome = await resolveReport(app.db, app.events, actorOf(request), request.params.id, request.body, app.now());
      return { message: MESSAGES.reportResolved, resolved: outcome.resolved };
    },
  );

  app.post(
    '/admin/users/:id/suspend/',
    {
      onRequest: asAdmin,
      schema: {
        operationId: 'suspendUser',
        tags: ['reports'],
        summary:
          'Sospende un account: sessioni terminate, offerte aperte chiuse, candidature in attesa ritirate, e-mail col motivo',
        security,
        params: ZUserIdParamsSchema,
        body: ZSuspensionSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      await suspendUser(app.db, app.events, actorOf(request), request.params.id, request.body.reason, app.now());
      return { message: MESSAGES.userSuspended };
    },
  );

  app.post(
    '/admin/users/:id/reinstate/',
    {
      onRequest: asAdmin,
      schema: {
        operationId: 'reinstateUser',
        tags: ['reports'],
        summary: 'Riattiva un account sospeso: può accedere di nuovo (le offerte restano chiuse)',
        security,
        params: ZUserIdParamsSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      await reinstateUser(app.db, app.events, actorOf(request), request.params.id, app.now());
      return { message: MESSAGES.userReinstated };
    },
  );
};
