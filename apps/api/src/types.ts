import type { TRole } from '@farmaponte/shared';
import type { TConfig } from './config';
import type { TDatabase, TDb } from './db/client';
import type { TJwt } from './lib/jwt';
import type { TCounterStore } from './lib/limiter';
import type { TMetrics } from './lib/metrics';
import type { TRedisStatus } from './lib/redis-fallback';
import type { TSessionUserCache } from './lib/session-user-cache';
import type { TCvLinks } from './modules/cv';
import type { TMailer, TOutboxSender } from './modules/mail';
import type { TNotifier, TUnsubscribeTokens } from './modules/notifications';
import type { TOpenOffersCache } from './modules/offers';
import type { TAlertSender } from './modules/saved-searches';

export interface TSessionUser {
  id: number;
  role: TRole;
  email: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: TConfig;
    database: TDatabase;
    db: TDb;
    jwt: TJwt;
    mailer: TMailer;
    /** The background sender of the mail outbox: server.ts starts it, closing the app stops it. */
    outbox: TOutboxSender;
    /** The saved searches' alert sender: server.ts starts it, closing the app stops it. */
    alerts: TAlertSender;
    /** Records a notification and queues its e-mail, in the caller's transaction. */
    notifier: TNotifier;
    unsubscribeTokens: TUnsubscribeTokens;
    counters: TCounterStore;
    cvLinks: TCvLinks;
    /** Base of every link the server makes (e-mails, signed CV links), without a trailing slash. */
    publicUrl: () => string;
    /** Open offers, serialised and compressed; call invalidate() after any write that changes them. */
    openOffers: TOpenOffersCache;
    /** Who a token's user is, for a few seconds; forget(userId) when an account changes. */
    sessionUsers: TSessionUserCache;
    /** Whether Redis answers now (the shared rate-limit counters); undefined without REDIS_URL. */
    redisStatus: () => Promise<TRedisStatus | undefined>;
    /** The Prometheus metrics of this process (served on METRICS_PORT by server.ts). */
    metrics: TMetrics;
    /** Clock of the app, replaceable in tests. */
    now: () => Date;
  }
  interface FastifyRequest {
    user: TSessionUser | null;
  }
}
