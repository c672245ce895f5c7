/**
 * The pharmacy registry: the public lookup an owner names their pharmacy with, and for admins the search, the map
 * points and the import of the Ministry's file from the web.
 */
import { PassThrough } from 'node:stream';
import {
  LIMITS,
  MESSAGES,
  REGISTRY_MESSAGES,
  type TImportEvent,
  ZErrorSchema,
  ZImportReportSchema,
  ZPharmacyListSchema,
  ZPharmacyLookupQuerySchema,
  ZPharmacyLookupSchema,
  ZPharmacyPointsSchema,
  ZSearchQuerySchema,
} from '@farmaponte/shared';
import '@fastify/compress';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bodyOf } from '../../lib/api-docs';
import { requireRole, sessionUser } from '../../lib/auth-guard';
import { badRequest } from '../../lib/errors';
import { takeQuota } from '../../lib/limiter';
import { checkRegistryLayout, decodeRegistryFile, RegistryFormatError } from './registry-file';
import { importRegistry, listPharmacyPoints, lookupPharmacies, searchPharmacies } from './service';

export const pharmacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const errors = { 400: ZErrorSchema, 401: ZErrorSchema, 403: ZErrorSchema };
  const security = [{ bearer: [] }];

  // Raw bytes: the import reads the file's encoding itself (UTF-8 or Windows-1252), so the body is not decoded here.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: LIMITS.registryImportMaxBytes },
    (_req, body, done) => done(null, body),
  );

  // Public: a registering owner has no session yet. Limited per address, so the registry is not copied by the thousand.
  app.get(
    '/pharmacies/lookup/',
    {
      schema: {
        operationId: 'lookupPharmacies',
        security: [],
        tags: ['pharmacies'],
        summary: `Cerca la propria farmacia nel registro del Ministero per nome, comune, indirizzo o codice (massimo ${LIMITS.pharmacyLookupMaxResults})`,
        querystring: ZPharmacyLookupQuerySchema,
        response: { 200: ZPharmacyLookupSchema, 400: ZErrorSchema, 429: ZErrorSchema },
      },
    },
    async (request) => {
      await takeQuota(app.counters, `registry-lookup:${request.ip}`, {
        max: app.config.REGISTRY_LOOKUP_MAX_PER_IP,
        windowMs: app.config.RATE_LIMIT_WINDOW_SECONDS * 1000,
        message: MESSAGES.pharmacyLookupTooMany,
        code: 'rate_limited',
      });
      return lookupPharmacies(app.db, request.query.q);
    },
  );

  app.get(
    '/pharmacies/',
    {
      onRequest: requireRole('admin'),
      schema: {
        operationId: 'listPharmacies',
        tags: ['admin'],
        summary: `Farmacie del registro per nome, indirizzo, comune o provincia (massimo ${LIMITS.searchMaxResults})`,
        security,
        querystring: ZSearchQuerySchema,
        response: { 200: ZPharmacyListSchema, ...errors },
      },
    },
    async (request) => searchPharmacies(app.db, request.query.search),
  );

  app.get(
    '/pharmacies/points/',
    {
      onRequest: requireRole('admin'),
      schema: {
        operationId: 'listPharmacyPoints',
        tags: ['admin'],
        summary: 'Tutte le farmacie con coordinate, in forma compatta per la mappa: [codice, lat, lng, nome]',
        security,
        response: { 200: ZPharmacyPointsSchema, ...errors },
      },
    },
    async () => listPharmacyPoints(app.db),
  );

  app.post(
    '/pharmacies/import/',
    {
      onRequest: requireRole('admin'),
      bodyLimit: LIMITS.registryImportMaxBytes,
      // Progress lines must reach the browser as they are written, not when a compressor flushes.
      compress: false,
      schema: {
        operationId: 'importPharmacyRegistry',
        tags: ['admin'],
        summary:
          'Importa il file CSV del Ministero della Salute (corpo text/csv). Risponde con righe NDJSON: progress…, poi done con il resoconto',
        security,
        response: {
          200: bodyOf(
            'application/x-ndjson',
            'Una riga JSON per evento: progress {done, total}, poi done {report} o error {message}',
          ),
          400: ZErrorSchema,
          401: ZErrorSchema,
          403: ZErrorSchema,
          413: ZErrorSchema,
          415: ZErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      // The layout is checked before any answer is streamed, so a wrong file is a plain 400 and nothing is written.
      try {
        checkRegistryLayout(decodeRegistryFile(body.subarray(0, 64 * 1024)).text);
      } catch (error) {
        if (error instanceof RegistryFormatError) throw badRequest(error.message, 'invalid_registry_file');
        throw error;
      }
      const stream = new PassThrough();
      const emit = (event: TImportEvent) => stream.write(`${JSON.stringify(event)}\n`);
      // A client gone (or cut by a shutdown past its deadline) stops the import before its next batch.
      const gone = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      // On the embedded database each batch commits by itself, so other requests are served during the import.
      const atomic = app.database.kind !== 'pglite';
      let saved = 0;
      reply.type('application/x-ndjson').header('cache-control', 'no-store');
      void importRegistry(app.db, body, {
        atomic,
        signal: gone.signal,
        audit: { actor: sessionUser(request), now: app.now() },
        onProgress: (done, total) => {
          saved = done;
          emit({ type: 'progress', done, total });
        },
      })
        .then((report) => emit({ type: 'done', report: ZImportReportSchema.parse(report) }))
        .catch((error: unknown) => {
          if (gone.signal.aborted) request.log.warn({ saved, atomic }, 'registry import stopped: the client went away');
          else request.log.error({ err: error }, 'registry import failed');
          emit({
            type: 'error',
            message: atomic || saved === 0 ? REGISTRY_MESSAGES.failed : REGISTRY_MESSAGES.interrupted(saved),
          });
        })
        .finally(() => stream.end());
      return reply.send(stream as never);
    },
  );
};
