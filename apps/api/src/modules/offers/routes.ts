/** Offers: owners publish and manage their own; every logged-in user lists the open ones (DESIGN §5). */
import {
  MESSAGES,
  todayInItaly,
  ZErrorSchema,
  ZMyOfferSchema,
  ZOfferIdParamsSchema,
  ZOfferInputSchema,
  ZOfferSchema,
  ZOffersQuerySchema,
} from '@farmaponte/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { offers } from '../../db/schema';
import { authenticate, requireRole, sessionUser } from '../../lib/auth-guard';
import { badRequest, notFound } from '../../lib/errors';
import { getOwnerOffer, listOwnerOffers } from './queries';

export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];

  /**
   * An end date already past would publish an offer nobody can see. The message names the field the owner sees:
   * a one-day offer (start = end) has a single 'Data' field (date_from), a longer one ends at 'Data a' (date_to).
   */
  const checkNotPast = ({ date_from, date_to }: { date_from: string | null; date_to: string | null }) => {
    if (!date_to || date_to >= todayInItaly(app.now())) return;
    if (date_from === date_to) throw badRequest(MESSAGES.offerDayInPast, 'date_in_past', { date_from: MESSAGES.offerDayInPast });
    throw badRequest(MESSAGES.offerDateInPast, 'date_in_past', { date_to: MESSAGES.offerDateInPast });
  };

  app.get(
    '/offers/',
    {
      onRequest: authenticate,
      schema: {
        tags: ['offers'],
        summary: 'Offerte aperte (senza data di fine, o con data di fine da oggi in poi); filtro per comune',
        security,
        querystring: ZOffersQuerySchema,
        response: { 200: z.array(ZOfferSchema), ...errors },
      },
    },
    async (request, reply) => {
      const entry = await app.openOffers.get(app.now());
      const comune = request.query.comune.toLowerCase();
      // A filtered list is small: filter the cached one and let the normal serialiser and compressor do the rest.
      if (comune) return entry.offers.filter((offer) => offer.comune_farmacia.toLowerCase().includes(comune));
      const { body, encoding } = await app.openOffers.encoded(entry, request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('vary', 'accept-encoding')
        .type('application/json; charset=utf-8')
        .send(body as never);
    },
  );

  app.get(
    '/offers/mine/',
    {
      onRequest: requireRole('titolare'),
      schema: {
        tags: ['offers'],
        summary: 'Le offerte del titolare connesso, aperte e chiuse',
        security,
        response: { 200: z.array(ZMyOfferSchema), ...errors },
      },
    },
    async (request) => listOwnerOffers(app.db, sessionUser(request).id, app.now()),
  );

  app.post(
    '/offers/create/',
    {
      onRequest: requireRole('titolare'),
      schema: {
        tags: ['offers'],
        summary: 'Pubblica una nuova offerta',
        security,
        body: ZOfferInputSchema,
        response: { 201: ZOfferSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const owner = sessionUser(request);
      const { title, description, salary, date_from, date_to } = request.body;
      checkNotPast(request.body);
      const [created] = await app.db
        .insert(offers)
        .values({ ownerId: owner.id, title, description, salary, dateFrom: date_from, dateTo: date_to })
        .returning({ id: offers.id });
      app.openOffers.invalidate();
      const offer = created && (await getOwnerOffer(app.db, owner.id, created.id));
      if (!offer) throw notFound();
      return reply.code(201).send({ ...offer, message: MESSAGES.offerCreated });
    },
  );

  app.put(
    '/offers/:id/update/',
    {
      onRequest: requireRole('titolare'),
      schema: {
        tags: ['offers'],
        summary: 'Modifica una propria offerta',
        security,
        params: ZOfferIdParamsSchema,
        body: ZOfferInputSchema,
        response: { 200: ZOfferSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const owner = sessionUser(request);
      const { title, description, salary, date_from, date_to } = request.body;
      checkNotPast(request.body);
      const updated = await app.db
        .update(offers)
        .set({ title, description, salary, dateFrom: date_from, dateTo: date_to, updatedAt: app.now() })
        .where(and(eq(offers.id, request.params.id), eq(offers.ownerId, owner.id)))
        .returning({ id: offers.id });
      app.openOffers.invalidate();
      // Someone else's offer is as good as missing: its existence is not revealed.
      const offer = updated.length ? await getOwnerOffer(app.db, owner.id, request.params.id) : undefined;
      if (!offer) throw notFound();
      return { ...offer, message: MESSAGES.offerUpdated };
    },
  );

  app.delete(
    '/offers/:id/delete/',
    {
      onRequest: requireRole('titolare'),
      schema: {
        tags: ['offers'],
        summary: 'Elimina una propria offerta (e le candidature ricevute per essa)',
        security,
        params: ZOfferIdParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const deleted = await app.db
        .delete(offers)
        .where(and(eq(offers.id, request.params.id), eq(offers.ownerId, sessionUser(request).id)))
        .returning({ id: offers.id });
      if (!deleted.length) throw notFound();
      app.openOffers.invalidate();
      return reply.code(204).send(null);
    },
  );
};
