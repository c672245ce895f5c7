/** 'I miei farmacisti': an owner's favourite pharmacists (docs/rules.md#invitations). */
import {
  ZErrorSchema,
  ZFavouriteParamsSchema,
  ZFavouritePharmacistListSchema,
  ZFavouritePharmacistSchema,
  ZNoContentSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf, requireOwner } from '../../lib/auth-guard';
import { addFavourite, listFavourites, removeFavourite } from './service';

export const favouriteRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/favourites/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'listFavourites',
        tags: ['favourites'],
        summary: "I miei farmacisti: i preferiti del titolare connesso, con l'ultima candidatura a una sua offerta",
        security,
        response: { 200: ZFavouritePharmacistListSchema, ...errors },
      },
    },
    async (request) =>
      listFavourites(app.db, ownerOf(request), { now: app.now(), retentionDays: app.config.CONTACT_RETENTION_DAYS }),
  );

  app.put(
    '/favourites/:pharmacistId/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'addFavourite',
        tags: ['favourites'],
        summary: 'Aggiunge ai miei farmacisti chi si è candidato a una propria offerta (404 per chiunque altro)',
        security,
        params: ZFavouriteParamsSchema,
        response: { 200: ZFavouritePharmacistSchema, ...errors },
      },
    },
    async (request) =>
      addFavourite(app.db, ownerOf(request), request.params.pharmacistId, {
        now: app.now(),
        retentionDays: app.config.CONTACT_RETENTION_DAYS,
      }),
  );

  app.delete(
    '/favourites/:pharmacistId/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'removeFavourite',
        tags: ['favourites'],
        summary: 'Toglie un farmacista dai miei farmacisti',
        security,
        params: ZFavouriteParamsSchema,
        response: { 204: ZNoContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await removeFavourite(app.db, ownerOf(request), request.params.pharmacistId);
      return reply.code(204).send(null);
    },
  );
};
