/**
 * A pharmacist's external calendar (decision 096): add or replace its address, see its state and busy days, refresh it
 * now, remove it, and whether an offer's hours meet a busy time (the warning before applying). Pharmacists only; each
 * reaches only her own calendar (the user comes from the session, never from the request).
 */
import { LIMITS, ZErrorSchema, ZNoContentSchema } from '@farmaponte/shared';
import {
  EXTERNAL_CALENDAR_MESSAGES,
  ZCalendarConflictQuerySchema,
  ZCalendarConflictSchema,
  ZExternalCalendarInputSchema,
  ZExternalCalendarSavedSchema,
  ZExternalCalendarSchema,
} from '@farmaponte/shared/availability';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { takeQuota } from '../../lib/limiter';
import {
  calendarConflict,
  getExternalCalendar,
  refreshExternalCalendar,
  removeExternalCalendar,
  saveExternalCalendar,
  type TCalendarDeps,
} from './service';

export const externalCalendarRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema };
  const security = [{ bearer: [] }];
  const pharmacistOnly = requireRole('farmacista');
  const deps = (): TCalendarDeps => ({
    db: app.db,
    box: app.secretBox,
    fetch: { allow: app.config.OUTBOUND_FETCH_ALLOW, timeoutMs: app.config.CALENDAR_FETCH_TIMEOUT_SECONDS * 1000 },
  });
  // Each fetch a pharmacist asks for (a save, 'Aggiorna ora') is counted: the server must not become her fetching robot.
  const countFetch = (userId: number) =>
    takeQuota(app.counters, `calendar-fetch:${userId}`, {
      max: LIMITS.externalCalendarFetchesPerHour,
      windowMs: LIMITS.externalCalendarFetchWindowMs,
      message: EXTERNAL_CALENDAR_MESSAGES.tooManyFetches,
      code: 'calendar_rate_limited',
    });

  app.get(
    '/availability/calendar/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'getExternalCalendar',
        tags: ['availability'],
        summary:
          "Il proprio calendario esterno (farmacista): l'host del suo indirizzo (mai l'indirizzo), l'ultimo aggiornamento o l'errore, i giorni occupati da oggi",
        security,
        response: { 200: ZExternalCalendarSchema, ...errors },
      },
    },
    async (request) => getExternalCalendar(app.db, sessionUser(request).id, app.now()),
  );

  app.put(
    '/availability/calendar/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'saveExternalCalendar',
        tags: ['availability'],
        summary: `Collega o sostituisce il proprio calendario esterno (farmacista): un indirizzo iCal http(s) o webcal, letto subito (al massimo ${LIMITS.externalCalendarMaxMegabytes} MB in ${LIMITS.externalCalendarTimeoutSeconds} secondi, mai verso reti private); 400 con il motivo se non dà un calendario`,
        security,
        body: ZExternalCalendarInputSchema,
        response: { 200: ZExternalCalendarSavedSchema, ...errors, 429: ZErrorSchema },
      },
    },
    async (request) => {
      const userId = sessionUser(request).id;
      await countFetch(userId);
      const saved = await saveExternalCalendar(deps(), userId, request.body.url, app.now());
      return { ...saved, message: EXTERNAL_CALENDAR_MESSAGES.saved };
    },
  );

  app.post(
    '/availability/calendar/refresh/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'refreshExternalCalendar',
        tags: ['availability'],
        summary:
          "Aggiorna ora il proprio calendario esterno (farmacista); un errore di lettura resta sul calendario e si legge in 'error_message'",
        security,
        response: { 200: ZExternalCalendarSavedSchema, ...errors, 404: ZErrorSchema, 429: ZErrorSchema },
      },
    },
    async (request) => {
      const userId = sessionUser(request).id;
      await countFetch(userId);
      const refreshed = await refreshExternalCalendar(deps(), userId, app.now());
      return { ...refreshed, message: refreshed.calendar?.error_message ?? EXTERNAL_CALENDAR_MESSAGES.refreshed };
    },
  );

  app.delete(
    '/availability/calendar/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'removeExternalCalendar',
        tags: ['availability'],
        summary: 'Scollega il proprio calendario esterno (farmacista): il suo indirizzo e i suoi impegni vengono cancellati',
        security,
        response: { 204: ZNoContentSchema, ...errors, 404: ZErrorSchema },
      },
    },
    async (request, reply) => {
      await removeExternalCalendar(app.db, sessionUser(request).id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/availability/calendar/conflict/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'getCalendarConflict',
        tags: ['availability'],
        summary:
          "Se gli orari di un'offerta toccano un impegno del proprio calendario esterno (farmacista), e in quali giorni: l'avviso prima di candidarsi",
        security,
        querystring: ZCalendarConflictQuerySchema,
        response: { 200: ZCalendarConflictSchema, ...errors, 404: ZErrorSchema },
      },
    },
    async (request) => calendarConflict(app.db, sessionUser(request).id, request.query.offer_id, app.now()),
  );
};
