/**
 * Invoices (decision 095): a freelance pharmacist's invoices from confirmed hours, issued, previewed, listed, marked
 * sent and undone by a credit note on her side; received and marked paid by the pharmacy's people; read and
 * downloaded (XML, PDF) by both. Her routes are hers alone (an owner-side person is 403); the shared reads take the
 * reader from the session, an owner-side person's access from the invoice's pharmacies, not from `X-Farmacia`.
 */
import { INVOICE_MESSAGES as M, todayInItaly, ZErrorSchema } from '@farmaponte/shared';
import {
  ZCreditNoteInputSchema,
  ZInvoiceableSchema,
  ZInvoiceIssueInputSchema,
  ZInvoiceListQuerySchema,
  ZInvoiceListSchema,
  ZInvoicePaidInputSchema,
  ZInvoiceParamsSchema,
  ZInvoicePreviewSchema,
  ZInvoiceSavedSchema,
  ZInvoiceSchema,
} from '@farmaponte/shared/invoices';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { requireOwner, requireRole, sessionUser } from '../../lib/auth-guard';
import { unauthorized } from '../../lib/errors';
import { creditInvoice } from './credit';
import { invoiceable } from './engagements';
import { issueInvoice, previewInvoice } from './issue';
import { myInvoices, receivedInvoices } from './lists';
import { markPaid, markSent } from './marks';
import { invoiceFiles, readableInvoice, type TInvoiceReader, toInvoice } from './read';

/** The reader of a shared route: the pharmacist herself, or the owner-side person logged in. */
function readerOf(request: FastifyRequest): TInvoiceReader {
  const user = sessionUser(request);
  return user.role === 'farmacista' ? { farmacistaId: user.id } : { actorId: user.id };
}

function ownerScope(request: FastifyRequest) {
  if (!request.owner) throw unauthorized();
  return request.owner;
}

export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: ZErrorSchema,
    401: ZErrorSchema,
    403: ZErrorSchema,
    404: ZErrorSchema,
    409: ZErrorSchema,
    422: ZErrorSchema,
  };
  const security = [{ bearer: [] }];
  const hers = requireRole('farmacista');
  const both = requireRole('farmacista', 'titolare');

  app.get(
    '/invoices/invoiceable/',
    {
      onRequest: hers,
      schema: {
        operationId: 'listInvoiceableEngagements',
        tags: ['invoices'],
        summary:
          'I turni in libera professione pronti da fatturare (ore e spese confermate), per organizzazione e mese, e quelli ancora in attesa',
        security,
        response: { 200: ZInvoiceableSchema, ...errors },
      },
    },
    async (request) => invoiceable(app.db, sessionUser(request).id, app.now(), todayInItaly(app.now())),
  );

  app.post(
    '/invoices/preview/',
    {
      onRequest: hers,
      schema: {
        operationId: 'previewInvoice',
        tags: ['invoices'],
        summary:
          'Anteprima della fattura di questi turni (righe, IVA o natura, bollo, ritenuta, totali, scadenza): nulla è salvato',
        security,
        body: ZInvoiceIssueInputSchema,
        response: { 200: ZInvoicePreviewSchema, ...errors },
      },
    },
    async (request) => previewInvoice(app.db, sessionUser(request).id, request.body, app.now()),
  );

  app.post(
    '/invoices/',
    {
      onRequest: hers,
      schema: {
        operationId: 'issueInvoice',
        tags: ['invoices'],
        summary:
          'Emette la fattura elettronica (FatturaPA) dei turni indicati, o di quelli fatturabili di un mese con una organizzazione: numero progressivo, XML e PDF',
        security,
        body: ZInvoiceIssueInputSchema,
        response: { 201: ZInvoiceSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const invoice = await issueInvoice(app.db, app.events, user, request.body, app.now());
      return reply.code(201).send({ message: M.issued(invoice.number), invoice });
    },
  );

  app.get(
    '/invoices/mine/',
    {
      onRequest: hers,
      schema: {
        operationId: 'listMyInvoices',
        tags: ['invoices'],
        summary: 'Le mie fatture e note di credito di un anno (quello in corso senza anno), con i totali per stato e per cliente',
        security,
        querystring: ZInvoiceListQuerySchema,
        response: { 200: ZInvoiceListSchema, ...errors },
      },
    },
    async (request) => myInvoices(app.db, sessionUser(request).id, request.query, app.now()),
  );

  app.get(
    '/invoices/received/',
    {
      onRequest: requireOwner('read', { group: true }),
      schema: {
        operationId: 'listReceivedInvoices',
        tags: ['invoices'],
        summary:
          "Le fatture ricevute dall'organizzazione per le farmacie che si possono vedere, di un anno, con scadenze e totali per stato",
        security,
        querystring: ZInvoiceListQuerySchema,
        response: { 200: ZInvoiceListSchema, ...errors },
      },
    },
    async (request) => {
      const { actorId, organisationId } = ownerScope(request);
      return receivedInvoices(app.db, { actorId, organisationId }, request.query, app.now());
    },
  );

  app.get(
    '/invoices/:invoiceId/',
    {
      onRequest: both,
      schema: {
        operationId: 'getInvoice',
        tags: ['invoices'],
        summary: 'Una fattura o nota di credito come è stata emessa, con il suo stato (per chi la emette e per la farmacia)',
        security,
        params: ZInvoiceParamsSchema,
        response: { 200: ZInvoiceSchema, ...errors },
      },
    },
    async (request) =>
      toInvoice(await readableInvoice(app.db, readerOf(request), request.params.invoiceId), todayInItaly(app.now())),
  );

  app.get(
    '/invoices/:invoiceId/xml',
    {
      onRequest: both,
      schema: {
        operationId: 'getInvoiceXml',
        tags: ['invoices'],
        summary: 'Il file XML FatturaPA della fattura, con il nome del file per lo SdI, da inviare dal proprio canale',
        security,
        params: ZInvoiceParamsSchema,
        response: { 200: bodyOf('application/xml', 'Il file FatturaPA'), ...errors },
      },
    },
    async (request, reply) => {
      const files = await invoiceFiles(app.db, readerOf(request), request.params.invoiceId);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${files.fileName}"`)
        .header('cache-control', 'no-store')
        .send(files.xml);
    },
  );

  app.get(
    '/invoices/:invoiceId/pdf',
    {
      onRequest: both,
      schema: {
        operationId: 'getInvoicePdf',
        tags: ['invoices'],
        summary: 'La copia PDF di cortesia della fattura (il documento valido è il file XML)',
        security,
        params: ZInvoiceParamsSchema,
        response: { 200: bodyOf('application/pdf', 'La copia PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const files = await invoiceFiles(app.db, readerOf(request), request.params.invoiceId);
      const pdf = files.pdf;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${files.fileName.replace(/\.xml$/, '.pdf')}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength) as never);
    },
  );

  app.post(
    '/invoices/:invoiceId/sent/',
    {
      onRequest: hers,
      schema: {
        operationId: 'markInvoiceSent',
        tags: ['invoices'],
        summary: 'Segna la fattura come inviata allo SdI (dal proprio canale: Farmaponte non la trasmette)',
        security,
        params: ZInvoiceParamsSchema,
        response: { 200: ZInvoiceSavedSchema, ...errors },
      },
    },
    async (request) => ({
      message: M.markedSent,
      invoice: await markSent(app.db, sessionUser(request), request.params.invoiceId, app.now()),
    }),
  );

  app.post(
    '/invoices/:invoiceId/paid/',
    {
      onRequest: requireOwner('write', { group: true }),
      schema: {
        operationId: 'markInvoicePaid',
        tags: ['invoices'],
        summary: 'Segna la fattura ricevuta come pagata, nel giorno indicato (oggi senza giorno; non prima della fattura)',
        security,
        params: ZInvoiceParamsSchema,
        body: ZInvoicePaidInputSchema,
        response: { 200: ZInvoiceSavedSchema, ...errors },
      },
    },
    async (request) => {
      const scope = ownerScope(request);
      const actor = { id: scope.actorId, name: scope.actorName, email: sessionUser(request).email };
      return {
        message: M.markedPaid,
        invoice: await markPaid(app.db, app.events, actor, request.params.invoiceId, request.body ?? {}, app.now()),
      };
    },
  );

  app.post(
    '/invoices/:invoiceId/credit-note/',
    {
      onRequest: hers,
      schema: {
        operationId: 'issueCreditNote',
        tags: ['invoices'],
        summary:
          'Emette la nota di credito (TD04) che storna la fattura: stesse righe e importi, numero successivo; i turni tornano fatturabili',
        security,
        params: ZInvoiceParamsSchema,
        body: ZCreditNoteInputSchema,
        response: { 201: ZInvoiceSavedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const note = await creditInvoice(app.db, sessionUser(request), request.params.invoiceId, request.body, app.now());
      return reply.code(201).send({ message: M.credited(note.number), invoice: note });
    },
  );
};
