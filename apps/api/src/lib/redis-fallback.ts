/**
 * Rate-limit counters in Redis that survive Redis going away: each call tries Redis and, when it fails, counts in
 * this instance's memory instead (limits then hold per instance, not across instances), with one warning in the
 * log per outage. The next call that reaches Redis again goes back to it.
 */
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { createMemoryCounterStore, createRedisCounterStore, type TCounterStore } from './limiter';

export type TRedisStatus = 'up' | 'down';

export interface TRedisHealth {
  /** Asks Redis (PING) and answers whether it is reachable now; the next counter call follows the same way. */
  probe(): Promise<TRedisStatus>;
  /** Runs `shared` (Redis) and falls back to `local` when Redis does not answer. */
  attempt<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T>;
}

export function createRedisHealth(redis: Redis, log: FastifyBaseLogger): TRedisHealth {
  let status: TRedisStatus = 'up';
  const health: TRedisHealth = {
    probe: () =>
      health.attempt(
        async () => {
          await redis.ping();
          return 'up' as const;
        },
        async () => 'down' as const,
      ),
    async attempt(shared, local) {
      try {
        const result = await shared();
        if (status === 'down') log.info('Redis is back: rate-limit counters are shared again');
        status = 'up';
        return result;
      } catch (error) {
        if (status === 'up')
          log.warn({ err: error }, 'Redis unavailable: rate-limit counters fall back to this instance until it returns');
        status = 'down';
        return local();
      }
    },
  };
  return health;
}

/** Per-account counters (failed logins, reset requests) in Redis, or in memory while Redis is away. */
export function createFallbackCounterStore(redis: Redis, health: TRedisHealth): TCounterStore {
  const shared = createRedisCounterStore(redis);
  const local = createMemoryCounterStore();
  return {
    count: (key) =>
      health.attempt(
        () => shared.count(key),
        () => local.count(key),
      ),
    hit: (key, windowMs) =>
      health.attempt(
        () => shared.hit(key, windowMs),
        () => local.hit(key, windowMs),
      ),
    retryAfterMs: (key) =>
      health.attempt(
        () => shared.retryAfterMs(key),
        () => local.retryAfterMs(key),
      ),
    reset: (key) =>
      health.attempt(
        () => shared.reset(key),
        () => local.reset(key),
      ),
    close: () => local.close(),
  };
}

/** An address's count in its window and the milliseconds left of the window, as the plugin's `incr` answers them. */
type TWindowCount = { current: number; ttl: number };

/** One more for `key` in Redis: INCR, the window started at the first hit (PEXPIRE NX), and what is left of it. */
async function redisWindowCount(redis: Redis, key: string, windowMs: number): Promise<TWindowCount> {
  const replies = await redis.multi().incr(key).pexpire(key, windowMs, 'NX').pttl(key).exec();
  const [counted, , left] = replies ?? [];
  const error = replies?.find(([replyError]) => replyError)?.[0];
  if (!counted || !left || error) throw error ?? new Error(`Redis did not run the count of ${key}`);
  const ttl = Number(left[1]);
  return { current: Number(counted[1]), ttl: ttl > 0 ? ttl : windowMs };
}

/** One more for `key` in this instance's memory, with the same fixed window. */
async function memoryWindowCount(counters: TCounterStore, key: string, windowMs: number): Promise<TWindowCount> {
  const current = await counters.hit(key, windowMs);
  return { current, ttl: await counters.retryAfterMs(key) };
}

/** Where an address's counters live in Redis; a route's limits add the route (`POST/api/token/-`) before the address. */
export const RATE_LIMIT_PREFIX = 'farmaponte:ip:';

/**
 * What the plugin hands a store's constructor (its options) and `child` (the route's options merged over them, with
 * `routeInfo`): only what this store reads.
 */
type TStoreOptions = {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  routeInfo?: { method?: unknown; url?: unknown };
};

/** The route a child store counts for, as the plugin's README documents `routeInfo`; anything else is refused. */
function routeOf(options: TStoreOptions): string {
  const { method, url } = options.routeInfo ?? {};
  if ((typeof method !== 'string' && !Array.isArray(method)) || typeof url !== 'string')
    throw new Error('@fastify/rate-limit gave a route store no routeInfo with method and url');
  return `${method}${url}-`;
}

/**
 * The per-address limits of @fastify/rate-limit, in Redis or in this instance's memory while Redis is away: a store
 * class written to the plugin's public store contract (its `store` option: a class made with the plugin's options,
 * `incr(key, callback, timeWindow, max)` and `child(routeOptions)` for each route with limits of its own). Fixed
 * windows only: `continueExceeding` and `exponentialBackoff` are refused when the plugin or a route asks for them.
 * Not the plugin's own stores, which it does not export (docs/decisions/085).
 */
export function fallbackRateLimitStore(redis: Redis, health: TRedisHealth): FastifyRateLimitStoreCtor {
  const local = createMemoryCounterStore();
  class FallbackRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;
    constructor(options: TStoreOptions, prefix = RATE_LIMIT_PREFIX) {
      if (options.continueExceeding || options.exponentialBackoff)
        throw new Error('The rate-limit store counts fixed windows: no continueExceeding or exponentialBackoff');
      this.prefix = prefix;
    }
    incr(key: string, callback: (error: Error | null, result?: TWindowCount) => void, timeWindow: number) {
      const counted = this.prefix + key;
      health
        .attempt(
          () => redisWindowCount(redis, counted, timeWindow),
          () => memoryWindowCount(local, counted, timeWindow),
        )
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }
    child(routeOptions: object) {
      const options = routeOptions as TStoreOptions;
      return new FallbackRateLimitStore(options, this.prefix + routeOf(options));
    }
  }
  return FallbackRateLimitStore;
}
