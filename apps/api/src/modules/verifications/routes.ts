/** Verification by an admin (decision 049): the queue, the decision, and the owner's document (docs/rules.md#verifications). */
import {
  LIMITS,
  MESSAGES,
  ZCvLinkQuerySchema,
  ZErrorSchema,
  ZVerificationDecidedSchema,
  ZVerificationDecisionSchema,
  ZVerificationDocumentParamsSchema,
  ZVerificationDocumentSavedSchema,
  ZVerificationParamsSchema,
  ZVerificationsPageSchema,
  ZVerificationsQuerySchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { ownerOf, requireOwner, requireRole, sessionUser } from '../../lib/auth-guard';
import { forbidden, HttpError, notFound } from '../../lib/errors';
import { pageLinks } from '../../lib/paging';
import { recordAdminRead } from '../audit';
import {
  decideVerification,
  documentReader,
  listVerifications,
  readVerificationDocument,
  recordDocumentOpen,
  saveVerificationDocument,
  takeDocumentUploadQuota,
} from './service';

export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };
  const security = [{ bearer: [] }];
  const onRequest = requireRole('admin');

  app.get(
    '/admin/verifications/',
    {
      onRequest,
      schema: {
        operationId: 'listVerifications',
        tags: ['admin'],
        summary: 'Le richieste di verifica di titolari e farmacisti, la più vecchia per prima, con filtro per stato e ruolo',
        security,
        querystring: ZVerificationsQuerySchema,
        response: { 200: ZVerificationsPageSchema, ...errors },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      const query = request.query;
      const { count, late, results } = await listVerifications(app.db, query, app.now(), (owner) =>
        app.documentLinks.linkFor(owner, admin.id),
      );
      // A page of people's personal data: the read is in the audit log, with its filters, before it leaves.
      await recordAdminRead(
        app.db,
        { id: admin.id, email: admin.email },
        {
          action: 'verifications.list',
          details: { status: query.status, role: query.role ?? null, page: query.page, shown: results.length },
        },
        app.now(),
      );
      return {
        count,
        late,
        ...pageLinks('/api/admin/verifications/', query, count, { status: query.status, role: query.role }),
        results,
      };
    },
  );

  app.post(
    '/admin/verifications/:user_id/',
    {
      onRequest,
      schema: {
        operationId: 'decideVerification',
        tags: ['admin'],
        summary: "Approva o rifiuta (con il motivo) la richiesta di verifica di un utente; l'utente riceve una notifica",
        security,
        params: ZVerificationParamsSchema,
        body: ZVerificationDecisionSchema,
        response: { 200: ZVerificationDecidedSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const admin = sessionUser(request);
      const { verification } = await decideVerification(
        app.db,
        app.events,
        admin,
        request.params.user_id,
        request.body,
        app.now(),
        (owner) => app.documentLinks.linkFor(owner, admin.id),
      );
      return {
        message: request.body.decision === 'verified' ? MESSAGES.verificationApproved : MESSAGES.verificationRejected,
        verification,
      };
    },
  );

  // The owner's document is the PDF itself as the body (no base64, no JSON to parse): its own parser, its own context.
  const documentUpload: FastifyPluginAsyncZod = async (upload) => {
    upload.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: LIMITS.cvBodyLimitBytes }, (_r, body, done) =>
      done(null, body),
    );
    upload.put(
      '/user/verification-document/',
      {
        onRequest: requireOwner('write'),
        bodyLimit: LIMITS.cvBodyLimitBytes,
        schema: {
          operationId: 'uploadVerificationDocument',
          tags: ['account'],
          summary: `Carica il documento per la verifica della farmacia (il PDF come corpo, Content-Type application/pdf, al massimo ${LIMITS.cvMaxBytes / 1024 / 1024} MB); sostituisce il precedente`,
          security,
          response: { 200: ZVerificationDocumentSavedSchema, ...errors, 413: ZErrorSchema, 415: ZErrorSchema, 429: ZErrorSchema },
        },
      },
      async (request) => {
        const pharmacyId = ownerOf(request);
        if (!Buffer.isBuffer(request.body)) throw new HttpError(415, MESSAGES.invalidPdf, 'unsupported_media_type');
        await takeDocumentUploadQuota(app.counters, pharmacyId);
        const uploadedAt = await saveVerificationDocument(app.db, pharmacyId, request.body, app.now());
        return { message: MESSAGES.verificationDocumentSaved, uploaded_at: uploadedAt.toISOString() };
      },
    );
  };
  await app.register(documentUpload);

  app.get(
    '/verification-document/:userId/',
    {
      schema: {
        operationId: 'downloadVerificationDocument',
        security: [],
        tags: ['admin'],
        summary: `Scarica il documento di un titolare con un link firmato (scade dopo ${LIMITS.verificationDocumentLinkTtlSeconds / 60} minuti)`,
        params: ZVerificationDocumentParamsSchema,
        querystring: ZCvLinkQuerySchema,
        response: {
          200: bodyOf('application/pdf', 'Il documento in PDF'),
          400: ZErrorSchema,
          403: ZErrorSchema,
          404: ZErrorSchema,
          503: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      const { viewer, expires, signature } = request.query;
      // A valid signature is not enough: the viewer must still be an admin.
      const reader = app.documentLinks.verify(userId, viewer, expires, signature)
        ? await documentReader(app.db, viewer)
        : undefined;
      if (!reader) throw forbidden(MESSAGES.verificationDocumentLinkExpired, 'document_link_invalid');
      const document = await readVerificationDocument(app.db, userId);
      if (!document) throw notFound(MESSAGES.verificationDocumentNotFound, 'document_not_found');
      // Recorded before a byte is answered: no entry, no document (docs/decisions/061).
      await recordDocumentOpen(app.db, reader, userId, app.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'inline; filename="documento.pdf"')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(document as never); // binary body: no JSON serializer
    },
  );
};
