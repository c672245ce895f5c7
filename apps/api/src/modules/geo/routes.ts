import {
  LIMITS,
  ZBirthPlaceListSchema,
  ZBirthPlacesQuerySchema,
  ZComuneListSchema,
  ZComuniQuerySchema,
  ZErrorSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchBirthPlaces } from './catastali';
import { searchComuni } from './comuni';

/** The places of birth one search answers. */
const BIRTH_PLACES_MAX = 20;

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geo/comuni/',
    {
      schema: {
        operationId: 'listComuni',
        security: [],
        tags: ['geo'],
        summary: 'Comuni italiani, per provincia (sigla) e/o testo',
        querystring: ZComuniQuerySchema,
        response: { 200: ZComuneListSchema, 400: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const { provincia, q } = request.query;
      reply.header('cache-control', 'public, max-age=86400');
      return searchComuni({ provincia, q }, provincia ? LIMITS.provinceComuniMaxResults : LIMITS.searchMaxResults);
    },
  );

  app.get(
    '/places/birth-places/',
    {
      schema: {
        operationId: 'listBirthPlaces',
        security: [],
        tags: ['geo'],
        summary: `Luoghi di nascita per nome (o codice catastale): al massimo ${BIRTH_PLACES_MAX} comuni con il codice catastale e la sigla della provincia; un codice Z### è uno Stato estero`,
        querystring: ZBirthPlacesQuerySchema,
        response: { 200: ZBirthPlaceListSchema, 400: ZErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=86400');
      return searchBirthPlaces(request.query.q, BIRTH_PLACES_MAX);
    },
  );
};
