/**
 * The app's decorations (what buildApp puts on the Fastify instance and the request), typed for every route. Nothing
 * imports this file: it only augments Fastify's types, so the features it names never import it back.
 */
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { TEventBus } from './lib/event-bus';
import type { TJwt } from './lib/jwt';
import type { TCounterStore } from './lib/limiter';
import type { TMetrics } from './lib/metrics';
import type { TRedisStatus } from './lib/redis-fallback';
import type { TSecretBox } from './lib/secret-box';
import type { TSessionUser, TSessionUserCache } from './lib/session-user-cache';
import type { TCvLinks } from './modules/cv';
import type { TLiveStreams } from './modules/events';
import type { TJobRunner } from './modules/jobs';
import type { TMailer, TOutboxSender } from './modules/mail';
import type { TNotifier, TUnsubscribeTokens } from './modules/notifications';
import type { TOpenOffersCache } from './modules/offers';
import type { TOwnerScope, TOwnerScopes } from './modules/organisations';
import type { TAlertSender } from './modules/saved-searches';
import type { TDocumentLinks } from './modules/verifications';

export type { TSessionUser };

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabase;
    db: TDb;
    jwt: TJwt;
    mailer: TMailer;
    /** The periodic jobs (mail-outbox, offer-alerts): server.ts starts them, closing the app stops them. */
    jobs: TJobRunner;
    /** One round of the mail outbox now, through the job runner (shared with a round in flight). */
    outbox: TOutboxSender;
    /** One round of saved-search alerts now, through the job runner; null when another instance holds it. */
    alerts: TAlertSender;
    /**
     * What a write records of what happened (decision 087): in-transaction subscribers (notifications, the hiring loop's
     * answers), then, after the commit, every instance's (caches, sessions, live streams).
     */
    events: TEventBus;
    /** Records a notification and queues its e-mail, in the caller's transaction (the notifications' subscribers). */
    notifier: TNotifier;
    unsubscribeTokens: TUnsubscribeTokens;
    counters: TCounterStore;
    cvLinks: TCvLinks;
    /** Signed links to an owner's verification document (decision 049). */
    documentLinks: TDocumentLinks;
    /** Base of every link the server makes (e-mails, signed CV links), without a trailing slash. */
    publicUrl: () => string;
    /** Open offers, serialised and compressed; cleared by the events of the writes that change them. */
    openOffers: TOpenOffersCache;
    /** Which pharmacy a person may act for, for a few seconds; forgotten when the organisation's people change. */
    ownerScopes: TOwnerScopes;
    /** Who a token's user is, for a few seconds; forgotten on the events that end a user's sessions. */
    sessionUsers: TSessionUserCache;
    /** The open live streams of this process (GET /api/events/, decision 072). */
    liveStreams: TLiveStreams;
    /** Whether Redis answers now (the shared rate-limit counters); undefined without REDIS_URL. */
    redisStatus: () => Promise<TRedisStatus | undefined>;
    /** The Prometheus metrics of this process (served on METRICS_PORT by server.ts). */
    metrics: TMetrics;
    /** Seals the secrets the server reads back (authenticator secrets) with a key derived from JWT_SECRET. */
    secretBox: TSecretBox;
    /** Whether a user's two-step login is on (REQUIRE_ADMIN_2FA's gate on the admin's routes, lib/auth-guard.ts). */
    secondStepOn: (userId: number) => Promise<boolean>;
    /** Web Push (decision 096): the VAPID public key browsers subscribe with, and the origins allowed besides the push services'. */
    push: { publicKey: string; extraOrigins: readonly string[] };
    /** Clock of the app, replaceable in tests. */
    now: () => Date;
    /** `draining` from SIGTERM until the shutdown (SHUTDOWN_DRAIN_SECONDS): readiness answers 503 shutting_down. */
    readiness: { draining: boolean };
  }
  interface FastifyRequest {
    user: TSessionUser | null;
    /** The pharmacy an owner-side person acts for, behind requireOwner/requireParty (decision 089). */
    owner: TOwnerScope | null;
  }
  interface FastifyContextConfig {
    /** A live event stream (GET /api/events/): left out of the request-duration histogram. */
    liveStream?: boolean;
  }
}
