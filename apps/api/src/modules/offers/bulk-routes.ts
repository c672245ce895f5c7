/**
 * Many shifts at once (decision 090): a template on days picked or by a weekly rule, a CSV of shifts, and a series'
 * edit and close (docs/rules.md#many-shifts-at-once).
 */
import { LIMITS, ZErrorSchema } from '@farmaponte/shared';
import {
  BULK_MESSAGES,
  ZBulkCsvQuerySchema,
  ZBulkErrorSchema,
  ZBulkOfferInputSchema,
  ZBulkPublishedSchema,
  ZSeriesChangedSchema,
  ZSeriesInputSchema,
  ZSeriesParamsSchema,
} from '@farmaponte/shared/bulk-offers';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownerOf, requireConfirmedEmail, requireOwner, sessionUser } from '../../lib/auth-guard';
import { HttpError, unauthorized } from '../../lib/errors';
import { publishDays, type TActingScope } from './bulk';
import { publishCsv } from './bulk-csv';
import { takeBulkQuota } from './quotas';
import { closeSeries, editSeries } from './series';

export const bulkOfferRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = {
    400: ZBulkErrorSchema,
    401: ZErrorSchema,
    403: ZErrorSchema,
    404: ZErrorSchema,
    409: ZErrorSchema,
    429: ZErrorSchema,
  };
  const security = [{ bearer: [] }];

  // The CSV is read as bytes: its encoding is checked (UTF-8 only) before it is read.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: LIMITS.bulkCsvMaxBytes },
    (_r, body, done) => done(null, body),
  );

  /** The pharmacy the request acts for and the person acting, with their address for the audit log (behind requireOwner). */
  const scopeOf = (request: FastifyRequest): TActingScope => {
    if (!request.owner) throw unauthorized();
    return { ...request.owner, email: sessionUser(request).email };
  };

  app.post(
    '/offers/bulk/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'publishManyShifts',
        tags: ['offers'],
        summary: `Pubblica più turni con un modello: i giorni scelti (dates) o una regola settimanale (every), uno per giorno, in una serie; al massimo ${LIMITS.bulkOfferDaysMax}. Con check_only risponde cosa pubblicherebbe`,
        security,
        body: ZBulkOfferInputSchema,
        response: { 200: ZBulkPublishedSchema, 201: ZBulkPublishedSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      await takeBulkQuota(app.counters, ownerOf(request));
      if (!request.body.check_only) await requireConfirmedEmail(app.db, sessionUser(request).id);
      const answer = await publishDays(app.db, app.events, scope, request.body, app.now());
      return reply.code(answer.check_only ? 200 : 201).send(answer);
    },
  );

  app.post(
    '/offers/bulk/csv/',
    {
      onRequest: requireOwner('write'),
      bodyLimit: LIMITS.bulkCsvMaxBytes,
      schema: {
        operationId: 'publishShiftsFromCsv',
        tags: ['offers'],
        summary: `Pubblica i turni di un file CSV (corpo text/csv, UTF-8, separatore ; o ,; colonne farmacia, data, inizio, fine, paga_oraria, posti, titolo, descrizione; al massimo ${LIMITS.bulkCsvRowsMax} righe). Ogni errore di ogni riga è elencato in rows e nulla è pubblicato finché il file ne ha; ?check_only=true controlla soltanto`,
        security,
        querystring: ZBulkCsvQuerySchema,
        response: { 200: ZBulkPublishedSchema, 201: ZBulkPublishedSchema, ...errors, 413: ZErrorSchema, 415: ZErrorSchema },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      if (!Buffer.isBuffer(request.body)) throw new HttpError(415, BULK_MESSAGES.csvNotUtf8, 'unsupported_media_type');
      const checkOnly = request.query.check_only === true;
      await takeBulkQuota(app.counters, ownerOf(request));
      if (!checkOnly) await requireConfirmedEmail(app.db, sessionUser(request).id);
      const answer = await publishCsv(app.db, app.events, scope, request.body, checkOnly, app.now());
      return reply.code(checkOnly ? 200 : 201).send(answer);
    },
  );

  app.put(
    '/offers/series/:id/update/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'updateShiftSeries',
        tags: ['offers'],
        summary:
          'Modifica insieme i turni di una serie non ancora chiusi né passati (titolo, descrizione, paga, orari, posti), con le regole della modifica di un turno',
        security,
        params: ZSeriesParamsSchema,
        body: ZSeriesInputSchema,
        response: { 200: ZSeriesChangedSchema, ...errors },
      },
    },
    async (request) => {
      const changed = await editSeries(app.db, app.events, ownerOf(request), request.params.id, request.body, app.now());
      return { ...changed, message: BULK_MESSAGES.seriesUpdated(changed.changed) };
    },
  );

  app.post(
    '/offers/series/:id/close/',
    {
      onRequest: requireOwner('write'),
      schema: {
        operationId: 'closeShiftSeries',
        tags: ['offers'],
        summary:
          'Chiude i turni di una serie non ancora chiusi né passati: non ricevono altre candidature e quelle in attesa ricevono una risposta',
        security,
        params: ZSeriesParamsSchema,
        response: { 200: ZSeriesChangedSchema, ...errors },
      },
    },
    async (request) => {
      const changed = await closeSeries(app.db, app.events, ownerOf(request), request.params.id, app.now());
      return { ...changed, message: BULK_MESSAGES.seriesClosed(changed.changed) };
    },
  );
};
