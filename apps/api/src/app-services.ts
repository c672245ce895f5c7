import { ZOfferListSchema } from '@farmaponte/shared';
import type { TConfig } from './config';
import { answerWriter } from './lib/answer-writer';
import { createEventBus, faultDrillHook } from './lib/event-bus';
import { createJwt } from './lib/jwt';
import { createMemoryCounterStore } from './lib/limiter';
import { createMetrics } from './lib/metrics';
import { publicUrlOf } from './lib/public-url';
import { createFallbackCounterStore, type createRedisHealth } from './lib/redis-fallback';
import { createSecretBox } from './lib/secret-box';
import { generateVapidKeys, type TVapidKeys } from './lib/secrets';
import { createSessionUserCache, subscribeSessionUserCache } from './lib/session-user-cache';
import { subscribeAccount } from './modules/account';
import { alboRecheckJob } from './modules/albo';
import { auditPruneJob } from './modules/audit';
import { availabilityPruneJob } from './modules/availability';
import { createCvLinks } from './modules/cv';
import { createLiveStreams } from './modules/events';
import { calendarRefreshJob } from './modules/external-calendar';
import { subscribeHiring } from './modules/hiring';
import { autoInvitationsJob } from './modules/invitations';
import { invoiceOverdueJob } from './modules/invoices';
import { createJobRunner } from './modules/jobs';
import { createMailer, onMailQueued, outboxBacklog, outboxJob } from './modules/mail';
import { createNotifier, createUnsubscribeTokens, subscribeNotifications } from './modules/notifications';
import { createOpenOffersCache, listOpenOffers, subscribeOpenOffersCache } from './modules/offers';
import { createOwnerScopes, subscribeOwnerScopes } from './modules/organisations';
import { insuranceRemindersJob } from './modules/professional-file';
import { onPushQueued, pushOutboxJob } from './modules/push';
import { retentionJob } from './modules/retention';
import { reviewInvitationsJob, reviewsPublishJob, shiftRemindersJob } from './modules/reviews';
import { offerAlertsJob } from './modules/saved-searches';
import { findLiveSessions, findSession } from './modules/sessions';
import { secondStepIsOn } from './modules/two-factor';
import { createDocumentLinks } from './modules/verifications';
import './types';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { TDatabase } from './db/client';
import type { TCounterStore } from './lib/limiter';
import type { TMailer } from './modules/mail';

/** The app as buildApp makes it: Fastify with the zod type provider. */
export type TApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What buildApp is given: the database, the secret, and what the tests and the server replace. */
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
  /** The Web Push keys (lib/secrets.ts resolveVapidKeys); unset (tests, benchmarks): a pair made for this app only. */
  vapid?: TVapidKeys;
  /**
   * Origins a push subscription may point at besides the push services' (decision 096): a test's local push service.
   * Never set on a server: the allow-list is the guard against the server posting where a user says.
   */
  pushOrigins?: string[];
}

export type TServiceOptions = {
  now: () => Date;
  checkAnswers: boolean;
  redisHealth: ReturnType<typeof createRedisHealth> | undefined;
};

/** The services the routes reach through `app` (types.ts): database, tokens, mail, notifications, jobs, caches, metrics. */
export function decorateServices(
  app: TApp,
  config: TConfig,
  deps: TAppDeps,
  { now, checkAnswers, redisHealth }: TServiceOptions,
) {
  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('db', deps.database.db);
  app.decorate('jwt', createJwt(deps.jwtSecret, now));
  app.decorate('now', now);
  app.decorate('readiness', { draining: false });
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
  const calendarRefresh = calendarRefreshJob({
    db: deps.database.db,
    box: app.secretBox,
    fetch: { allow: config.OUTBOUND_FETCH_ALLOW, timeoutMs: config.CALENDAR_FETCH_TIMEOUT_SECONDS * 1000 },
  });
  const reviewsPublish = reviewsPublishJob({ db: deps.database.db, events });
  const reviewInvitations = reviewInvitationsJob({ db: deps.database.db, events });
  const shiftReminders = shiftRemindersJob({ db: deps.database.db, events });
  const insuranceReminders = insuranceRemindersJob({ db: deps.database.db, events });
  const invoiceOverdue = invoiceOverdueJob({ db: deps.database.db, events });
  const vapid = deps.vapid ?? { ...generateVapidKeys(), subject: config.VAPID_SUBJECT };
  const pushOrigins = deps.pushOrigins ?? config.PUSH_ALLOW_ORIGINS;
  app.decorate('push', { publicKey: vapid.publicKey, extraOrigins: pushOrigins });
  const pushOutbox = pushOutboxJob({ db: deps.database.db, vapid, extraOrigins: pushOrigins });
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
      calendarRefresh,
      reviewsPublish,
      reviewInvitations,
      shiftReminders,
      insuranceReminders,
      invoiceOverdue,
      pushOutbox,
    ],
    stopDeadlineMs: config.SHUTDOWN_TIMEOUT_SECONDS * 1000,
    onRun: metrics.jobRun,
  });
  app.decorate('jobs', jobs);
  // A queued mail leaves at once when this process sends mail (its runner started), not at the outbox's next poll.
  const stopHurrying = onMailQueued(() => jobs.nudge(outbox));
  const stopHurryingPushes = onPushQueued(() => jobs.nudge(pushOutbox));
  app.decorate('outbox', { runOnce: async () => (await jobs.run(outbox)) ?? { sent: 0, failed: 0 } });
  app.decorate('alerts', { runOnce: () => jobs.run(alerts) });
  app.addHook('preClose', (done) => {
    stopHurrying();
    stopHurryingPushes();
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
  const ownerScopes = createOwnerScopes(deps.database.db, now);
  app.decorate('ownerScopes', ownerScopes);
  subscribeOwnerScopes(app.events, ownerScopes);
  subscribeSessionUserCache(app.events, sessionUsers);
  // The live streams of this process (GET /api/events/, decision 072): they end before the requests drain at
  // shutdown, so a stream never holds the process up to the deadline.
  const liveStreams = createLiveStreams({
    bus: app.events,
    sessionUsers,
    liveSessions: (sessions) => findLiveSessions(deps.database.db, sessions),
    log: app.log,
    now,
  });
  app.decorate('liveStreams', liveStreams);
  app.addHook('preClose', (done) => {
    void liveStreams.close();
    done();
  });
  app.addHook('onClose', () => liveStreams.close());
  app.decorateRequest('user', null);
  app.decorateRequest('owner', null);
}
