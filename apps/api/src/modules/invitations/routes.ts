/** Invitations: an owner invites a pharmacist to an open offer; the pharmacist accepts or declines (docs/rules.md#invitations). */
import {
  type TOwnerInvitation,
  type TPharmacistInvitation,
  ZAcceptInvitationInputSchema,
  ZDeclineInvitationInputSchema,
  ZErrorSchema,
  ZInvitationIdParamsSchema,
  ZInviteInputSchema,
  ZOfferIdParamsSchema,
  ZOwnerInvitationListSchema,
  ZOwnerInvitationSchema,
  ZPharmacistInvitationListSchema,
  ZPharmacistInvitationSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf, requireConfirmedEmail, requireOwner, requireRole, sessionUser } from '../../lib/auth-guard';
import { listOfferInvitations, listPharmacistInvitations } from './lists';
import { acceptInvitation, declineInvitation, inviteToOffer } from './service';

export const invitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.post(
    '/offers/:id/invitations/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'inviteToOffer',
        tags: ['invitations'],
        summary:
          'Invita un farmacista a una propria offerta aperta (titolari verificati; una volta per offerta e farmacista; 429 oltre gli inviti aperti per offerta o quelli del giorno)',
        security,
        params: ZOfferIdParamsSchema,
        body: ZInviteInputSchema,
        response: { 201: ZOwnerInvitationSchema, ...errors, 410: ZErrorSchema, 429: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const ownerId = ownerOf(request);
      await requireConfirmedEmail(app.db, sessionUser(request).id);
      const id = await inviteToOffer(app.db, app.events, ownerId, request.params.id, request.body, app.now());
      const [invitation] = await listOfferInvitations(app.db, ownerId, request.params.id, app.now(), id);
      return reply.code(201).send(invitation as TOwnerInvitation);
    },
  );

  app.get(
    '/offers/:id/invitations/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'listOfferInvitations',
        tags: ['invitations'],
        summary: 'Gli inviti di una propria offerta, dal più recente, con lo stato (sent, accepted, declined, expired)',
        security,
        params: ZOfferIdParamsSchema,
        response: { 200: ZOwnerInvitationListSchema, ...errors },
      },
    },
    async (request) => listOfferInvitations(app.db, ownerOf(request), request.params.id, app.now()),
  );

  app.get(
    '/invitations/mine/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'listMyInvitations',
        tags: ['invitations'],
        summary: 'Gli inviti ricevuti dal farmacista connesso, dal più recente, con la loro offerta',
        security,
        response: { 200: ZPharmacistInvitationListSchema, ...errors },
      },
    },
    async (request) => listPharmacistInvitations(app.db, sessionUser(request).id, app.now()),
  );

  app.post(
    '/invitations/:id/accept/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'acceptInvitation',
        tags: ['invitations'],
        summary:
          "Accetta un proprio invito: una candidatura già accettata per l'offerta, o in attesa con una proposta sul compenso (serve un CV; 409 se i posti sono finiti o se si è già impegnati in quei giorni, 410 se l'invito è scaduto o l'offerta chiusa)",
        security,
        params: ZInvitationIdParamsSchema,
        body: ZAcceptInvitationInputSchema,
        response: { 200: ZPharmacistInvitationSchema, ...errors, 410: ZErrorSchema },
      },
    },
    async (request) => {
      const pharmacist = sessionUser(request);
      await requireConfirmedEmail(app.db, pharmacist.id);
      const { legal_form, proposal } = request.body ?? {};
      await acceptInvitation(app.db, app.events, pharmacist.id, request.params.id, app.now(), legal_form, proposal);
      const [invitation] = await listPharmacistInvitations(app.db, pharmacist.id, app.now(), request.params.id);
      return invitation as TPharmacistInvitation;
    },
  );

  app.post(
    '/invitations/:id/decline/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'declineInvitation',
        tags: ['invitations'],
        summary: 'Rifiuta un proprio invito, con un motivo facoltativo per il titolare',
        security,
        params: ZInvitationIdParamsSchema,
        body: ZDeclineInvitationInputSchema,
        response: { 200: ZPharmacistInvitationSchema, ...errors, 410: ZErrorSchema },
      },
    },
    async (request) => {
      const pharmacist = sessionUser(request);
      await declineInvitation(app.db, app.events, pharmacist.id, request.params.id, request.body.reason || null, app.now());
      const [invitation] = await listPharmacistInvitations(app.db, pharmacist.id, app.now(), request.params.id);
      return invitation as TPharmacistInvitation;
    },
  );
};
