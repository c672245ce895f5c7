/**
 * The per-address rate-limit store (decision 085): our own class on @fastify/rate-limit's public store contract. On a
 * real redis-server of the test's own: counts and what is left of the window, a window that ends and starts again,
 * one counter per route; in this instance's memory while Redis is away, with one warning per outage, and back in
 * Redis when it returns. Then through the plugin itself, so an upgrade that changes what it hands a store (the options,
 * `routeInfo`, the `incr` callback) fails here.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnRedis, type TOwnRedis } from '../../test/own-redis';
import { testPort, until } from '../../test/server-process';
import { createRedisHealth, fallbackRateLimitStore, RATE_LIMIT_PREFIX } from './redis-fallback';

let redisServer: TOwnRedis;
let redis: Redis;
beforeAll(async () => {
  redisServer = createOwnRedis(testPort());
  await redisServer.start();
  // As server.ts makes it: a command fails at once while Redis is away instead of waiting in a queue.
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 });
  redis.on('error', () => {});
  await until(() => redis.status === 'ready', 'the client to connect');
});
afterAll(async () => {
  redis?.disconnect();
  await redisServer?.kill();
});

/** A logger that keeps what was warned and told. */
function recordingLog() {
  const lines = { warn: [] as string[], info: [] as string[] };
  const log = {
    warn: (_context: unknown, message: string) => lines.warn.push(message),
    info: (message: string) => lines.info.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, lines };
}

type TStore = {
  incr(
    key: string,
    cb: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
    max: number,
  ): void;
  child(options: object): TStore;
};

function storeOf(log = recordingLog().log): TStore {
  const Store = fallbackRateLimitStore(redis, createRedisHealth(redis, log));
  return new Store({ global: false }) as TStore;
}

const incr = (store: TStore, key: string, timeWindow: number) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('no result')) : resolve(result)),
      timeWindow,
      5,
    ),
  );

const route = (method: string, url: string) => ({ global: false, max: 5, timeWindow: 60_000, routeInfo: { method, url } });
const address = () => `203.0.113.${Math.floor(Math.random() * 250)}-${Math.random().toString(36).slice(2)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the rate-limit store in Redis', () => {
  it('counts each address in Redis under farmaponte:ip:, with what is left of its window', async () => {
    const store = storeOf();
    const ip = address();
    const first = await incr(store, ip, 60_000);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(59_000);
    expect(first.ttl).toBeLessThanOrEqual(60_000);
    await sleep(50);
    const second = await incr(store, ip, 60_000);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeLessThan(first.ttl);
    expect(second.ttl).toBeGreaterThan(59_000);
    expect((await incr(store, address(), 60_000)).current).toBe(1);
    expect(await redis.get(`${RATE_LIMIT_PREFIX}${ip}`)).toBe('2');
    const pttl = await redis.pttl(`${RATE_LIMIT_PREFIX}${ip}`);
    expect(pttl).toBeGreaterThan(59_000);
    expect(pttl).toBeLessThanOrEqual(60_000);
  });

  it('starts the count again when the window ends', async () => {
    const store = storeOf();
    const ip = address();
    expect((await incr(store, ip, 300)).current).toBe(1);
    expect((await incr(store, ip, 300)).current).toBe(2);
    await until(async () => (await redis.exists(`${RATE_LIMIT_PREFIX}${ip}`)) === 0, 'the window to end', 5_000);
    const again = await incr(store, ip, 300);
    expect(again).toMatchObject({ current: 1 });
    expect(again.ttl).toBeGreaterThan(0);
    expect(again.ttl).toBeLessThanOrEqual(300);
  });

  it('keeps one counter per route, its key naming the route before the address', async () => {
    const store = storeOf();
    const ip = address();
    const login = store.child(route('POST', '/api/token/'));
    const register = store.child(route('POST', '/api/user/register/'));
    for (let i = 0; i < 3; i++) await incr(login, ip, 60_000);
    expect((await incr(register, ip, 60_000)).current).toBe(1);
    expect((await incr(store, ip, 60_000)).current).toBe(1);
    expect((await incr(login, ip, 60_000)).current).toBe(4);
    expect(await redis.get(`${RATE_LIMIT_PREFIX}POST/api/token/-${ip}`)).toBe('4');
    expect(await redis.get(`${RATE_LIMIT_PREFIX}POST/api/user/register/-${ip}`)).toBe('1');
  });

  it('refuses what it does not count: a route without routeInfo, growing windows', () => {
    const store = storeOf();
    expect(() => store.child({ max: 5 })).toThrow(/routeInfo/);
    expect(() => store.child({ ...route('POST', '/api/token/'), continueExceeding: true })).toThrow(/fixed windows/);
    expect(() => store.child({ ...route('POST', '/api/token/'), exponentialBackoff: true })).toThrow(/fixed windows/);
  });
});

describe('the rate-limit store while Redis is away', () => {
  it('counts in memory with one warning per outage, per route, and goes back to Redis when it returns', async () => {
    const { log, lines } = recordingLog();
    const store = storeOf(log);
    const login = store.child(route('POST', '/api/token/'));
    const ip = address();
    expect((await incr(login, ip, 60_000)).current).toBe(1);

    await redisServer.kill();
    const counts = [];
    for (let i = 0; i < 4; i++) counts.push(await incr(login, ip, 60_000));
    // This instance's own count, from zero: the one in Redis cannot be read.
    expect(counts.map((count) => count.current)).toEqual([1, 2, 3, 4]);
    expect(counts.every((count) => count.ttl > 59_000 && count.ttl <= 60_000)).toBe(true);
    expect((await incr(store, ip, 60_000)).current).toBe(1);
    const windowEnds = await incr(login, `${ip}-short`, 200);
    await sleep(250);
    expect((await incr(login, `${ip}-short`, 200)).current).toBe(1);
    expect(windowEnds.current).toBe(1);
    expect(lines.warn).toEqual(['Redis unavailable: rate-limit counters fall back to this instance until it returns']);
    expect(lines.info).toEqual([]);

    await redisServer.start();
    await until(() => redis.status === 'ready', 'the client to connect again');
    // A fresh redis-server (nothing on disk): the count starts again there.
    expect((await incr(login, ip, 60_000)).current).toBe(1);
    expect(await redis.get(`${RATE_LIMIT_PREFIX}POST/api/token/-${ip}`)).toBe('1');
    expect(lines.info).toEqual(['Redis is back: rate-limit counters are shared again']);
    expect(lines.warn).toHaveLength(1);
  }, 60_000);
});

/** The plugin with this store, as app.ts registers it: a route's limit counted in Redis, its 429 with the window left. */
describe('@fastify/rate-limit with this store', () => {
  it('hands the store its options and each limited route its routeInfo, and answers 429 past the limit', async () => {
    const app = Fastify();
    await app.register(rateLimit, { global: false, store: fallbackRateLimitStore(redis, createRedisHealth(redis, app.log)) });
    app.post('/api/token/', { config: { rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
    app.get('/api/open/', async () => ({ ok: true }));
    const remoteAddress = `198.51.100.${Math.floor(Math.random() * 250)}`;
    await redis.del(`${RATE_LIMIT_PREFIX}POST/api/token/-${remoteAddress}`);
    const statuses = [];
    let last = await app.inject({ method: 'POST', url: '/api/token/', remoteAddress });
    statuses.push(last.statusCode);
    for (let i = 0; i < 2; i++) {
      last = await app.inject({ method: 'POST', url: '/api/token/', remoteAddress });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(58);
    expect(Number(last.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await app.inject({ method: 'GET', url: '/api/open/', remoteAddress })).statusCode).toBe(200);
    expect(await redis.get(`${RATE_LIMIT_PREFIX}POST/api/token/-${remoteAddress}`)).toBe('3');
    await app.close();
  });
});
