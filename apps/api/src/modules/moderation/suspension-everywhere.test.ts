/**
 * A suspension ends the account's sessions on every instance at once (decision 062): the instance that suspends tells
 * the others through Redis to forget the user's cached sessions; so do logout, logout everywhere, a password reset
 * and an erased account. Without Redis, the other instances' cache expires
 * within SESSION_USER_TTL_MS. The test clock stands still, so only the message can make the other instance forget.
 */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildOtherInstance, signedIn, TEST_JWT_SECRET, useTestApp } from '../../../test/helpers';
import { createOwnRedis, type TOwnRedis } from '../../../test/own-redis';
import { testPort } from '../../../test/server-process';
import { buildApp } from '../../app';
import { createMemoryCounterStore } from '../../lib/limiter';
import { SESSION_USER_TTL_MS } from '../../lib/session-user-cache';

const t = useTestApp();
const redisServer: TOwnRedis = createOwnRedis(testPort());
const closing: (() => Promise<unknown>)[] = [];

beforeAll(() => redisServer.start(), 30_000);
afterAll(() => redisServer.kill());
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
});

/** An instance of the app on the test's database and clock, with its own connection to the shared Redis. */
async function instanceWithRedis(): Promise<FastifyInstance> {
  const redis: Redis = redisServer.client();
  await redis.connect();
  const app = await buildApp(t.config, {
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    counters: createMemoryCounterStore(() => t.clock.now.getTime()),
    redis,
    now: () => t.clock.now,
    logger: false,
    checkAnswers: true,
  });
  await app.ready();
  closing.push(async () => {
    await app.close();
    redis.disconnect();
  });
  return app;
}

const mine = (app: FastifyInstance, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/offers/mine/', headers });

/**
 * Asks until the answer is none of `from` (the message crosses Redis in a few milliseconds), at most 100 times. An
 * erased account's cached session answers its routes 404 (the row is gone) until the message makes it a 401.
 */
async function statusOnceSettled(ask: () => Promise<{ statusCode: number }>, ...from: number[]): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const { statusCode } = await ask();
    if (!from.includes(statusCode)) return statusCode;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return from[from.length - 1] ?? 0;
}

describe('a suspension reaches every instance', () => {
  it('through Redis: the other instance refuses the suspended owner’s token without waiting for its cache', async () => {
    const [first, second] = [await instanceWithRedis(), await instanceWithRedis()];
    const admin = await signedIn(first, 'admin');
    const owner = await signedIn(first, 'titolare');
    // The second instance has the owner's session in its cache, and the clock will not move.
    expect((await mine(second, owner.headers)).statusCode).toBe(200);
    const suspend = await first.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.user.id}/suspend/`,
      headers: admin.headers,
      payload: { reason: 'Truffa' },
    });
    expect(suspend.statusCode).toBe(200);
    expect(await statusOnceSettled(() => mine(second, owner.headers), 200)).toBe(401);
  });

  it('through Redis: logout everywhere and an erased account end their tokens on the other instance at once too', async () => {
    const [first, second] = [await instanceWithRedis(), await instanceWithRedis()];
    const owner = await signedIn(first, 'titolare');
    const pharmacist = await signedIn(first, 'farmacista');
    expect((await mine(second, owner.headers)).statusCode).toBe(200);
    const profile = () => second.inject({ method: 'GET', url: '/api/user/details/', headers: pharmacist.headers });
    expect((await profile()).statusCode).toBe(200);
    const everywhere = await first.inject({ method: 'POST', url: '/api/token/revoke-all/', headers: owner.headers });
    expect(everywhere.statusCode).toBe(204);
    expect(await statusOnceSettled(() => mine(second, owner.headers), 200)).toBe(401);
    const erased = await first.inject({ method: 'DELETE', url: '/api/user/delete/', headers: pharmacist.headers });
    expect(erased.statusCode).toBe(204);
    expect(await statusOnceSettled(profile, 200, 404)).toBe(401);
  });

  it('without Redis: the other instance refuses it once its cache expires', async () => {
    const other = await buildOtherInstance(t);
    closing.push(() => other.close());
    const admin = await signedIn(t.app, 'admin');
    const owner = await signedIn(t.app, 'titolare');
    expect((await mine(other, owner.headers)).statusCode).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${owner.user.id}/suspend/`,
      headers: admin.headers,
      payload: { reason: 'Truffa' },
    });
    expect((await mine(t.app, owner.headers)).statusCode).toBe(401);
    t.clock.advance(SESSION_USER_TTL_MS + 1);
    expect((await mine(other, owner.headers)).statusCode).toBe(401);
  });
});
