/** Saved searches ('Avvisami'): a pharmacist's own, listed, saved and deleted; alerts come from the sender. */
import {
  MESSAGES,
  ZErrorSchema,
  ZNoContentSchema,
  ZSavedSearchCreatedSchema,
  ZSavedSearchIdParamsSchema,
  ZSavedSearchInputSchema,
  ZSavedSearchListSchema,
  ZSavedSearchSuggestionSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { createSavedSearch, deleteSavedSearch, listSavedSearches, suggestSavedSearch } from './service';

export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];
  const onRequest = requireRole('farmacista');

  app.get(
    '/saved-searches/',
    {
      onRequest,
      schema: {
        operationId: 'listSavedSearches',
        tags: ['saved-searches'],
        summary: 'Le proprie ricerche salvate (farmacista)',
        security,
        response: { 200: ZSavedSearchListSchema, ...errors },
      },
    },
    async (request) => listSavedSearches(app.db, sessionUser(request).id),
  );

  app.get(
    '/saved-searches/suggestion/',
    {
      onRequest,
      schema: {
        operationId: 'getSavedSearchSuggestion',
        tags: ['saved-searches'],
        summary:
          'La prima ricerca da proporre: la regione preferita indicata alla registrazione, finché non ne è salvata nessuna',
        security,
        response: { 200: ZSavedSearchSuggestionSchema, ...errors },
      },
    },
    async (request) => suggestSavedSearch(app.db, sessionUser(request).id),
  );

  app.post(
    '/saved-searches/',
    {
      onRequest,
      schema: {
        operationId: 'createSavedSearch',
        tags: ['saved-searches'],
        summary: `Salva una ricerca ('Avvisami'): {name, filters, frequency}; al massimo 10`,
        security,
        body: ZSavedSearchInputSchema,
        response: { 201: ZSavedSearchCreatedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const saved = await createSavedSearch(app.db, sessionUser(request).id, request.body, app.now());
      return reply.code(201).send({ ...saved, message: MESSAGES.savedSearchCreated });
    },
  );

  app.delete(
    '/saved-searches/:id/',
    {
      onRequest,
      schema: {
        operationId: 'deleteSavedSearch',
        tags: ['saved-searches'],
        summary: 'Elimina una propria ricerca salvata',
        security,
        params: ZSavedSearchIdParamsSchema,
        response: { 204: ZNoContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await deleteSavedSearch(app.db, sessionUser(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
