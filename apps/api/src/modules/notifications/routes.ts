/** Notifications: the bell's list, marking read, the e-mail preferences, and the one-click unsubscribe (no login). */
import {
  MESSAGES,
  ZErrorSchema,
  ZNotificationPreferencesInputSchema,
  ZNotificationPreferencesSchema,
  ZNotificationsPageSchema,
  ZNotificationsQuerySchema,
  ZNotificationsReadInputSchema,
  ZNotificationsReadSchema,
  ZUnsubscribeQuerySchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { partyOf, requireParty } from '../../lib/auth-guard';
import { pageLinks } from '../../lib/paging';
import { unreadMessageTotal } from '../messages';
import { getPreferences, listNotifications, markNotificationsRead, unsubscribe, updatePreferences } from './service';
import { unsubscribeDonePage, unsubscribeInvalidPage, unsubscribeQuestionPage } from './unsubscribe-page';

export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  // Mail clients post the RFC 8058 one-click body as a form ("List-Unsubscribe=One-Click"); the token is in the URL.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, _body, done) =>
    done(null, null),
  );

  app.get(
    '/notifications/',
    {
      onRequest: requireParty('read', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'listNotifications',
        tags: ['notifications'],
        summary: 'Le proprie notifiche, dalla più recente, con il numero di quelle non lette',
        security,
        querystring: ZNotificationsQuerySchema,
        response: { 200: ZNotificationsPageSchema, ...errors },
      },
    },
    async (request) => {
      const userId = partyOf(request).id;
      const [page, messagesUnread] = await Promise.all([
        listNotifications(app.db, userId, request.query),
        unreadMessageTotal(app.db, userId),
      ]);
      return { ...page, messages_unread: messagesUnread, ...pageLinks('/api/notifications/', request.query, page.count) };
    },
  );

  app.post(
    '/notifications/read/',
    {
      onRequest: requireParty('read', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'markNotificationsRead',
        tags: ['notifications'],
        summary: 'Segna come lette le notifiche indicate ({ids}), o tutte senza corpo',
        security,
        body: ZNotificationsReadInputSchema,
        response: { 200: ZNotificationsReadSchema, ...errors },
      },
    },
    async (request) => {
      const unread = await markNotificationsRead(app.db, partyOf(request).id, request.body.ids, app.now());
      return { message: MESSAGES.notificationsRead, unread };
    },
  );

  app.get(
    '/notifications/preferences/',
    {
      onRequest: requireParty('read', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'getNotificationPreferences',
        tags: ['notifications'],
        summary: 'Le preferenze e-mail per tipo di notifica',
        security,
        response: { 200: ZNotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => getPreferences(app.db, partyOf(request).id),
  );

  app.put(
    '/notifications/preferences/',
    {
      onRequest: requireParty('write', 'farmacista', 'titolare', 'admin'),
      schema: {
        operationId: 'updateNotificationPreferences',
        tags: ['notifications'],
        summary: "Attiva o disattiva l'e-mail per tipo di notifica (i tipi non indicati restano come sono)",
        security,
        body: ZNotificationPreferencesInputSchema,
        response: { 200: ZNotificationPreferencesSchema, ...errors },
      },
    },
    async (request) => updatePreferences(app.db, partyOf(request).id, request.body),
  );

  // Pages for a person who opened a mail's link, not JSON: 400 says the link is not valid.
  const unsubscribePages = {
    200: bodyOf('text/html', 'La pagina di conferma'),
    400: bodyOf('text/html', 'La pagina del link non valido'),
  };

  app.get(
    '/notifications/unsubscribe/',
    {
      schema: {
        operationId: 'showUnsubscribePage',
        security: [],
        tags: ['notifications'],
        summary: "Pagina di conferma per smettere di ricevere un tipo di e-mail (link firmato dell'e-mail, senza accesso)",
        querystring: ZUnsubscribeQuerySchema,
        response: unsubscribePages,
      },
    },
    async (request, reply) => {
      const target = app.unsubscribeTokens.verify(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!target) return reply.code(400).send(unsubscribeInvalidPage());
      return reply.send(unsubscribeQuestionPage(target.type, request.query.token));
    },
  );

  app.post(
    '/notifications/unsubscribe/',
    {
      schema: {
        operationId: 'unsubscribe',
        security: [],
        tags: ['notifications'],
        summary: 'Annullamento in un clic (RFC 8058) di un tipo di e-mail, con il link firmato',
        querystring: ZUnsubscribeQuerySchema,
        response: unsubscribePages,
      },
    },
    async (request, reply) => {
      const target = app.unsubscribeTokens.verify(request.query.token);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!target) return reply.code(400).send(unsubscribeInvalidPage());
      await unsubscribe(app.db, app.events, target.userId, target.type);
      return reply.send(unsubscribeDonePage(target.type));
    },
  );
};
