/**
 * The pharmacist's calendar feed (decision 075): make (or replace) its private address, shown once; say whether there
 * is one; turn it off; and the feed itself, read by calendars without a login, limited per address.
 */
import {
  SHIFT_MESSAGES,
  ZCalendarFeedCreatedSchema,
  ZCalendarFeedParamsSchema,
  ZCalendarFeedRevokedSchema,
  ZCalendarFeedStateSchema,
  ZErrorSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { notFound } from '../../lib/errors';
import { takeQuota } from '../../lib/limiter';
import { calendarFeed, calendarFeedState, createCalendarFeed, revokeCalendarFeed } from './service';

export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 401: ZErrorSchema, 403: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/calendar/feed/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'getCalendarFeed',
        tags: ['calendar'],
        summary: 'Se il farmacista ha un link privato del calendario dei turni, e da quando (mai il link)',
        security,
        response: { 200: ZCalendarFeedStateSchema, ...errors },
      },
    },
    async (request) => calendarFeedState(app.db, sessionUser(request).id),
  );

  app.post(
    '/calendar/feed/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'createCalendarFeed',
        tags: ['calendar'],
        summary:
          'Crea il link privato del calendario dei turni (https e webcal), mostrato solo in questa risposta; sostituisce quello di prima, che smette di funzionare',
        security,
        response: { 201: ZCalendarFeedCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token, createdAt } = await createCalendarFeed(app.db, sessionUser(request).id, app.now());
      const https_url = `${app.publicUrl()}/api/calendar/${token}.ics`;
      return reply.code(201).send({
        message: SHIFT_MESSAGES.feedCreated,
        created_at: createdAt.toISOString(),
        https_url,
        webcal_url: https_url.replace(/^https?:\/\//, 'webcal://'),
      });
    },
  );

  app.delete(
    '/calendar/feed/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'revokeCalendarFeed',
        tags: ['calendar'],
        summary: 'Disattiva il link del calendario dei turni: da ora risponde 404',
        security,
        response: { 200: ZCalendarFeedRevokedSchema, ...errors },
      },
    },
    async (request) => {
      await revokeCalendarFeed(app.db, sessionUser(request).id);
      return { message: SHIFT_MESSAGES.feedRevoked };
    },
  );

  // No login: a calendar application asks with the token alone. Limited per address, unknown tokens included, so
  // tokens cannot be guessed by the thousand.
  app.get(
    '/calendar/:token.ics',
    {
      schema: {
        operationId: 'readCalendarFeed',
        tags: ['calendar'],
        summary:
          'Il calendario iCalendar dei turni accettati del farmacista (e di quelli annullati, come STATUS:CANCELLED) dagli ultimi 90 giorni in poi; 404 per un link sconosciuto o disattivato',
        security: [],
        params: ZCalendarFeedParamsSchema,
        response: {
          200: bodyOf('text/calendar', 'Il calendario dei turni (RFC 5545)'),
          404: ZErrorSchema,
          429: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      await takeQuota(app.counters, `calendar-feed:${request.ip}`, {
        max: app.config.CALENDAR_FEED_MAX_PER_IP,
        windowMs: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
        message: SHIFT_MESSAGES.feedTooMany,
        code: 'rate_limited',
      });
      const ics = await calendarFeed(app.db, app.notifier, request.params.token, app.now());
      if (ics === null) throw notFound();
      return (
        reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="turni-farmaponte.ics"')
          // The address is a secret: no shared cache keeps it; the calendar itself may keep it for a quarter of an hour.
          .header('cache-control', 'private, max-age=900')
          .header('x-robots-tag', 'noindex')
          .send(ics)
      );
    },
  );
};
