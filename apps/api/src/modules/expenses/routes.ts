/**
 * Expenses on a freelance shift (decision 095): her claim with its receipt, her removal, the pharmacy's answer, and the
 * receipt for both sides. The receipt is the request's body itself (no base64, no multipart), its fields the query's,
 * as the insurance policy's PDF is uploaded (docs/api.md).
 */
import {
  HOURS_CLOSING,
  INVOICE_MESSAGES as M,
  ZErrorSchema,
  ZExpenseClaimQuerySchema,
  ZExpenseParamsSchema,
  ZExpenseReviewInputSchema,
  ZExpenseSavedSchema,
  ZFileBodySchema,
  ZMessageSchema,
  ZShiftParamsSchema,
} from '@farmaponte/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { actorOf, ownerOf, partyOf, requireOwner, requireParty, requireRole, sessionUser } from '../../lib/auth-guard';
import { attachmentDisposition } from '../../lib/download';
import { HttpError, unauthorized } from '../../lib/errors';
import { checkedReceipt } from './receipt';
import { claimExpense, readReceipt, removeExpense, reviewExpense } from './service';

/** A little above the largest receipt: a larger body is refused (413) before it is read whole. */
const RECEIPT_BODY_LIMIT = HOURS_CLOSING.receiptMaxBytes + 1;

const receiptBody = {
  description: 'La ricevuta: un PDF, una foto JPEG o un PNG',
  content: Object.fromEntries(HOURS_CLOSING.receiptTypes.map((type) => [type, { schema: ZFileBodySchema }])),
};

export const expenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearer: [] }];
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema, 404: ZErrorSchema };

  // The receipt is the body: its own parser and error answers, in a context of its own.
  const claimRoutes: FastifyPluginAsyncZod = async (upload) => {
    upload.addContentTypeParser(
      [...HOURS_CLOSING.receiptTypes],
      { parseAs: 'buffer', bodyLimit: RECEIPT_BODY_LIMIT },
      (_r, body, done) => done(null, body),
    );
    upload.setErrorHandler((error: { statusCode?: number }, _request, reply) => {
      if (error instanceof HttpError) throw error;
      // Too large for the parser, or not a receipt's content type: this route's own answers, in Italian.
      if (error.statusCode === 413) return reply.code(413).send({ message: M.receiptTooLarge, code: 'receipt_too_large' });
      if (error.statusCode === 415) return reply.code(415).send({ message: M.receiptType, code: 'receipt_type' });
      throw error;
    });

    upload.post(
      '/shifts/:applicationId/expenses/',
      {
        onRequest: requireRole('farmacista'),
        bodyLimit: RECEIPT_BODY_LIMIT,
        schema: {
          operationId: 'claimShiftExpense',
          tags: ['shifts'],
          summary:
            'Indica una spesa (parcheggio o altro, al massimo 150 €) su un proprio turno in libera professione: i campi nella query, la ricevuta come corpo (PDF, JPEG o PNG, al massimo 5 MB; ?name= il nome del file)',
          security,
          params: ZShiftParamsSchema,
          querystring: ZExpenseClaimQuerySchema,
          response: { 201: ZExpenseSavedSchema, ...errors, 409: ZErrorSchema, 413: ZErrorSchema, 415: ZErrorSchema },
        },
      },
      async (request, reply) => {
        const { name, ...input } = request.query;
        const receipt = checkedReceipt(request.body, name);
        const expense = await claimExpense(
          app.db,
          sessionUser(request).id,
          request.params.applicationId,
          input,
          receipt,
          app.now(),
        );
        return reply.code(201).send({ message: M.expenseClaimed, expense });
      },
    );
  };
  await app.register(claimRoutes);

  app.delete(
    '/expenses/:expenseId/',
    {
      onRequest: requireRole('farmacista'),
      schema: {
        operationId: 'removeShiftExpense',
        tags: ['shifts'],
        summary: 'Toglie una propria spesa finché la farmacia non ha risposto (409 expense_answered dopo)',
        security,
        params: ZExpenseParamsSchema,
        response: { 200: ZMessageSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      await removeExpense(app.db, sessionUser(request).id, request.params.expenseId, app.now());
      return { message: M.expenseRemoved };
    },
  );

  app.post(
    '/expenses/:expenseId/review/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'reviewShiftExpense',
        tags: ['shifts'],
        summary:
          'Conferma o contesta (con una nota) una spesa indicata dal farmacista su un turno di una propria offerta (409 se ha già una risposta, è confermata in automatico o fatturata)',
        security,
        params: ZExpenseParamsSchema,
        body: ZExpenseReviewInputSchema,
        response: { 200: ZExpenseSavedSchema, ...errors, 409: ZErrorSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (!actor) throw unauthorized();
      const expense = await reviewExpense(app.db, ownerOf(request), request.params.expenseId, request.body, app.now(), actor);
      return { message: expense.status === 'confermata' ? M.expenseConfirmed : M.expenseDisputed, expense };
    },
  );

  app.get(
    '/expenses/:expenseId/receipt',
    {
      onRequest: requireParty('read'),
      schema: {
        operationId: 'downloadExpenseReceipt',
        tags: ['shifts'],
        summary: "Scarica la ricevuta di una spesa: il farmacista che l'ha indicata o chi legge per la farmacia del turno",
        security,
        params: ZExpenseParamsSchema,
        response: { 200: receiptBody, ...errors },
      },
    },
    async (request, reply) => {
      const party = partyOf(request);
      const who = party.role === 'farmacista' ? { farmacistaId: party.id } : { ownerId: party.id };
      const receipt = await readReceipt(app.db, request.params.expenseId, who);
      return reply
        .header('content-type', receipt.type)
        .header('content-disposition', attachmentDisposition(receipt.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(receipt.bytes as never); // binary body: no JSON serializer
    },
  );
};
