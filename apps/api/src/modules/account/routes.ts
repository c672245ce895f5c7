/** The logged-in user's own account: details and profile, CV upload, personal description, deletion. */
import {
  MESSAGES,
  type TDetailsUpdate,
  ZDescriptionSavedSchema,
  ZDescriptionSchema,
  ZDescriptionUpdateSchema,
  ZDetailsUpdateSchema,
  ZErrorSchema,
  ZNoContentSchema,
  ZUserDetailsSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate, sessionUser } from '../../lib/auth-guard';
import { forbidden } from '../../lib/errors';
import {
  DETAILS_BODY_LIMIT_BYTES,
  detailsValidatorCompiler,
  ReceivedCv,
  readDetailsBodies,
  saveUploadedCv,
  takeCvUploadQuota,
} from '../cv';
import { deleteAccount } from './erasure';
import { getDescription, getUserDetails, updateDescription, updateProfile } from './service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 429: ZErrorSchema };
  const details = (userId: number) => getUserDetails(app.db, userId, async (owner) => app.cvLinks.linkFor(owner, userId));

  app.get(
    '/user/details/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'getMyDetails',
        tags: ['account'],
        summary: "I dati e il profilo dell'utente connesso",
        security: [{ bearer: [] }],
        response: { 200: ZUserDetailsSchema, ...errors },
      },
    },
    async (request) => details(sessionUser(request).id),
  );

  // The one route whose body may be a 7 MB CV: it has a JSON parser of its own (cv/upload-body.ts), hence its own context.
  const detailsUpdateRoute: FastifyPluginAsyncZod = async (upload) => {
    readDetailsBodies(upload);
    upload.put(
      '/user/details/',
      {
        onRequest: authenticate,
        bodyLimit: DETAILS_BODY_LIMIT_BYTES,
        validatorCompiler: detailsValidatorCompiler,
        schema: {
          operationId: 'updateMyDetails',
          tags: ['account'],
          summary: 'Aggiorna il profilo ({profile}) o carica il CV ({pdf_file} in base64)',
          security: [{ bearer: [] }],
          body: ZDetailsUpdateSchema,
          response: { 200: ZUserDetailsSchema, ...errors, 413: ZErrorSchema },
        },
      },
      async (request) => {
        const user = sessionUser(request);
        // A large CV arrives already read and decoded by a worker (ReceivedCv); anything else as the schema parsed it.
        const body: TDetailsUpdate | ReceivedCv = request.body;
        if (body instanceof ReceivedCv || 'pdf_file' in body) {
          if (user.role !== 'farmacista') throw forbidden();
          await takeCvUploadQuota(app.counters, user.id);
          await saveUploadedCv(app.db, user.id, body instanceof ReceivedCv ? body.bytes : body.pdf_file, app.now());
        } else {
          await updateProfile(app.db, user, body.profile, app.now());
        }
        return details(user.id);
      },
    );
  };
  await app.register(detailsUpdateRoute);

  app.delete(
    '/user/delete/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'deleteMyAccount',
        tags: ['account'],
        summary: "Elimina l'account e tutti i dati dell'utente (GDPR)",
        security: [{ bearer: [] }],
        response: { 204: ZNoContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      await deleteAccount(app.db, app.events, user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/profile-descrizione/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'getMyDescription',
        tags: ['account'],
        summary: 'La descrizione personale',
        security: [{ bearer: [] }],
        response: { 200: ZDescriptionSchema, ...errors },
      },
    },
    async (request) => ({ descrizione: await getDescription(app.db, sessionUser(request).id) }),
  );

  app.put(
    '/profile-descrizione/',
    {
      onRequest: authenticate,
      schema: {
        operationId: 'updateMyDescription',
        tags: ['account'],
        summary: 'Aggiorna la descrizione personale',
        security: [{ bearer: [] }],
        body: ZDescriptionUpdateSchema,
        response: { 200: ZDescriptionSavedSchema, ...errors },
      },
    },
    async (request) => {
      const { descrizione } = request.body;
      await updateDescription(app.db, sessionUser(request).id, descrizione);
      return { descrizione, message: MESSAGES.descriptionUpdated };
    },
  );
};
