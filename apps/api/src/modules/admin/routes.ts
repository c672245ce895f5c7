/** The admin back office: owners and their map position, every user, and an overview (admin only, docs/rules.md#who-may-do-what). */
import {
  isInItaly,
  LIMITS,
  MESSAGES,
  ZAdminUserDetailsSchema,
  ZErrorSchema,
  ZLocationSchema,
  ZLocationUpdateAnswerSchema,
  ZLocationUpdateSchema,
  ZOverviewSchema,
  ZOwnersByIdSchema,
  ZSearchQuerySchema,
  ZUserIdParamsSchema,
  ZUserIdSchema,
  ZUsersPageSchema,
  ZUsersQuerySchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { pageLinks } from '../../lib/paging';
import { recordAdminRead } from '../audit';
import {
  getAdminUserDetails,
  getOverview,
  getOwnerLocation,
  listUsers,
  OVERVIEW_WEEKS,
  searchOwners,
  setOwnerLocation,
} from './service';

export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];
  const onRequest = requireRole('admin');

  app.get(
    '/users/titolare/',
    {
      onRequest,
      schema: {
        operationId: 'listOwners',
        tags: ['admin'],
        summary: `Titolari per nome, cognome, e-mail, farmacia o comune; oggetto con un titolare per chiave (massimo ${LIMITS.searchMaxResults})`,
        security,
        querystring: ZSearchQuerySchema,
        response: { 200: ZOwnersByIdSchema, ...errors },
      },
    },
    async (request) => {
      const owners = await searchOwners(app.db, request.query.search);
      // Many people's phones and birth dates at once: the read is in the audit log, with its filter, before it leaves.
      const { id, email } = sessionUser(request);
      await recordAdminRead(
        app.db,
        { id, email },
        { action: 'owners.list', details: { search: request.query.search, shown: owners.length } },
        app.now(),
      );
      return Object.fromEntries(owners.map((owner) => [String(owner.id), owner]));
    },
  );

  app.post(
    '/users/get_location/',
    {
      onRequest,
      schema: {
        operationId: 'getOwnerLocation',
        tags: ['admin'],
        summary: 'Coordinate di un titolare: quelle impostate, o il centro del comune della farmacia',
        security,
        body: ZUserIdSchema,
        response: { 200: ZLocationSchema, ...errors },
      },
    },
    async (request) => getOwnerLocation(app.db, request.body.userId),
  );

  app.post(
    '/users/update_location/',
    {
      onRequest,
      schema: {
        operationId: 'updateOwnerLocation',
        tags: ['admin'],
        summary: 'Imposta le coordinate di un titolare (le sue offerte si spostano sulla mappa)',
        security,
        body: ZLocationUpdateSchema,
        response: { 200: ZLocationUpdateAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, lat, lng } = request.body;
      await setOwnerLocation(app.db, app.events, sessionUser(request), userId, { lat, lng }, app.now());
      return { message: MESSAGES.locationUpdated, ...(isInItaly(lat, lng) ? {} : { warning: MESSAGES.outsideItaly }) };
    },
  );

  app.get(
    '/users/all/',
    {
      onRequest,
      schema: {
        operationId: 'listUsers',
        tags: ['admin'],
        summary: 'Tutti gli utenti, con ricerca (e-mail o nome), filtro per ruolo e paginazione',
        security,
        querystring: ZUsersQuerySchema,
        response: { 200: ZUsersPageSchema, ...errors },
      },
    },
    async (request) => {
      const query = request.query;
      const { count, results } = await listUsers(app.db, query);
      return {
        count,
        ...pageLinks('/api/users/all/', query, count, { search: query.search, role: query.role }),
        results,
      };
    },
  );

  app.get(
    '/users/:id/details/',
    {
      onRequest,
      schema: {
        operationId: 'getUserDetails',
        tags: ['admin'],
        summary: 'Profilo completo di un utente (mai dati della password; CV come link firmato)',
        security,
        params: ZUserIdParamsSchema,
        response: { 200: ZAdminUserDetailsSchema, ...errors, 503: ZErrorSchema },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      return getAdminUserDetails(
        app.db,
        admin,
        request.params.id,
        async (cvOwnerId) => app.cvLinks.linkFor(cvOwnerId, admin.id),
        app.now(),
      );
    },
  );

  app.get(
    '/admin/overview/',
    {
      onRequest,
      schema: {
        operationId: 'getAdminOverview',
        tags: ['admin'],
        summary: `Panoramica: utenti per ruolo, offerte aperte per regione, candidature per settimana (ultime ${OVERVIEW_WEEKS})`,
        security,
        response: { 200: ZOverviewSchema, ...errors },
      },
    },
    async () => getOverview(app.db, app.now()),
  );
};
