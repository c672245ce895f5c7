/** The pharmacist's professional file and her policy's PDF (decision 093): hers only, read and written by her. */
import {
  MESSAGES,
  professionalFileErrorCode,
  todayInItaly,
  ZErrorSchema,
  ZInsuranceDocumentSavedSchema,
  ZMessageSchema,
  ZProfessionalFileInputSchema,
  ZProfessionalFileSavedSchema,
  ZProfessionalFileSchema,
} from '@farmaponte/shared';
import { PROFESSIONAL_FILE_MESSAGES as M } from '@farmaponte/shared/messages-professional-file';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bodyOf } from '../../lib/api-docs';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { attachmentDisposition } from '../../lib/download';
import { HttpError, notFound, validationError } from '../../lib/errors';
import { checkedDocument, deleteInsuranceDocument, documentName, readInsuranceDocument, saveInsuranceDocument } from './document';
import { readProfessionalFile, saveProfessionalFile } from './service';

const PATH = '/me/professional-file/';
const DOCUMENT_PATH = '/me/professional-file/insurance-document/';
/** A little above the largest PDF: a larger body is refused (413) before it is read whole. */
const DOCUMENT_BODY_LIMIT = 5 * 1024 * 1024 + 1;

export const professionalFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = requireRole('farmacista');
  const security = [{ bearer: [] }];
  const errors = { 401: ZErrorSchema, 403: ZErrorSchema };

  app.get(
    PATH,
    {
      onRequest,
      schema: {
        operationId: 'getProfessionalFile',
        tags: ['account'],
        summary:
          'Il fascicolo professionale della farmacista: codice fiscale, nascita, partita IVA, assicurazione, crediti ECM, e cosa manca per lavorare in libera professione',
        security,
        response: { 200: ZProfessionalFileSchema, ...errors },
      },
    },
    (request) => readProfessionalFile(app.db, sessionUser(request).id, todayInItaly(app.now())),
  );

  app.put(
    PATH,
    {
      onRequest,
      // The route answers the refusal itself, with the code of the field refused (codice_fiscale_invalid…).
      attachValidation: true,
      schema: {
        operationId: 'saveProfessionalFile',
        tags: ['account'],
        summary:
          "Salva i campi indicati del fascicolo professionale (assente = invariato, '' o null = cancellato); il codice fiscale deve corrispondere a nome, cognome, data e luogo di nascita",
        security,
        body: ZProfessionalFileInputSchema,
        response: { 200: ZProfessionalFileSavedSchema, 400: ZErrorSchema, ...errors },
      },
    },
    async (request) => {
      if (request.validationError) {
        const refused = hasZodFastifySchemaValidationErrors(request.validationError)
          ? validationError(request.validationError.validation)
          : new HttpError(400, MESSAGES.invalidInput, 'validation_error');
        const field = Object.keys(refused.fields ?? {})[0] ?? '_';
        throw new HttpError(400, refused.message, professionalFileErrorCode(field), { fields: refused.fields });
      }
      const now = app.now();
      const file = await saveProfessionalFile(app.db, sessionUser(request).id, request.body, now, todayInItaly(now));
      return { message: M.saved, ...file };
    },
  );

  // The policy's PDF is the body itself (no base64, no JSON): its own parser and error answers, in a context of its own.
  const documentRoutes: FastifyPluginAsyncZod = async (upload) => {
    upload.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: DOCUMENT_BODY_LIMIT }, (_r, body, done) =>
      done(null, body),
    );
    upload.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      if (error instanceof HttpError) throw error;
      // Too large for the parser, or not a PDF's content type: this route's own answers, in Italian.
      if (error.statusCode === 413)
        return reply.code(413).send({ message: M.documentTooLarge, code: 'insurance_document_too_large' });
      if (error.statusCode === 415)
        return reply.code(400).send({ message: M.documentInvalid, code: 'insurance_document_invalid' });
      throw error;
    });

    upload.put(
      DOCUMENT_PATH,
      {
        onRequest,
        bodyLimit: DOCUMENT_BODY_LIMIT,
        schema: {
          operationId: 'uploadInsuranceDocument',
          tags: ['account'],
          summary:
            'Carica il PDF della polizza assicurativa (il PDF come corpo, Content-Type application/pdf, al massimo 5 MB; ?name= il nome del file); sostituisce il precedente',
          security,
          querystring: z.object({ name: z.string().max(300).optional() }),
          response: { 200: ZInsuranceDocumentSavedSchema, 400: ZErrorSchema, ...errors, 413: ZErrorSchema },
        },
      },
      async (request) => {
        const bytes = checkedDocument(request.body);
        const document = await saveInsuranceDocument(
          app.db,
          sessionUser(request).id,
          bytes,
          documentName(request.query.name),
          app.now(),
        );
        return { message: M.documentSaved, document };
      },
    );
  };
  await app.register(documentRoutes);

  app.get(
    DOCUMENT_PATH,
    {
      onRequest,
      schema: {
        operationId: 'downloadInsuranceDocument',
        tags: ['account'],
        summary: 'Scarica il PDF della propria polizza assicurativa',
        security,
        response: { 200: bodyOf('application/pdf', 'La polizza in PDF'), ...errors, 404: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const document = await readInsuranceDocument(app.db, sessionUser(request).id);
      if (!document) throw notFound(M.documentNotFound, 'insurance_document_not_found');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition(document.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(document.bytes as never); // binary body: no JSON serializer
    },
  );

  app.delete(
    DOCUMENT_PATH,
    {
      onRequest,
      schema: {
        operationId: 'deleteInsuranceDocument',
        tags: ['account'],
        summary: 'Elimina il PDF della propria polizza assicurativa',
        security,
        response: { 200: ZMessageSchema, ...errors, 404: ZErrorSchema },
      },
    },
    async (request) => {
      if (!(await deleteInsuranceDocument(app.db, sessionUser(request).id, app.now())))
        throw notFound(M.documentNotFound, 'insurance_document_not_found');
      return { message: M.documentDeleted };
    },
  );
};
