/**
 * /api/organisation/: the organisation's data, its pharmacies, its people and each pharmacy's settings (decision 089).
 * Reading is for everyone on the staff; the data for invoices, new pharmacies and the people are a titolare's; a
 * pharmacy's settings are written by whoever may write for that pharmacy.
 */
import { MESSAGES, ZErrorSchema, ZMessageSchema } from '@farmaponte/shared';
import {
  ORGANISATION_MESSAGES as M,
  ZInvitationAcceptSchema,
  ZInvitationPreviewSchema,
  ZMemberUpdateSchema,
  ZNewPharmacySchema,
  ZOrganisationInputSchema,
  ZOrganisationSchema,
  ZPharmacySettingsAnswerSchema,
  ZPharmacySettingsSchema,
  ZStaffInvitationInputSchema,
  ZTeamSchema,
} from '@farmaponte/shared/organisation';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, requireOwner, sessionUser } from '../../lib/auth-guard';
import { forbidden, notFound } from '../../lib/errors';
import {
  acceptInvitation,
  getTeam,
  inviteStaff,
  previewInvitation,
  removeMember,
  revokeInvitation,
  updateMember,
} from './people';
import { addPharmacy, getOrganisation, getSettings, saveSettings, updateOrganisation } from './service';

const ZIdParams = z.object({ id: z.coerce.number({ error: MESSAGES.notFound }).int().positive().max(2_147_483_647) });
const ZTokenQuery = z.object({ token: z.string({ error: M.invitationInvalid }).min(1, M.invitationInvalid).max(200) });

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];
  const tags = ['organisation'];

  /** The person acting, with their address for the audit log. */
  const actorOf = (request: FastifyRequest) => {
    const scope = request.owner;
    if (!scope) throw forbidden();
    return { ...scope, email: sessionUser(request).email };
  };

  /** The person's scope for the pharmacy in the path: 404 outside their reach, 403 for a write by consultazione. */
  const pharmacyScope = async (request: FastifyRequest, id: number, write: boolean) => {
    const scope = await app.ownerScopes.resolve(sessionUser(request).id, id);
    if (!scope) throw notFound(M.pharmacyNotFound, 'pharmacy_not_found');
    if (write && scope.memberRole === 'consultazione') throw forbidden(M.readOnly, 'read_only_member');
    return { ...scope, email: sessionUser(request).email };
  };

  app.get(
    '/organisation/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'getOrganisation',
        tags,
        summary: "L'organizzazione della persona connessa: i dati per le fatture, il suo ruolo, le farmacie per cui agisce",
        security,
        response: { 200: ZOrganisationSchema, ...errors },
      },
    },
    async (request) => getOrganisation(app.db, actorOf(request)),
  );

  app.put(
    '/organisation/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'updateOrganisation',
        tags,
        summary: "Salva i dati dell'organizzazione per le fatture (solo un titolare)",
        security,
        body: ZOrganisationInputSchema,
        response: { 200: ZOrganisationSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateOrganisation(app.db, actor, request.body, app.now());
      return { ...(await getOrganisation(app.db, actor)), message: M.saved };
    },
  );

  app.post(
    '/organisation/pharmacies/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'addPharmacy',
        tags,
        summary:
          "Aggiunge una farmacia all'organizzazione (codice del registro o dati della farmacia, partita IVA): attende la verifica dello staff come una nuova registrazione",
        security,
        body: ZNewPharmacySchema,
        response: { 201: z.object({ id: z.number(), message: z.string() }), ...errors, 409: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const id = await addPharmacy(app.db, app.events, actorOf(request), request.body, app.now());
      return reply.code(201).send({ id, message: M.pharmacyAdded });
    },
  );

  app.get(
    '/organisation/team/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'getTeam',
        tags,
        summary: "Le persone dell'organizzazione e gli inviti in attesa (solo un titolare)",
        security,
        response: { 200: ZTeamSchema, ...errors },
      },
    },
    async (request) => getTeam(app.db, actorOf(request).organisationId, app.now()),
  );

  app.post(
    '/organisation/invitations/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'inviteStaff',
        tags,
        summary: 'Invita una persona nello staff via e-mail, con un ruolo e le sue farmacie (un link da usare una volta)',
        security,
        body: ZStaffInvitationInputSchema,
        response: { 201: z.object({ id: z.number(), message: z.string() }), ...errors, 409: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const id = await inviteStaff(app.db, actorOf(request), request.body, {
        now: app.now(),
        publicUrl: app.publicUrl(),
      });
      return reply.code(201).send({ id, message: M.invitationSent(request.body.email.trim().toLowerCase()) });
    },
  );

  app.delete(
    '/organisation/invitations/:id/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'revokeStaffInvitation',
        tags,
        summary: 'Annulla un invito non ancora accettato',
        security,
        params: ZIdParams,
        response: { 200: ZMessageSchema, ...errors },
      },
    },
    async (request) => {
      await revokeInvitation(app.db, actorOf(request), request.params.id, app.now());
      return { message: M.invitationRevoked };
    },
  );

  app.patch(
    '/organisation/members/:id/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'updateMember',
        tags,
        summary: 'Cambia il ruolo e le farmacie di una persona dello staff',
        security,
        params: ZIdParams,
        body: ZMemberUpdateSchema,
        response: { 200: ZMessageSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      await updateMember(app.db, app.events, actorOf(request), request.params.id, request.body, app.now());
      return { message: M.memberUpdated };
    },
  );

  app.delete(
    '/organisation/members/:id/',
    {
      onRequest: requireOwner('people'),
      schema: {
        operationId: 'removeMember',
        tags,
        summary: 'Toglie una persona dallo staff e chiude subito le sue sessioni',
        security,
        params: ZIdParams,
        response: { 200: ZMessageSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      await removeMember(app.db, app.events, actorOf(request), request.params.id, app.now());
      return { message: M.memberRemoved };
    },
  );

  app.get(
    '/organisation/invitations/accept/',
    {
      schema: {
        operationId: 'previewStaffInvitation',
        tags,
        security: [],
        summary: "Che cosa propone un link d'invito: l'organizzazione, il ruolo, le farmacie, se l'indirizzo ha già un account",
        querystring: ZTokenQuery,
        response: { 200: ZInvitationPreviewSchema, 400: ZErrorSchema, 404: ZErrorSchema, 410: ZErrorSchema },
      },
    },
    async (request) => previewInvitation(app.db, request.query.token, app.now()),
  );

  app.post(
    '/organisation/invitations/accept/',
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        operationId: 'acceptStaffInvitation',
        tags,
        security: [],
        summary:
          "Accetta un invito: con la sessione dell'indirizzo invitato entra con quell'account; senza, crea l'account (nome, cognome, password)",
        body: ZInvitationAcceptSchema,
        response: {
          201: z.object({ message: z.string(), email: z.string(), created: z.boolean() }),
          ...errors,
          409: ZErrorSchema,
          410: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      // A session is optional here: with one, the person joins with that account.
      let session: { id: number; role: string } | null = null;
      if (request.headers.authorization) {
        await authenticate.call(app, request, reply);
        session = sessionUser(request);
      }
      const joined = await acceptInvitation(app.db, app.events, request.body, session, app.now());
      return reply
        .code(201)
        .send({ message: M.invitationAccepted(joined.organisation), email: joined.email, created: joined.created });
    },
  );

  app.get(
    '/organisation/pharmacies/:id/settings/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'getPharmacySettings',
        tags,
        summary: 'Le impostazioni di una farmacia: i valori proposti quando si pubblica e chi dello staff riceve le e-mail',
        security,
        params: ZIdParams,
        response: { 200: ZPharmacySettingsAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await pharmacyScope(request, request.params.id, false);
      return getSettings(app.db, request.params.id);
    },
  );

  app.put(
    '/organisation/pharmacies/:id/settings/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'savePharmacySettings',
        tags,
        summary: 'Salva le impostazioni di una farmacia (chi può agire per la farmacia)',
        security,
        params: ZIdParams,
        body: ZPharmacySettingsSchema,
        response: { 200: ZPharmacySettingsAnswerSchema.extend({ message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const scope = await pharmacyScope(request, request.params.id, true);
      const saved = await saveSettings(app.db, scope, request.params.id, request.body, app.now());
      return { ...saved, message: M.settingsSaved };
    },
  );
};
