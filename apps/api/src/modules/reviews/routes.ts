/**
 * Reviews after the shift (decision 074): write one's review of an accepted shift, read an application's, the shifts
 * to review, a person's published reviews; the subject's reply, a report, an admin's hiding.
 */
import {
  MESSAGES,
  REVIEW_MESSAGES,
  ZApplicationReviewSchema,
  ZErrorSchema,
  ZMessageSchema,
  ZPendingReviewsSchema,
  ZReportCreatedSchema,
  ZReviewHideInputSchema,
  ZReviewInputSchema,
  ZReviewParamsSchema,
  ZReviewReplyInputSchema,
  ZReviewReportInputSchema,
  ZReviewSavedSchema,
  ZReviewsPageSchema,
  ZReviewsQuerySchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, partyOf, requireParty, requireRole, sessionUser } from '../../lib/auth-guard';
import { takeReportQuota } from '../moderation';
import {
  getApplicationReview,
  hideReview,
  listUserReviews,
  pendingReviews,
  replyToReview,
  reportReview,
  writeReview,
} from './service';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.post(
    '/applications/:id/review/',
    {
      onRequest: requireParty('write'),
      schema: {
        operationId: 'writeReview',
        tags: ['reviews'],
        summary:
          "Recensisce l'altra parte di una candidatura accettata, una volta, nei 14 giorni dopo la fine del turno; pubblicata quando arriva anche l'altra o alla scadenza",
        security,
        params: ZReviewParamsSchema,
        body: ZReviewInputSchema,
        response: { 201: ZReviewSavedSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const { review, published } = await writeReview(
        app.db,
        app.events,
        partyOf(request).id,
        request.params.id,
        request.body,
        app.now(),
      );
      return reply.code(201).send({ message: published ? REVIEW_MESSAGES.published : REVIEW_MESSAGES.saved, review });
    },
  );

  app.get(
    '/applications/:id/review/',
    {
      onRequest: requireParty('read'),
      schema: {
        operationId: 'getApplicationReview',
        tags: ['reviews'],
        summary:
          "Le recensioni di una propria candidatura accettata: quando si può scrivere, la propria, quella dell'altra parte una volta pubblicata",
        security,
        params: ZReviewParamsSchema,
        response: { 200: ZApplicationReviewSchema, ...errors },
      },
    },
    async (request) => getApplicationReview(app.db, partyOf(request).id, request.params.id, app.now()),
  );

  app.get(
    '/reviews/pending/',
    {
      onRequest: requireParty('read'),
      schema: {
        operationId: 'listPendingReviews',
        tags: ['reviews'],
        summary: 'I turni finiti da recensire adesso (finestra aperta, recensione non ancora scritta)',
        security,
        response: { 200: ZPendingReviewsSchema, ...errors },
      },
    },
    async (request) => ({ results: await pendingReviews(app.db, partyOf(request).id, app.now()) }),
  );

  app.get(
    '/users/:id/reviews/',
    {
      onRequest: requireParty('read', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'listUserReviews',
        tags: ['reviews'],
        summary:
          "Le recensioni pubblicate di una persona, con media e numero: di un titolare per chiunque abbia accesso, di un farmacista per i titolari verificati, l'interessato e gli amministratori",
        security,
        params: ZReviewParamsSchema,
        querystring: ZReviewsQuerySchema,
        response: { 200: ZReviewsPageSchema, ...errors },
      },
    },
    async (request) => listUserReviews(app.db, partyOf(request), request.params.id, request.query),
  );

  app.post(
    '/reviews/:id/reply/',
    {
      onRequest: requireParty('write'),
      schema: {
        operationId: 'replyToReview',
        tags: ['reviews'],
        summary: 'Risponde una volta a una recensione pubblicata che ci riguarda',
        security,
        params: ZReviewParamsSchema,
        body: ZReviewReplyInputSchema,
        response: { 200: ZReviewSavedSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const review = await replyToReview(app.db, partyOf(request).id, request.params.id, request.body.reply, app.now());
      return { message: REVIEW_MESSAGES.replied, review };
    },
  );

  app.post(
    '/reviews/:id/report/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'reportReview',
        tags: ['reviews'],
        summary: 'Segnala agli amministratori una recensione pubblicata (chi segnala non viene mai rivelato)',
        security,
        params: ZReviewParamsSchema,
        body: ZReviewReportInputSchema,
        response: { 201: ZReportCreatedSchema, ...errors, 409: ZErrorSchema, 429: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      await takeReportQuota(app.counters, user.id);
      const id = await reportReview(app.db, user, request.params.id, request.body, app.now());
      return reply.code(201).send({ id, message: MESSAGES.reportSent });
    },
  );

  app.post(
    '/admin/reviews/:id/hide/',
    {
      onRequest: requireRole('admin'),
      schema: {
        operationId: 'hideReview',
        tags: ['reviews'],
        summary: 'Nasconde una recensione, con il motivo (registrato nel registro attività)',
        security,
        params: ZReviewParamsSchema,
        body: ZReviewHideInputSchema,
        response: { 200: ZMessageSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const { id, email } = sessionUser(request);
      await hideReview(app.db, { id, email }, request.params.id, request.body.reason, app.now());
      return { message: REVIEW_MESSAGES.hidden };
    },
  );
};
