/** Applications (candidature): a pharmacist sends their stored CV to an open offer once; the owner sees what they received. */
import {
  LIMITS,
  MESSAGES,
  ZApplicationCreatedSchema,
  ZApplyInputSchema,
  ZErrorSchema,
  ZReceivedApplicationListSchema,
  ZReceivedQuerySchema,
  ZSentApplicationListSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { applyToOffer, listReceivedApplications, listSentApplications } from './service';

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.post(
    '/candidature/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        tags: ['applications'],
        summary: "Invia il proprio CV come candidatura a un'offerta aperta (una volta per offerta)",
        security,
        body: ZApplyInputSchema,
        response: { 201: ZApplicationCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { id } = await applyToOffer(app.db, sessionUser(request).id, request.body.offer_id, app.now());
      return reply.code(201).send({ id, message: MESSAGES.applicationSent });
    },
  );

  app.get(
    '/titolare/candidatures/',
    {
      onRequest: requireRole('titolare'),
      schema: {
        tags: ['applications'],
        summary: `Le candidature ricevute per le proprie offerte, dalla più recente (${LIMITS.receivedApplicationsPageSize} per pagina; totale in X-Total-Count)`,
        security,
        querystring: ZReceivedQuerySchema,
        response: { 200: ZReceivedApplicationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const owner = sessionUser(request);
      const page = await listReceivedApplications(app.db, owner.id, request.query, (farmacistaId) =>
        app.cvLinks.linkFor(farmacistaId, owner.id),
      );
      reply.header('x-total-count', String(page.total));
      return page.applications;
    },
  );

  app.get(
    '/candidature/mine/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        tags: ['applications'],
        summary: 'Le candidature inviate dal farmacista connesso',
        security,
        response: { 200: ZSentApplicationListSchema, ...errors },
      },
    },
    async (request) => listSentApplications(app.db, sessionUser(request).id, app.now()),
  );
};
