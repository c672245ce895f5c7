/**
 * Rate-limit counters in Redis that survive Redis going away: each call tries Redis and, when it fails, counts in
 * this instance's memory instead (limits then hold per instance, not across instances), with one warning in the
 * log per outage. The next call that reaches Redis again goes back to it.
 */
import { createRequire } from 'node:module';
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

type TRateLimitResult = { current: number; ttl: number };
type TRateLimitCallback = (error: Error | null, result?: TRateLimitResult) => void;
interface TRateLimitStore {
  incr(key: string, callback: TRateLimitCallback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): TRateLimitStore;
}
type TRateLimitStoreClass = new (...args: unknown[]) => TRateLimitStore;

// @fastify/rate-limit's own stores, which it does not export by name.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as TRateLimitStoreClass;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as TRateLimitStoreClass;

const asPromise = (store: TRateLimitStore, key: string, timeWindow: number, max: number) =>
  new Promise<TRateLimitResult>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      timeWindow,
      max,
    ),
  );

/** The per-address limits of @fastify/rate-limit, in Redis or in this instance's memory while Redis is away. */
export function fallbackRateLimitStore(redis: Redis, health: TRedisHealth) {
  class FallbackStore implements TRateLimitStore {
    // The plugin constructs the store with its own options, which these two stores do not need.
    private shared: TRateLimitStore = new RedisStore(false, false, redis, 'farmaponte:ip:');
    private local: TRateLimitStore = new LocalStore(false, false, 5_000);

    incr(key: string, callback: TRateLimitCallback, timeWindow: number, max: number) {
      health
        .attempt(
          () => asPromise(this.shared, key, timeWindow, max),
          () => asPromise(this.local, key, timeWindow, max),
        )
        .then(
          (result) => callback(null, result),
          (error: Error) => callback(error),
        );
    }
    child(routeOptions: unknown) {
      const child = new FallbackStore();
      child.shared = this.shared.child(routeOptions);
      child.local = this.local.child(routeOptions);
      return child;
    }
  }
  return FallbackStore;
}
