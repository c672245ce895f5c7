/**
 * Web Push (decision 096): the server's public key, a browser's subscription saved or removed (the logged-in person's
 * own: their devices, whichever pharmacy they act for), and which pushed types reach them.
 */
import {
  PUSH_MESSAGES,
  ZErrorSchema,
  ZPushKeySchema,
  ZPushPreferencesInputSchema,
  ZPushPreferencesSchema,
  ZPushSubscriptionInputSchema,
  ZPushSubscriptionSavedSchema,
  ZPushUnsubscribeInputSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { checkSubscription } from './endpoints';
import { getPushPreferences, removeSubscription, saveSubscription, updatePushPreferences } from './service';

export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/push/key/',
    {
      schema: {
        operationId: 'getPushKey',
        tags: ['push'],
        summary: 'La chiave pubblica VAPID del server, da dare al browser (applicationServerKey) per iscriversi',
        security: [],
        response: { 200: ZPushKeySchema, 404: ZErrorSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return { public_key: app.push.publicKey };
    },
  );

  app.post(
    '/push/subscriptions/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'savePushSubscription',
        tags: ['push'],
        summary:
          "Registra l'iscrizione push di questo browser (PushSubscription.toJSON()); 409 se l'indirizzo è di un altro utente",
        security,
        body: ZPushSubscriptionInputSchema,
        response: { 200: ZPushSubscriptionSavedSchema, 201: ZPushSubscriptionSavedSchema, 409: ZErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const subscription = checkSubscription(request.body, app.push.extraOrigins);
      const saved = await saveSubscription(
        app.db,
        sessionUser(request).id,
        subscription,
        request.headers['user-agent'] ?? '',
        app.now(),
      );
      return reply.code(saved === 'created' ? 201 : 200).send({ message: PUSH_MESSAGES.subscribed });
    },
  );

  app.delete(
    '/push/subscriptions/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'removePushSubscription',
        tags: ['push'],
        summary: "Toglie l'iscrizione push di questo browser (solo una propria: di un altro o sconosciuta, 404)",
        security,
        body: ZPushUnsubscribeInputSchema,
        response: { 200: ZPushSubscriptionSavedSchema, ...errors },
      },
    },
    async (request) => {
      await removeSubscription(app.db, sessionUser(request).id, request.body.endpoint);
      return { message: PUSH_MESSAGES.unsubscribed };
    },
  );

  app.get(
    '/push/preferences/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'getPushPreferences',
        tags: ['push'],
        summary: 'Quali notifiche arrivano come push, per tipo, e quanti dispositivi le ricevono',
        security,
        response: { 200: ZPushPreferencesSchema, ...errors },
      },
    },
    async (request) => getPushPreferences(app.db, sessionUser(request).id),
  );

  app.put(
    '/push/preferences/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'updatePushPreferences',
        tags: ['push'],
        summary: 'Attiva o disattiva le notifiche push per tipo (i tipi non indicati restano come sono)',
        security,
        body: ZPushPreferencesInputSchema,
        response: { 200: ZPushPreferencesSchema, ...errors },
      },
    },
    async (request) => updatePushPreferences(app.db, sessionUser(request).id, request.body),
  );
};
