/** One thread per application (decision 072): read and write it, and the reader's unread counts. */
import {
  ZApplicationIdParamsSchema,
  ZErrorSchema,
  ZMessageInputSchema,
  ZMessagesQuerySchema,
  ZMessagesUnreadSchema,
  ZThreadMessageSchema,
  ZThreadSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, partyOf, requireParty } from '../../lib/auth-guard';
import { postMessage, readThread, takeMessageQuota, unreadMessages } from './service';

export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/applications/:id/messages/',
    {
      onRequest: requireParty('read', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'readThread',
        tags: ['messages'],
        summary:
          "I messaggi della candidatura, dal più vecchio al più recente (solo il candidato e il titolare dell'offerta); segna come letti quelli ricevuti",
        security,
        params: ZApplicationIdParamsSchema,
        querystring: ZMessagesQuerySchema,
        response: { 200: ZThreadSchema, ...errors },
      },
    },
    async (request) => readThread(app.db, app.events, partyOf(request).id, request.params.id, request.query, app.now()),
  );

  app.post(
    '/applications/:id/messages/',
    {
      onRequest: requireParty('write', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'sendMessage',
        tags: ['messages'],
        summary: 'Scrive un messaggio nella conversazione della candidatura (409 thread_closed quando è chiusa)',
        security,
        params: ZApplicationIdParamsSchema,
        body: ZMessageInputSchema,
        response: { 201: ZThreadMessageSchema, ...errors, 409: ZErrorSchema, 429: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = partyOf(request);
      await takeMessageQuota(app.counters, id);
      const body = request.body.body;
      const message = await postMessage(
        app.db,
        app.events,
        id,
        request.params.id,
        body,
        app.now(),
        actorOf(request)?.name || null,
      );
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/messages/unread/',
    {
      onRequest: requireParty('read', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'unreadMessages',
        tags: ['messages'],
        summary: 'I messaggi non letti, in tutto e per candidatura (il numero sul pulsante «Messaggi» di ogni candidatura)',
        security,
        response: { 200: ZMessagesUnreadSchema, ...errors },
      },
    },
    async (request) => unreadMessages(app.db, partyOf(request).id),
  );
};
