/** Urgent shifts (decision 096, docs/rules.md#urgent-shifts): the owner side marks a shift starting soon as urgent. */
import { ZErrorSchema, ZMyOfferChangedSchema, ZOfferIdParamsSchema } from '@farmaponte/shared';
import { URGENT_MESSAGES } from '@farmaponte/shared/urgent-shifts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf, requireOwner } from '../../lib/auth-guard';
import { markUrgent } from './service';

export const urgentShiftRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/offers/:id/urgent/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'markOfferUrgent',
        tags: ['offers'],
        summary:
          'Segna come urgente un proprio turno aperto che inizia entro 72 ore: avvisa subito i farmacisti liberi quel giorno nel loro raggio (notifica, push, e-mail) e lo mostra per primo nella ricerca; di nuovo: nessun nuovo avviso, lo stesso conteggio',
        security: [{ bearer: [] }],
        params: ZOfferIdParamsSchema,
        response: {
          200: ZMyOfferChangedSchema,
          400: ZErrorSchema,
          401: ZErrorSchema,
          403: ZErrorSchema,
          404: ZErrorSchema,
          409: ZErrorSchema,
        },
      },
    },
    async (request) => {
      const { marked, reached, offer } = await markUrgent(app.db, app.events, ownerOf(request), request.params.id, app.now());
      return { ...offer, message: marked ? URGENT_MESSAGES.marked(reached) : URGENT_MESSAGES.alreadyMarked(reached) };
    },
  );
};
