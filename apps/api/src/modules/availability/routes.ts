/** A pharmacist's calendar of free days, and the verified owners' search of who is free (decision 070, docs/rules.md#availability). */
import { LIMITS, ZErrorSchema } from '@farmaponte/shared';
import {
  AVAILABILITY_MESSAGES,
  ZAvailabilityInputSchema,
  ZAvailabilitySavedSchema,
  ZAvailabilitySchema,
  ZAvailablePharmacistsPageSchema,
  ZAvailablePharmacistsQuerySchema,
} from '@farmaponte/shared/availability';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf, requireOwner, requireRole, sessionUser } from '../../lib/auth-guard';
import { pageLinks } from '../../lib/paging';
import { getAvailability, saveAvailability, searchAvailablePharmacists } from './service';

export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema };
  const security = [{ bearer: [] }];
  const pharmacistOnly = requireRole('farmacista');

  app.get(
    '/availability/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'getAvailability',
        tags: ['availability'],
        summary:
          'La propria disponibilità (farmacista): i giorni da oggi in poi senza quelli di un turno accettato, il comune, il raggio, la paga minima, se è visibile ai titolari',
        security,
        response: { 200: ZAvailabilitySchema, ...errors },
      },
    },
    async (request) => getAvailability(app.db, sessionUser(request).id, app.now()),
  );

  app.put(
    '/availability/',
    {
      onRequest: pharmacistOnly,
      schema: {
        operationId: 'saveAvailability',
        tags: ['availability'],
        summary: `Sostituisce la propria disponibilità (farmacista): giorni da oggi a ${LIMITS.availabilityDaysAhead} giorni, al massimo ${LIMITS.availabilityMaxEntries}`,
        security,
        body: ZAvailabilityInputSchema,
        response: { 200: ZAvailabilitySavedSchema, ...errors },
      },
    },
    async (request) => {
      const saved = await saveAvailability(app.db, sessionUser(request).id, request.body, app.now());
      return { ...saved, message: AVAILABILITY_MESSAGES.saved };
    },
  );

  app.get(
    '/pharmacists/available/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'listAvailablePharmacists',
        tags: ['availability'],
        summary:
          'I farmacisti disponibili per la propria farmacia (titolare verificato): nel loro raggio, liberi in almeno un giorno del periodo, il più vicino per primo',
        security,
        querystring: ZAvailablePharmacistsQuerySchema,
        response: { 200: ZAvailablePharmacistsPageSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const { query } = request;
      const found = await searchAvailablePharmacists(app.db, ownerOf(request), query, app.now());
      const links = pageLinks(
        '/api/pharmacists/available/',
        { page: query.page ?? 1, page_size: LIMITS.availablePharmacistsPageSize },
        found.count,
        {
          from: found.from,
          to: found.to,
          near: query.near,
          lat: query.lat?.toString(),
          lng: query.lng?.toString(),
          radius_km: query.radius_km?.toString(),
          min_pay: query.min_pay?.toString(),
        },
      );
      return { count: found.count, ...links, from: found.from, to: found.to, results: found.results };
    },
  );
};
