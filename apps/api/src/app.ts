/** buildApp(config, deps) → the whole HTTP application; used by server.ts, the tests and the benchmarks alike. */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { constants } from 'node:zlib';
import { LIMITS, MAX_ID, MESSAGES, OUTAGE_MESSAGES } from '@farmaponte/shared';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import pinoPretty from 'pino-pretty';
import type { TConfig } from './config';
import { answerSerializerCompiler } from './lib/answer-writer';
import { apiDocsOptions, checkRouteDocs } from './lib/api-docs';
import { logClientDisconnectsAtInfo } from './lib/client-disconnects';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES, compressAnswer, GZIP_LEVEL, negotiateOnRequest } from './lib/compression';
import { fieldWithControlCharacters, invalidCharacters } from './lib/control-characters';
import { isDatabaseUnavailable } from './lib/database-errors';
import { HttpError, tooManyRequests, validationError } from './lib/errors';
import { inlineScriptSources } from './lib/inline-scripts';
import { PERMISSIONS_POLICY } from './lib/permissions-policy';
import { createRedisHealth, fallbackRateLimitStore } from './lib/redis-fallback';
import { OSM_TILE_URL, tileImageSources, withTileSource } from './lib/tiles';
import { isWriteConflict } from './lib/transactions';
import { accountRoutes } from './modules/account/routes';
import { adminRoutes } from './modules/admin/routes';
import { alboRoutes } from './modules/albo/routes';
import { auditRoutes } from './modules/audit/routes';
import { authRoutes } from './modules/auth/routes';
import { availabilityRoutes } from './modules/availability/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { contractRoutes } from './modules/contracts/routes';
import { countRoutes } from './modules/counts/routes';
import { cvRoutes } from './modules/cv/routes';
import { dataExportRoutes } from './modules/data-export';
import { emailVerificationRoutes } from './modules/email-verification/routes';
import { eventRoutes } from './modules/events/routes';
import { expenseRoutes } from './modules/expenses/routes';
import { externalCalendarRoutes } from './modules/external-calendar/routes';
import { favouriteRoutes } from './modules/favourites/routes';
import { geoRoutes } from './modules/geo/routes';
import { groupReportRoutes } from './modules/group-report/routes';
import { healthRoutes } from './modules/health/routes';
import { cvDownloadRoutes } from './modules/hiring/cv-routes';
import { applicationRoutes } from './modules/hiring/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { messageRoutes } from './modules/messages/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { negotiationRoutes } from './modules/negotiation/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { closedOfferPage, getOfferPosting, openOfferPage } from './modules/offers';
import { bulkOfferRoutes } from './modules/offers/bulk-routes';
import { offerRoutes } from './modules/offers/routes';
import { organisationRoutes } from './modules/organisations/routes';
import { pharmacyRoutes } from './modules/pharmacies/routes';
import { professionalFileRoutes } from './modules/professional-file/routes';
import { pushRoutes } from './modules/push/routes';
import { retentionRoutes } from './modules/retention/routes';
import { reviewRoutes } from './modules/reviews/routes';
import { savedSearchRoutes } from './modules/saved-searches';
import { shiftRoutes } from './modules/shifts/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { urgentShiftRoutes } from './modules/urgent-shifts/routes';
import { verificationRoutes } from './modules/verifications/routes';
import { wellKnownRoutes } from './modules/well-known/routes';
import './types';
import { decorateServices, type TApp, type TAppDeps } from './app-services';

export type { TApp, TAppDeps } from './app-services';

/**
 * Fastify's trustProxy from TRUST_PROXY (config.ts). Fastify 5 treats a bare number as "trust nobody", so a hop count
 * becomes the function it used to be: the n proxies nearest the server are trusted, and the client's address is
 * the n-th entry of X-Forwarded-For from the right, whatever the client wrote to its left.
 */
function trustProxyOption(trustProxy: TConfig['TRUST_PROXY']) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/**
 * Where the log goes: the tests' stream when given; in development on a terminal, readable lines (time, level, message,
 * the details indented); otherwise (production, a process manager, a pipe) one JSON object a line, as log collectors want.
 */
function logStreamOf(config: TConfig, deps: TAppDeps) {
  if (deps.logStream) return deps.logStream;
  if (config.NODE_ENV !== 'development' || !process.stdout.isTTY) return undefined;
  return pinoPretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', sync: true });
}

/**
 * The whole application, in the order Fastify needs: the server and its options, the services every route uses
 * (decorations), the error answers, what every request passes through, the API's documentation, the features' routes
 * under /api, and the built web app.
 */
export async function buildApp(config: TConfig, deps: TAppDeps): Promise<FastifyInstance> {
  const app = createFastify(config, deps);
  const now = deps.now ?? (() => new Date());
  // One answer writer in every environment; the API tests also compare it with zod's (docs/decisions/043).
  const checkAnswers = deps.checkAnswers ?? false;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ checkAnswers }));
  const redisHealth = deps.redis ? createRedisHealth(deps.redis, app.log) : undefined;

  decorateServices(app, config, deps, { now, checkAnswers, redisHealth });
  registerErrorHandling(app);
  await registerRequestPipeline(app, config, deps, redisHealth);
  await registerApiDocs(app);
  await registerModules(app);
  await registerWeb(app, config);
  return app;
}

/** Fastify with our server options: limits, timeouts, the log, the proxies trusted, the Italian framework errors. */
function createFastify(config: TConfig, deps: TAppDeps) {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : { level: config.LOG_LEVEL, stream: logStreamOf(config, deps), hooks: { logMethod: logClientDisconnectsAtInfo } },
    bodyLimit: LIMITS.bodyLimitBytes,
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Room for a slow client on a pharmacy's connection, but a dead one does not hold a socket forever.
    requestTimeout: 30_000,
    connectionTimeout: 60_000,
    // A path the router cannot read (a malformed %-escape, a parameter past its length) gets our Italian answer,
    // not Fastify's English one that echoes the URL back. A parameter that long names nothing: not found.
    frameworkErrors: (error, _request, reply: FastifyReply) =>
      error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? reply.code(404).send({ message: MESSAGES.notFound, code: 'not_found' })
        : reply.code(400).send({ message: MESSAGES.invalidInput, code: 'bad_request' }),
  }).withTypeProvider<ZodTypeProvider>();
  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // Headers dribbled a byte at a time (slowloris) are cut after 10 s; idle keep-alive sockets after 5 s.
  app.server.headersTimeout = 10_000;
  app.server.keepAliveTimeout = 5_000;
  return app;
}

/** Every error answered as `{message, code, fields?}` in Italian (docs/rules.md#errors); never a 500 for bad input. */
function registerErrorHandling(app: TApp) {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const error = hasZodFastifySchemaValidationErrors(thrown) ? validationError(thrown.validation) : thrown;
    if (error instanceof HttpError) {
      const { message, code, fields, detail, retryAfterSeconds, rows } = error;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(error.statusCode).send({ message, code, fields, detail, rows });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', '5')
        .send({ message: OUTAGE_MESSAGES.databaseUnavailable, code: 'database_unavailable' });
    }
    // A deadlock or serialization failure still there after writeTransaction's last try: nothing was written.
    if (isWriteConflict(error)) {
      request.log.warn({ err: error }, 'write conflict after retries');
      return reply.code(503).header('retry-after', '1').send({ message: OUTAGE_MESSAGES.writeConflict, code: 'write_conflict' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return reply.code(413).send({ message: MESSAGES.bodyTooLarge, code: 'body_too_large' });
    if (status === 429) return reply.code(429).send({ message: MESSAGES.tooManyRequests, code: 'rate_limited' });
    if (status >= 400 && status < 500) {
      const code =
        status === 404 ? 'not_found' : status === 403 ? 'forbidden' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      const message = status === 404 ? MESSAGES.notFound : status === 403 ? MESSAGES.forbidden : MESSAGES.invalidInput;
      return reply.code(status).send({ message, code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: MESSAGES.serverError, code: 'internal_error' });
  });
}

/** What every request passes through before its route: control characters refused, security headers, compression, rate limits. */
async function registerRequestPipeline(
  app: TApp,
  config: TConfig,
  deps: TAppDeps,
  redisHealth: ReturnType<typeof createRedisHealth> | undefined,
) {
  // No field of any request may carry control characters (a NUL byte would reach PostgreSQL, which refuses it):
  // refused here once for every route, with the field named, before any schema or handler sees them.
  // Global hooks are in Fastify's callback style: an async one costs a promise and a microtask turn on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const field = fieldWithControlCharacters(request.body) ?? fieldWithControlCharacters(request.query);
    if (field === undefined) return done();
    done(invalidCharacters(field));
  });

  // The web app's page starts its first requests from a script of its own (decision 051): allowed by its hash.
  const webIndex = join(config.WEB_DIST, 'index.html');
  const pageScripts = existsSync(webIndex) ? inlineScriptSources(readFileSync(webIndex, 'utf8')) : [];
  // helmet's middleware, built once. @fastify/helmet built it anew for every request, parsing the CSP each time: 6% of
  // the API's CPU under load (docs/decisions/029). Same headers, on every answer.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pageScripts],
        // Leaflet and toasts set inline styles; map tiles are the only thing the browser fetches from outside.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileImageSources(config.TILE_URL ?? OSM_TILE_URL)],
        connectSrc: ["'self'"],
        // The installed app (decision 096): its manifest and its service worker, from this site only.
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // OpenStreetMap's tile policy asks for a Referer; paths and queries never leave the site.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // The built app's hashed scripts and styles (/assets/) are not documents: a policy, framing or referrer header does
  // nothing on them, and on a phone's HTTP/1.1 line their ~700 bytes times the page's files was a tenth of its first
  // view (docs/performance.md). They keep what applies to any response.
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/assets/')) {
      // Browser features the app does not use, off (docs/decisions/056); helmet does not write this header.
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      return securityHeaders(request.raw, reply.raw, () => done());
    }
    reply.header('x-content-type-options', 'nosniff');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done();
  });
  // While the instance drains before its shutdown (SHUTDOWN_DRAIN_SECONDS), each answer closes its connection: a client
  // or balancer that keeps connections alive opens its next one where readiness still says ready.
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.readiness.draining) reply.header('connection', 'close');
    done();
  });

  // Compression, one way (lib/compression.ts): one negotiation, first; one compressor for every dynamic answer, at the
  // fastest levels; the open-offer list and the web build's files compressed ahead; the plugin only for files on disk
  // without a precompressed twin.
  app.addHook('onRequest', negotiateOnRequest);
  app.addHook('onSend', compressAnswer);
  await app.register(compress, {
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });

  await app.register(rateLimit, {
    global: false,
    store: deps.redis && redisHealth ? fallbackRateLimitStore(deps.redis, redisHealth) : undefined,
    // The plugin's own Retry-After header goes out with this error; ttl is what is left of the address's window.
    errorResponseBuilder: (_request, context) => tooManyRequests(context.ttl),
  });
}

/** The OpenAPI description of every route, from its zod schemas, and its page at /api/docs (lib/api-docs.ts). */
async function registerApiDocs(app: TApp) {
  const operationIds = new Set<string>();
  app.addHook('onRoute', (route) => checkRouteDocs(route, operationIds));
  await app.register(
    swagger,
    apiDocsOptions(() => app.publicUrl()),
  );
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
}

/** Each feature's routes, under /api, and the files of /.well-known/. */
async function registerModules(app: TApp) {
  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(accountRoutes);
      await api.register(alboRoutes);
      await api.register(cvRoutes);
      await api.register(cvDownloadRoutes);
      await api.register(geoRoutes);
      await api.register(offerRoutes);
      await api.register(urgentShiftRoutes);
      await api.register(organisationRoutes);
      await api.register(bulkOfferRoutes);
      await api.register(applicationRoutes);
      await api.register(pharmacyRoutes);
      await api.register(adminRoutes);
      await api.register(notificationRoutes);
      await api.register(countRoutes);
      await api.register(savedSearchRoutes);
      await api.register(emailVerificationRoutes);
      await api.register(verificationRoutes);
      await api.register(twoFactorRoutes);
      await api.register(moderationRoutes);
      await api.register(auditRoutes);
      await api.register(retentionRoutes);
      await api.register(dataExportRoutes);
      await api.register(availabilityRoutes);
      await api.register(externalCalendarRoutes);
      await api.register(messageRoutes);
      await api.register(eventRoutes);
      await api.register(invitationRoutes);
      await api.register(negotiationRoutes);
      await api.register(favouriteRoutes);
      await api.register(shiftRoutes);
      await api.register(expenseRoutes);
      await api.register(calendarRoutes);
      await api.register(reviewRoutes);
      await api.register(groupReportRoutes);
      await api.register(professionalFileRoutes);
      await api.register(contractRoutes);
      await api.register(invoiceRoutes);
      await api.register(pushRoutes);
    },
    { prefix: '/api' },
  );
  // Outside /api: /.well-known/security.txt.
  await app.register(wellKnownRoutes);
}

/** The web build's files whose names do not change with their content (decision 096). */
const UNHASHED_APP_FILES = /^(sw\.js|manifest\.webmanifest|icons\/[\w.-]+)$/;

/** The built web app (when WEB_DIST has one): its files, the page of every client route, the offers' public pages. */
async function registerWeb(app: TApp, config: TConfig) {
  // The built web app, with the SPA fallback for client routes; /api/* stays JSON.
  const webDist = config.WEB_DIST;
  const hasWeb = existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      maxAge: '1y',
      immutable: true,
      serveDotFiles: false,
      // The build writes .br and .gz beside each script and style sheet (scripts/precompress.mjs): sent as they are,
      // where the client accepts them; any other file is compressed on the way by @fastify/compress.
      preCompressed: true,
      // The service worker, the manifest and its icons keep their names from build to build: asked again each time
      // (a browser looks for a new worker with each check, decision 096), unlike the hashed /assets/.
      setHeaders: (reply, path) => {
        if (UNHASHED_APP_FILES.test(relative(webDist, path))) reply.header('cache-control', 'no-cache');
      },
    });
  }
  // The page every client route answers, with the map's tile source in its head (read once: the build does not change).
  const indexHtml = hasWeb
    ? withTileSource(readFileSync(join(webDist, 'index.html'), 'utf8'), config.TILE_URL, config.TILE_ATTRIBUTION)
    : '';
  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  // The static plugin would answer "/" as a directory (403): the home page is the app itself.
  if (hasWeb) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));
  // An offer's public page: the app, with the offer's link preview (Open Graph, JSON-LD) in its HTML.
  if (hasWeb) {
    app.get('/offerte/:id', { schema: { hide: true } }, async (request, reply) => {
      const id = Number((request.params as { id: string }).id);
      const url = `${app.publicUrl()}/offerte/${encodeURIComponent((request.params as { id: string }).id)}`;
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      if (!Number.isSafeInteger(id) || id < 1 || id > MAX_ID) return reply.code(404).send(closedOfferPage(indexHtml, url));
      try {
        const offer = await getOfferPosting(app.db, id, app.now());
        return reply.send(openOfferPage(indexHtml, { ...offer, url }));
      } catch (error) {
        if (error instanceof HttpError && (error.statusCode === 404 || error.statusCode === 410))
          return reply.code(error.statusCode).send(closedOfferPage(indexHtml, url));
        throw error;
      }
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && request.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) return sendIndex(reply);
    return reply.code(404).send({ message: MESSAGES.notFound, code: 'not_found' });
  });
}
