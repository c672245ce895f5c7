/** Applications (candidature): a pharmacist sends their stored CV to an open offer once; the owner sees what they received. */
import {
  LIMITS,
  MESSAGES,
  RELIABILITY_MESSAGES,
  ZApplicationCreatedSchema,
  ZApplicationIdParamsSchema,
  ZApplyInputSchema,
  ZDecisionInputSchema,
  ZErrorSchema,
  ZMessageSchema,
  ZNoShowInputSchema,
  ZReceivedApplicationListSchema,
  ZReceivedApplicationSchema,
  ZReceivedCountsQuerySchema,
  ZReceivedCountsSchema,
  ZReceivedQuerySchema,
  ZSentApplicationListSchema,
  ZSentApplicationSchema,
  ZWithdrawInputSchema,
} from '@farmaponte/shared';
import { ZReclassificationSchema } from '@farmaponte/shared/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, groupOf, ownerOf, requireConfirmedEmail, requireOwner, requireRole, sessionUser } from '../../lib/auth-guard';
import { applyToOffer } from './apply';
import { decideApplication } from './decide';
import { countReceivedApplications, listReceivedApplications } from './received';
import { reportNoShow } from './reliability';
import { listSentApplications } from './sent';
import { withdrawApplication } from './withdraw';

export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];
  // The link is for the pharmacy whose offer received the application, and names the application the card shows
  // (decision 067): on a group's list each card's pharmacy.
  const cvLink = (farmacistaId: number, applicationId: number, pharmacyId: number) =>
    app.cvLinks.linkFor(farmacistaId, pharmacyId, applicationId);
  const answerContext = () => ({ cvLink, now: app.now(), retentionDays: app.config.CONTACT_RETENTION_DAYS });

  app.post(
    '/candidature/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'applyToOffer',
        tags: ['applications'],
        summary:
          "Invia il proprio CV come candidatura a un'offerta aperta (una volta per offerta), con una proposta sul compenso se l'offerta la ammette",
        security,
        body: ZApplyInputSchema,
        response: { 201: ZApplicationCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      await requireConfirmedEmail(app.db, sessionUser(request).id);
      const { offer_id, legal_form, proposal } = request.body;
      const pharmacistId = sessionUser(request).id;
      const { id } = await applyToOffer(app.db, app.events, pharmacistId, offer_id, app.now(), legal_form, proposal);
      return reply.code(201).send({ id, message: MESSAGES.applicationSent });
    },
  );

  app.get(
    '/titolare/candidatures/',
    {
      onRequest: requireOwner('read', { group: true }),
      schema: {
        operationId: 'listReceivedApplications',
        tags: ['applications'],
        summary: `Le candidature ricevute per le proprie offerte, dalla più recente (${LIMITS.receivedApplicationsPageSize} per pagina; totale in X-Total-Count); con X-Farmacia: tutte, quelle di ogni farmacia del gruppo`,
        security,
        querystring: ZReceivedQuerySchema,
        response: { 200: ZReceivedApplicationListSchema, ...errors },
      },
    },
    async (request, reply) => {
      const page = await listReceivedApplications(app.db, groupOf(request), request.query, answerContext());
      reply.header('x-total-count', String(page.total));
      return page.applications;
    },
  );

  app.get(
    '/titolare/candidatures/counts/',
    {
      onRequest: requireOwner('read', { group: true }),
      schema: {
        operationId: 'countReceivedApplications',
        tags: ['applications'],
        summary:
          'Quante candidature ricevute ha ogni stato, per tutte le proprie offerte o per una (?offer_id), in una richiesta; con X-Farmacia: tutte, per ogni farmacia del gruppo',
        security,
        querystring: ZReceivedCountsQuerySchema,
        response: { 200: ZReceivedCountsSchema, ...errors },
      },
    },
    async (request) => countReceivedApplications(app.db, groupOf(request), request.query),
  );

  app.get(
    '/candidature/mine/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'listMyApplications',
        tags: ['applications'],
        summary: 'Le candidature inviate dal farmacista connesso',
        security,
        response: { 200: ZSentApplicationListSchema, ...errors },
      },
    },
    async (request) => listSentApplications(app.db, sessionUser(request).id, app.now()),
  );

  app.post(
    '/titolare/candidatures/:id/decision/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'decideApplication',
        tags: ['applications'],
        summary:
          "Accetta o rifiuta una candidatura a una propria offerta (con un messaggio facoltativo); annullare un'accettazione richiede un messaggio; un'offerta scaduta non accetta più (409 offer_expired)",
        security,
        params: ZApplicationIdParamsSchema,
        body: ZDecisionInputSchema,
        // A freelance acceptance also answers the reclassification warning (decision 093).
        response: { 200: ZReceivedApplicationSchema.extend({ reclassification: ZReclassificationSchema.optional() }), ...errors },
      },
    },
    async (request) =>
      decideApplication(app.db, app.events, ownerOf(request), request.params.id, request.body, answerContext(), actorOf(request)),
  );

  app.post(
    '/candidature/:id/withdraw/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'withdrawApplication',
        tags: ['applications'],
        summary:
          'Ritira una propria candidatura (finché non è stata rifiutata); per un turno accettato a meno di 7 giorni dal primo giorno serve un motivo, che resta nella propria affidabilità',
        security,
        params: ZApplicationIdParamsSchema,
        body: ZWithdrawInputSchema,
        response: { 200: ZSentApplicationSchema, ...errors },
      },
    },
    async (request) => {
      const farmacista = sessionUser(request);
      const reason = request.body?.reason ?? '';
      return withdrawApplication(app.db, app.events, farmacista.id, request.params.id, app.now(), reason);
    },
  );

  app.post(
    '/applications/:id/no-show/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'reportNoShow',
        tags: ['applications'],
        summary:
          'Segnala che il farmacista accettato non si è presentato, dal primo giorno del turno fino a 14 giorni dopo la fine: resta nella sua affidabilità',
        security,
        params: ZApplicationIdParamsSchema,
        body: ZNoShowInputSchema,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      await reportNoShow(app.db, ownerOf(request), request.params.id, request.body?.reason ?? '', app.now());
      return { message: RELIABILITY_MESSAGES.noShowReported };
    },
  );
};
