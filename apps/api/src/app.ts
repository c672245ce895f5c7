/** buildApp(config, deps) → the whole HTTP application; used by server.ts, the tests and the benchmarks alike. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants } from 'node:zlib';
import { LIMITS, MAX_ID, MESSAGES, OUTAGE_MESSAGES, ZOfferListSchema } from '@farmaponte/shared';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type RouteOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Redis } from 'ioredis';
import pinoPretty from 'pino-pretty';
import type { TConfig } from './config';
import type { TDatabase } from './db/client';
import { answerSerializerCompiler, answerWriter } from './lib/answer-writer';
import { apiDocsOptions, checkRouteDocs } from './lib/api-docs';
import { logClientDisconnectsAtInfo } from './lib/client-disconnects';
import { BROTLI_QUALITY, COMPRESS_THRESHOLD_BYTES, compressAnswer, GZIP_LEVEL, negotiateOnRequest } from './lib/compression';
import { fieldWithControlCharacters, invalidCharacters } from './lib/control-characters';
import { isDatabaseUnavailable } from './lib/database-errors';
import { HttpError, tooManyRequests, validationError } from './lib/errors';
import { createEventBus, faultDrillHook } from './lib/event-bus';
import { inlineScriptSources } from './lib/inline-scripts';
import { createJwt } from './lib/jwt';
import { createMemoryCounterStore, type TCounterStore } from './lib/limiter';
import { createMetrics } from './lib/metrics';
import { PERMISSIONS_POLICY } from './lib/permissions-policy';
import { publicUrlOf } from './lib/public-url';
import { createFallbackCounterStore, createRedisHealth, fallbackRateLimitStore } from './lib/redis-fallback';
import { createSecretBox } from './lib/secret-box';
import { createSessionUserCache, subscribeSessionUserCache } from './lib/session-user-cache';
import { OSM_TILE_URL, tileImageSources, withTileSource } from './lib/tiles';
import { isWriteConflict } from './lib/transactions';
import { subscribeAccount } from './modules/account';
import { accountRoutes } from './modules/account/routes';
import { adminRoutes } from './modules/admin/routes';
import { alboRecheckJob } from './modules/albo';
import { alboRoutes } from './modules/albo/routes';
import { auditPruneJob } from './modules/audit';
import { auditRoutes } from './modules/audit/routes';
import { findSession } from './modules/auth';
import { authRoutes } from './modules/auth/routes';
import { availabilityPruneJob } from './modules/availability';
import { availabilityRoutes } from './modules/availability/routes';
import { calendarRoutes } from './modules/calendar/routes';
import { createCvLinks } from './modules/cv';
import { cvRoutes } from './modules/cv/routes';
import { dataExportRoutes } from './modules/data-export';
import { emailVerificationRoutes } from './modules/email-verification/routes';
import { createLiveStreams } from './modules/events';
import { eventRoutes } from './modules/events/routes';
import { favouriteRoutes } from './modules/favourites/routes';
import { geoRoutes } from './modules/geo/routes';
import { healthRoutes } from './modules/health/routes';
import { subscribeHiring } from './modules/hiring';
import { cvDownloadRoutes } from './modules/hiring/cv-routes';
import { applicationRoutes } from './modules/hiring/routes';
import { autoInvitationsJob } from './modules/invitations';
import { invitationRoutes } from './modules/invitations/routes';
import { createJobRunner } from './modules/jobs';
import { createMailer, onMailQueued, outboxBacklog, outboxJob, type TMailer } from './modules/mail';
import { messageRoutes } from './modules/messages/routes';
import { moderationRoutes } from './modules/moderation/routes';
import { createNotifier, createUnsubscribeTokens, subscribeNotifications } from './modules/notifications';
import { notificationRoutes } from './modules/notifications/routes';
import {
  closedOfferPage,
  createOpenOffersCache,
  getOfferPosting,
  listOpenOffers,
  openOfferPage,
  subscribeOpenOffersCache,
} from './modules/offers';
import { offerRoutes } from './modules/offers/routes';
import { pharmacyRoutes } from './modules/pharmacies/routes';
import { retentionJob } from './modules/retention';
import { retentionRoutes } from './modules/retention/routes';
import { reviewInvitationsJob, reviewsPublishJob, shiftRemindersJob } from './modules/reviews';
import { reviewRoutes } from './modules/reviews/routes';
import { offerAlertsJob, savedSearchRoutes } from './modules/saved-searches';
import { shiftRoutes } from './modules/shifts/routes';
import { secondStepIsOn } from './modules/two-factor';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { createDocumentLinks } from './modules/verifications';
import { verificationRoutes } from './modules/verifications/routes';
import { wellKnownRoutes } from './modules/well-known/routes';
import './types';

export interface TAppDeps {
  database: TDatabase;
  jwtSecret: string;
  mailer?: TMailer;
  counters?: TCounterStore;
  redis?: Redis;
  now?: () => Date;
  logger?: boolean;
  /** Where the log lines go (tests read them); standard output by default. */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered (the fuzz test enumerates them this way, so a new route is covered). */
  onRoute?: (route: RouteOptions) => void;
  /** Each answer also written by zod and compared (lib/answer-writer.ts): the API tests only, never a server. */
  checkAnswers?: boolean;
}

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

type TApp = ReturnType<typeof createFastify>;

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

type TServiceOptions = { now: () => Date; checkAnswers: boolean; redisHealth: ReturnType<typeof createRedisHealth> | undefined };

/** The services the routes reach through `app` (types.ts): database, tokens, mail, notifications, jobs, caches, metrics. */
function decorateServices(app: TApp, config: TConfig, deps: TAppDeps, { now, checkAnswers, redisHealth }: TServiceOptions) {
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('jwt', createJwt(deps.jwtSecret, now));
  app.decorate('now', now);
  const publicUrl = () => publicUrlOf(config, app.server.address());
  app.decorate('publicUrl', publicUrl);
  app.decorate('cvLinks', createCvLinks(deps.jwtSecret, publicUrl, now));
  app.decorate('documentLinks', createDocumentLinks(deps.jwtSecret, publicUrl, now));
  app.decorate('secretBox', createSecretBox(deps.jwtSecret));
  app.decorate('secondStepOn', (userId: number) => secondStepIsOn(deps.database.db, userId));
  app.decorate(
    'mailer',
    deps.mailer ??
      createMailer({
        smtpUrl: config.SMTP_URL,
        from: config.MAIL_FROM,
        dataDir: config.dataDir,
        log: app.log,
        maxConnections: config.SMTP_MAX_CONNECTIONS,
      }),
  );
  const unsubscribeTokens = createUnsubscribeTokens(deps.jwtSecret);
  app.decorate('unsubscribeTokens', unsubscribeTokens);
  // What a write records (decision 087): its in-transaction subscribers, and after the commit every instance's.
  const events = createEventBus({
    channel: deps.database.events,
    log: app.log,
    committedHook: faultDrillHook(config.FAULT_DRILL),
  });
  app.decorate('events', events);
  const notifier = createNotifier({ tokens: unsubscribeTokens, publicUrl, now, events });
  app.decorate('notifier', notifier);
  subscribeNotifications(events, notifier, now);
  subscribeHiring(events, now);
  subscribeAccount(events, now);
  const stopHearing = events.listen();
  app.addHook('onClose', async () => stopHearing());
  const metrics = createMetrics({
    pool: () => deps.database.poolStats(),
    outbox: () => outboxBacklog(deps.database.db, now()),
    streams: () => app.liveStreams.count(),
  });
  app.decorate('metrics', metrics);
  // The periodic jobs, each declared once by its feature (docs/decisions/038): server.ts starts them when
  // BACKGROUND_JOBS. Closing the app (graceful shutdown, tests) stops them first, before the requests drain
  // (docs/decisions/042): no new run, no new step of a run; then waits for what is in flight to finish or give back.
  const outbox = outboxJob({ db: deps.database.db, mailer: app.mailer, leaseSeconds: config.OUTBOX_LEASE_SECONDS });
  const alerts = offerAlertsJob({ db: deps.database.db, events, pageUrl: notifier.pageUrl });
  const alboRecheck = alboRecheckJob({ db: deps.database.db, events });
  const auditPrune = auditPruneJob({ db: deps.database.db, retentionDays: config.AUDIT_RETENTION_DAYS });
  const availabilityPrune = availabilityPruneJob({ db: deps.database.db });
  const autoInvitations = autoInvitationsJob({ db: deps.database.db, events });
  const reviewsPublish = reviewsPublishJob({ db: deps.database.db, events });
  const reviewInvitations = reviewInvitationsJob({ db: deps.database.db, events });
  const shiftReminders = shiftRemindersJob({ db: deps.database.db, events });
  const retention = retentionJob({
    db: deps.database.db,
    settings: config,
    publicUrl,
    events,
  });
  const jobs = createJobRunner({
    db: deps.database.db,
    now,
    log: app.log,
    jobs: [
      outbox,
      alerts,
      alboRecheck,
      auditPrune,
      retention,
      availabilityPrune,
      autoInvitations,
      reviewsPublish,
      reviewInvitations,
      shiftReminders,
    ],
    stopDeadlineMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    onRun: metrics.jobRun,
  });
  app.decorate('jobs', jobs);
  // A queued mail leaves at once when this process sends mail (its runner started), not at the outbox's next poll.
  const stopHurrying = onMailQueued(() => jobs.nudge(outbox));
  app.decorate('outbox', { runOnce: async () => (await jobs.run(outbox)) ?? { sent: 0, failed: 0 } });
  app.decorate('alerts', { runOnce: () => jobs.run(alerts) });
  app.addHook('preClose', (done) => {
    stopHurrying();
    void jobs.stop();
    done();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    if (!deps.mailer) app.mailer.close();
  });
  app.decorate(
    'counters',
    deps.counters ??
      (deps.redis && redisHealth ? createFallbackCounterStore(deps.redis, redisHealth) : createMemoryCounterStore()),
  );
  app.decorate('redisStatus', async () => redisHealth?.probe());
  // Every answer is counted under its route's pattern (an unknown path under one name, so the series stay few); a
  // live stream, which lasts minutes, only in the open streams' gauge.
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.routeOptions.config.liveStream)
      metrics.request(request.routeOptions.url ?? 'unmatched', request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  app.decorate(
    'openOffers',
    createOpenOffersCache(
      (at) => listOpenOffers(deps.database.db, at),
      answerWriter(ZOfferListSchema, { checkAnswers, name: 'open offers' }),
    ),
  );
  subscribeOpenOffersCache(app.events, app.openOffers);
  const sessionUsers = createSessionUserCache(now, (userId, familyId) => findSession(deps.database.db, userId, familyId));
  app.decorate('sessionUsers', sessionUsers);
  subscribeSessionUserCache(app.events, sessionUsers);
  // The live streams of this process (GET /api/events/, decision 072): they end before the requests drain at
  // shutdown, so a stream never holds the process up to the deadline.
  const liveStreams = createLiveStreams({ bus: app.events, sessionUsers, log: app.log, now });
  app.decorate('liveStreams', liveStreams);
  app.addHook('preClose', (done) => {
    void liveStreams.close();
    done();
  });
  app.addHook('onClose', () => liveStreams.close());
  app.decorateRequest('user', null);
}

/** Every error answered as `{message, code, fields?}` in Italian (docs/rules.md#errors); never a 500 for bad input. */
function registerErrorHandling(app: TApp) {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    const error = hasZodFastifySchemaValidationErrors(thrown) ? validationError(thrown.validation) : thrown;
    if (error instanceof HttpError) {
      const { message, code, fields, detail, retryAfterSeconds } = error;
      if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
      return reply.code(error.statusCode).send({ message, code, fields, detail });
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
      await api.register(applicationRoutes);
      await api.register(pharmacyRoutes);
      await api.register(adminRoutes);
      await api.register(notificationRoutes);
      await api.register(savedSearchRoutes);
      await api.register(emailVerificationRoutes);
      await api.register(verificationRoutes);
      await api.register(twoFactorRoutes);
      await api.register(moderationRoutes);
      await api.register(auditRoutes);
      await api.register(retentionRoutes);
      await api.register(dataExportRoutes);
      await api.register(availabilityRoutes);
      await api.register(messageRoutes);
      await api.register(eventRoutes);
      await api.register(invitationRoutes);
      await api.register(favouriteRoutes);
      await api.register(shiftRoutes);
      await api.register(calendarRoutes);
      await api.register(reviewRoutes);
    },
    { prefix: '/api' },
  );
  // Outside /api: /.well-known/security.txt.
  await app.register(wellKnownRoutes);
}

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
