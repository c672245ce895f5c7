/**
 * A negotiation on an application's pay (decision 094): her proposal, the pharmacy's decision (accept, one counter,
 * decline), her decision on the counter, and what both sides read of it.
 */
import {
  PAY_MESSAGES,
  ZApplicationIdParamsSchema,
  ZCounterDecisionSchema,
  ZErrorSchema,
  ZMessageSchema,
  ZNegotiationSchema,
  ZProposalDecisionSchema,
  ZProposalInputSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, ownerOf, partyOf, requireOwner, requireParty, requireRole, sessionUser } from '../../lib/auth-guard';
import { unauthorized } from '../../lib/errors';
import { negotiationOf } from './read';
import { decideCounter, decideProposal, proposeOnApplication } from './service';

export const negotiationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.post(
    '/applications/:id/proposal/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'proposePay',
        tags: ['applications'],
        summary:
          "Proponi un altro compenso orario o rimborso di viaggio su una propria candidatura in attesa, entro i limiti dell'offerta (una proposta per candidatura)",
        security,
        params: ZApplicationIdParamsSchema,
        body: ZProposalInputSchema,
        response: { 201: ZMessageSchema, ...errors, 410: ZErrorSchema },
      },
    },
    async (request, reply) => {
      await proposeOnApplication(app.db, app.events, sessionUser(request).id, request.params.id, request.body, app.now());
      return reply.code(201).send({ message: PAY_MESSAGES.proposalSent });
    },
  );

  app.post(
    '/applications/:id/proposal/decision/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'decidePayProposal',
        tags: ['applications'],
        summary:
          'Accetta la proposta sul compenso di una candidatura, fai una controproposta (una sola, tra il compenso offerto e quello proposto) o rifiutala con un motivo',
        security,
        params: ZApplicationIdParamsSchema,
        body: ZProposalDecisionSchema,
        response: { 200: ZMessageSchema, ...errors, 410: ZErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!actor) throw unauthorized();
      const message = await decideProposal(
        app.db,
        app.events,
        ownerOf(request),
        request.params.id,
        request.body,
        actor,
        app.now(),
      );
      return { message };
    },
  );

  app.post(
    '/applications/:id/counter/decision/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'decidePayCounter',
        tags: ['applications'],
        summary: 'Accetta o rifiuta la controproposta della farmacia sul compenso di una propria candidatura',
        security,
        params: ZApplicationIdParamsSchema,
        body: ZCounterDecisionSchema,
        response: { 200: ZMessageSchema, ...errors, 410: ZErrorSchema },
      },
    },
    async (request) => {
      const message = await decideCounter(
        app.db,
        app.events,
        sessionUser(request).id,
        request.params.id,
        request.body,
        app.now(),
      );
      return { message };
    },
  );

  app.get(
    '/applications/:id/negotiation/',
    {
      onRequest: requireParty('read'),
      schema: {
        operationId: 'getApplicationNegotiation',
        tags: ['applications'],
        summary:
          "La trattativa sul compenso di una candidatura: se l'offerta la ammette, i suoi limiti, le proposte e le condizioni concordate (solo le parti)",
        security,
        params: ZApplicationIdParamsSchema,
        response: { 200: ZNegotiationSchema, ...errors },
      },
    },
    async (request) => {
      const party = partyOf(request);
      const who = request.owner ? { ownerId: party.id } : { farmacistaId: party.id };
      return negotiationOf(app.db, who, request.params.id, app.now());
    },
  );
};
