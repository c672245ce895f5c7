/** Offers: owners publish and manage their own; every logged-in user lists the open ones (docs/rules.md#offers). */
import {
  LIMITS,
  MESSAGES,
  ZErrorSchema,
  ZMyOfferChangedSchema,
  ZMyOfferListSchema,
  ZNoContentSchema,
  ZOfferIdParamsSchema,
  ZOfferInputSchema,
  ZOfferMapQuerySchema,
  ZOfferMapSchema,
  ZOfferPayQuerySchema,
  ZOfferPaySchema,
  ZOfferSavedSchema,
  ZOfferSearchListSchema,
  ZOfferSearchPageSchema,
  ZOfferSearchQuerySchema,
  ZOfferUpdateSchema,
  ZPublicOfferSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, authenticate, groupOf, ownerOf, requireConfirmedEmail, requireOwner, sessionUser } from '../../lib/auth-guard';
import { negotiateEncoding } from '../../lib/compression';
import { pageLinks } from '../../lib/paging';
import { closeOffer, deleteOffer, editOffer, publishOffer, reopenOffer } from './lifecycle';
import { offerMap } from './map';
import { offerPay, type TPayViewer } from './pay-breakdown';
import { takeOfferQuota } from './quotas';
import { searchOffers } from './search';
import { getPublicOffer, listOwnerOffers } from './service';

/** A search's parameters as a URL writes them (the page links carry them on). */
function searchParamsOf(filters: Record<string, string | number | number[] | undefined>): Record<string, string | undefined> {
  return Object.fromEntries(
    Object.entries(filters).map(([name, value]) => [
      name,
      value === undefined ? undefined : Array.isArray(value) ? value.join(',') : String(value),
    ]),
  );
}

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: ZErrorSchema,
    401: ZErrorSchema,
    403: ZErrorSchema,
    404: ZErrorSchema,
    409: ZErrorSchema,
    429: ZErrorSchema,
  };
  const security = [{ bearer: [] }];

  app.get(
    '/offers/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'listOffers',
        tags: ['offers'],
        summary:
          'Offerte aperte (senza data di fine, o con data di fine da oggi in poi). Senza parametri: tutte; con parametri: ricerca (regione, provincia, comune, distanza, date, paga, tipo, ordine, pagina)',
        security,
        querystring: ZOfferSearchQuerySchema,
        response: { 200: z.union([ZOfferSearchListSchema, ZOfferSearchPageSchema]), ...errors },
      },
    },
    async (request, reply) => {
      // Any parameter makes it a search; none is the full list as before the search existed (decision 026), served from the cache.
      if (Object.values(request.query).some((value) => value !== undefined)) {
        const found = await searchOffers(app.db, request.query, sessionUser(request), app.now());
        if (!request.query.page) return found.results;
        const { page, page_size = LIMITS.offerSearchPageSize, ...filters } = request.query;
        const links = pageLinks('/api/offers/', { page, page_size }, found.count, searchParamsOf(filters));
        return { count: found.count, ...links, results: found.results };
      }
      const entry = await app.openOffers.get(app.now());
      const { body, encoding } = await app.openOffers.encoded(entry, negotiateEncoding(request.headers['accept-encoding']));
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );

  app.get(
    '/offers/map/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'getOfferMap',
        tags: ['offers'],
        summary:
          "La mappa delle offerte aperte: i gruppi (celle di circa 60 pixel allo zoom dato) e le farmacie dell'area visibile, con gli stessi filtri della ricerca",
        security,
        querystring: ZOfferMapQuerySchema,
        response: { 200: ZOfferMapSchema, ...errors },
      },
    },
    async (request) => offerMap(app.db, request.query, app.now()),
  );

  app.get(
    '/offers/:id/',
    {
      schema: {
        operationId: 'getPublicOffer',
        security: [],
        tags: ['offers'],
        summary: "Un'offerta aperta, senza login (la sua pagina pubblica /offerte/{id}); 410 se non è più aperta",
        params: ZOfferIdParamsSchema,
        response: { 200: ZPublicOfferSchema, 400: ZErrorSchema, 404: ZErrorSchema, 410: ZErrorSchema },
      },
    },
    async (request) => {
      const offer = await getPublicOffer(app.db, request.params.id, app.now());
      return { ...offer, url: `${app.publicUrl()}/offerte/${offer.id}` };
    },
  );

  app.get(
    '/offers/:id/pay/',
    {
      schema: {
        operationId: 'getOfferPay',
        security: [],
        tags: ['offers'],
        summary:
          "La paga del turno ora per ora per una forma di lavoro (maggiorazioni di notte, domenica e festivi), il viaggio dal comune indicato o da quello del profilo, l'alloggio e i limiti della trattativa; senza login per un'offerta aperta",
        params: ZOfferIdParamsSchema,
        querystring: ZOfferPayQuerySchema,
        response: { 200: ZOfferPaySchema, 400: ZErrorSchema, 401: ZErrorSchema, 404: ZErrorSchema },
      },
    },
    async (request, reply) => {
      // A session is optional: with one, a pharmacist's trip starts from her profile and an owner sees their own offers.
      let viewer: TPayViewer = null;
      if (request.headers.authorization) {
        await authenticate.call(app, request, reply);
        const user = sessionUser(request);
        if (user.role === 'farmacista') viewer = { pharmacistId: user.id };
        else if (user.role === 'titolare')
          viewer = { pharmacyIds: (await app.ownerScopes.resolve(user.id, 'all'))?.groupPharmacyIds ?? [] };
      }
      return offerPay(app.db, request.params.id, request.query, viewer, app.now());
    },
  );

  app.get(
    '/offers/mine/',
    {
      onRequest: requireOwner('read', { group: true }),
      schema: {
        operationId: 'listMyOffers',
        tags: ['offers'],
        summary:
          'Le offerte della farmacia (X-Farmacia), aperte e chiuse, dalla più recente; con X-Farmacia: tutte, quelle di ogni farmacia del gruppo',
        security,
        response: { 200: ZMyOfferListSchema, ...errors },
      },
    },
    async (request) => listOwnerOffers(app.db, groupOf(request), app.now()),
  );

  app.post(
    '/offers/create/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'createOffer',
        tags: ['offers'],
        summary: 'Pubblica una nuova offerta',
        security,
        body: ZOfferInputSchema,
        response: { 201: ZOfferSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ownerId = ownerOf(request);
      await requireConfirmedEmail(app.db, sessionUser(request).id);
      await takeOfferQuota(app.counters, ownerId);
      const offer = await publishOffer(app.db, app.events, ownerId, request.body, app.now(), actorOf(request));
      return reply.code(201).send({ ...offer, message: MESSAGES.offerCreated });
    },
  );

  app.put(
    '/offers/:id/update/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'updateOffer',
        tags: ['offers'],
        summary: 'Modifica una propria offerta',
        security,
        params: ZOfferIdParamsSchema,
        body: ZOfferUpdateSchema,
        response: { 200: ZOfferSavedSchema, ...errors },
      },
    },
    async (request) => {
      const offer = await editOffer(app.db, app.events, ownerOf(request), request.params.id, request.body, app.now());
      return { ...offer, message: MESSAGES.offerUpdated };
    },
  );

  app.delete(
    '/offers/:id/delete/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'deleteOffer',
        tags: ['offers'],
        summary: 'Elimina una propria offerta (e le candidature ricevute per essa)',
        security,
        params: ZOfferIdParamsSchema,
        response: { 204: ZNoContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteOffer(app.db, app.events, ownerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/offers/:id/close/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'closeOffer',
        tags: ['offers'],
        summary: 'Chiude una propria offerta: non riceve altre candidature e quelle in attesa ricevono una risposta',
        security,
        params: ZOfferIdParamsSchema,
        response: { 200: ZMyOfferChangedSchema, ...errors },
      },
    },
    async (request) => {
      const offer = await closeOffer(app.db, app.events, ownerOf(request), request.params.id, app.now());
      return { ...offer, message: MESSAGES.offerClosedByOwner };
    },
  );

  app.post(
    '/offers/:id/reopen/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'reopenOffer',
        tags: ['offers'],
        summary: 'Riapre una propria offerta chiusa, finché le sue date non sono passate',
        security,
        params: ZOfferIdParamsSchema,
        response: { 200: ZMyOfferChangedSchema, ...errors },
      },
    },
    async (request) => {
      await requireConfirmedEmail(app.db, sessionUser(request).id);
      const offer = await reopenOffer(app.db, app.events, ownerOf(request), request.params.id, app.now());
      return { ...offer, message: MESSAGES.offerReopened };
    },
  );
};
