/** Fixed-window counters for per-account limits (failed logins, reset requests): in memory, or in Redis when shared by several instances. */
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';

export interface TCounterStore {
  /** Current count for key in its window. */
  count(key: string): Promise<number>;
  /** Adds one and returns the new count; the window starts at the first hit. */
  hit(key: string, windowMs: number): Promise<number>;
  /** Milliseconds until the key's window ends and its count starts again from zero (0 when it has none). */
  retryAfterMs(key: string): Promise<number>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCounterStore(now: () => number = Date.now): TCounterStore {
  const counters = new Map<string, { count: number; resetAt: number }>();
  const live = (key: string) => {
    const entry = counters.get(key);
    if (entry && entry.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async count(key) {
      return live(key)?.count ?? 0;
    },
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      counters.set(key, entry);
      if (counters.size > 100_000) for (const k of counters.keys()) if (!live(k)) counters.delete(k);
      return entry.count;
    },
    async retryAfterMs(key) {
      const entry = live(key);
      return entry ? entry.resetAt - now() : 0;
    },
    async reset(key) {
      counters.delete(key);
    },
    async close() {
      counters.clear();
    },
  };
}

export function createRedisCounterStore(redis: Redis, prefix = 'farmaponte:limit:'): TCounterStore {
  return {
    async count(key) {
      return Number((await redis.get(prefix + key)) ?? 0);
    },
    async hit(key, windowMs) {
      const [[, count] = []] =
        (await redis
          .multi()
          .incr(prefix + key)
          .pexpire(prefix + key, windowMs, 'NX')
          .exec()) ?? [];
      return Number(count ?? 0);
    },
    async retryAfterMs(key) {
      return Math.max(0, await redis.pttl(prefix + key));
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}

/**
 * Counts one use of a write quota (offers per hour, CV uploads per hour) and throws 429 with Retry-After and the
 * quota's Italian message once past `max` in the window. Counted before the write, so concurrent writes cannot pass it.
 */
export async function takeQuota(
  counters: TCounterStore,
  key: string,
  quota: { max: number; windowMs: number; message: string; code: string },
) {
  if ((await counters.hit(key, quota.windowMs)) <= quota.max) return;
  throw tooManyRequests(await counters.retryAfterMs(key), quota.message, quota.code);
}
