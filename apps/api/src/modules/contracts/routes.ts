/**
 * Contracts (decision 093): a freelance engagement's contratto d'opera, read and confirmed by both sides, changed by
 * the owner; an employee engagement's hiring summary; the reclassification warning. Shared routes take the side from
 * the session (requireParty); an owner-side person acts for the pharmacy of `X-Farmacia`.
 */
import { ZApplicationIdParamsSchema, ZErrorSchema } from '@farmaponte/shared';
import {
  CONTRACT_MESSAGES,
  CONTRACT_TEXT,
  HIRING_SUMMARY_TEXT,
  ZContractChangeInputSchema,
  ZContractConfirmedSchema,
  ZContractConfirmInputSchema,
  ZContractIdParamsSchema,
  ZContractSchema,
  ZHiringSummaryQuerySchema,
  ZHiringSummarySchema,
  ZReclassificationSchema,
} from '@farmaponte/shared/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { ownerOf, requireOwner, requireParty, sessionUser } from '../../lib/auth-guard';
import { hiringSummary, hiringSummaryPdf } from './hiring-summary';
import { reclassificationOfApplication } from './reclassification';
import { confirmContract, contractDocument, contractOfApplication, type TContractParty } from './service';
import { changeContract } from './write';

/** The side of the request behind requireParty. */
function partyOfRequest(request: FastifyRequest): TContractParty {
  const user = sessionUser(request);
  if (!request.owner) return { side: 'pharmacist', userId: user.id, email: user.email };
  const { pharmacyId, actorId, actorName } = request.owner;
  return { side: 'owner', pharmacyId, actorId, actorName, email: user.email };
}

const pdfBody = (pdf: Uint8Array) => Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never;

export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema, 409: ZErrorSchema };
  const security = [{ bearer: [] }];

  app.get(
    '/applications/:id/contract/',
    {
      onRequest: requireParty('read'),
      schema: {
        operationId: 'getApplicationContract',
        tags: ['contracts'],
        summary:
          "Il contratto d'opera di una candidatura in libera professione accettata: la versione in vigore, le conferme delle due parti e tutte le versioni (solo le parti)",
        security,
        params: ZApplicationIdParamsSchema,
        response: { 200: ZContractSchema, ...errors },
      },
    },
    async (request) => contractOfApplication(app.db, partyOfRequest(request), request.params.id, app.now()),
  );

  app.put(
    '/applications/:id/contract/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'changeApplicationContract',
        tags: ['contracts'],
        summary:
          'Cambia compenso orario, rimborso spese o orari del contratto: una nuova versione, da confermare di nuovo da entrambe le parti',
        security,
        params: ZApplicationIdParamsSchema,
        body: ZContractChangeInputSchema,
        response: { 200: ZContractSchema, ...errors },
      },
    },
    async (request) => {
      await changeContract(app.db, app.events, ownerOf(request), request.params.id, request.body, app.now());
      return contractOfApplication(app.db, partyOfRequest(request), request.params.id, app.now());
    },
  );

  app.get(
    '/contracts/:id/pdf/',
    {
      onRequest: requireParty('read'),
      schema: {
        operationId: 'getContractPdf',
        tags: ['contracts'],
        summary:
          'Il PDF di una versione del contratto, come è stato scritto (la sua impronta SHA-256 in X-Content-SHA256); per le parti, fino alla fine della conservazione',
        security,
        params: ZContractIdParamsSchema,
        response: { 200: bodyOf('application/pdf', 'Il contratto'), ...errors },
      },
    },
    async (request, reply) => {
      const document = await contractDocument(app.db, partyOfRequest(request), request.params.id, app.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${CONTRACT_TEXT.fileName(document.number, document.version)}"`)
        .header('x-content-sha256', document.sha256)
        .header('cache-control', 'no-store')
        .send(pdfBody(document.pdf));
    },
  );

  app.post(
    '/contracts/:id/confirm/',
    {
      onRequest: requireParty('write'),
      schema: {
        operationId: 'confirmContract',
        tags: ['contracts'],
        summary:
          "Conferma la versione in vigore del contratto con l'impronta SHA-256 del PDF letto; confermare di nuovo non cambia nulla",
        security,
        params: ZContractIdParamsSchema,
        body: ZContractConfirmInputSchema,
        response: { 200: ZContractConfirmedSchema, ...errors },
      },
    },
    async (request) => {
      const contract = await confirmContract(
        app.db,
        app.events,
        partyOfRequest(request),
        request.params.id,
        request.body.sha256,
        app.now(),
      );
      return { ...contract, message: CONTRACT_MESSAGES.confirmed };
    },
  );

  app.get(
    '/applications/:id/hiring-summary/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'getHiringSummary',
        tags: ['contracts'],
        summary:
          'Il riepilogo di una candidatura accettata come lavoro dipendente, per la comunicazione obbligatoria che il consulente del lavoro invia (Farmaponte non la invia); ?format=pdf per il PDF',
        security,
        params: ZApplicationIdParamsSchema,
        querystring: ZHiringSummaryQuerySchema,
        response: {
          200: {
            description: 'Il riepilogo',
            content: {
              'application/json': { schema: ZHiringSummarySchema },
              ...bodyOf('application/pdf', '').content,
            },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const summary = await hiringSummary(app.db, ownerOf(request), request.params.id);
      if (request.query.format !== 'pdf') return reply.header('content-type', 'application/json; charset=utf-8').send(summary);
      const pdf = await hiringSummaryPdf(summary, app.now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${HIRING_SUMMARY_TEXT.fileName(request.params.id)}"`)
        .header('cache-control', 'no-store')
        .send(pdfBody(pdf));
    },
  );

  app.get(
    '/applications/:id/reclassification/',
    {
      onRequest: requireOwner('read'),
      schema: {
        operationId: 'getReclassificationRisk',
        tags: ['contracts'],
        summary:
          'Il rischio che il rapporto in libera professione con questa farmacista sia riqualificato come lavoro dipendente: gli indicatori degli ultimi 12 mesi, contando questa candidatura come accettata',
        security,
        params: ZApplicationIdParamsSchema,
        response: { 200: ZReclassificationSchema, ...errors },
      },
    },
    async (request) => reclassificationOfApplication(app.db, ownerOf(request), request.params.id, app.now()),
  );
};
