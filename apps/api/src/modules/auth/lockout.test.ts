/**
 * A stranger who knows an e-mail cannot keep its owner out (decision 019): failures count per account and address
 * together, with a much higher ceiling per account, every 429 says when to retry, and an address with no failures
 * always gets its try. The same holds for forgot-password. With the in-memory counters and with Redis.
 */
import { MESSAGES } from '@farmaponte/shared';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../../../test/helpers';
import { createOwnRedis, type TOwnRedis } from '../../../test/own-redis';
import { testPort } from '../../../test/server-process';
import { createPharmacist, type TCreatedUser } from '../../factories';
import { createRedisCounterStore } from '../../lib/limiter';

const ATTACKER = '203.0.113.66';
const OWNER_HOME = '198.51.100.7';
const WINDOW_SECONDS = 15 * 60;

let redisServer: TOwnRedis;
let redis: Redis;
beforeAll(async () => {
  redisServer = createOwnRedis(testPort());
  await redisServer.start();
  redis = redisServer.client();
  await redis.connect();
});
afterAll(async () => {
  redis?.disconnect();
  await redisServer?.kill();
});

let t: TTestApp;
afterEach(async () => {
  await t?.app.close();
});

const stores = {
  memory: () => undefined,
  redis: () => createRedisCounterStore(redis, `farmaponte-test:${Math.random().toString(36).slice(2)}:`),
};

const login = (user: TCreatedUser, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/', payload: { username: user.email, password }, remoteAddress });
const forgot = (email: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/forgot-password/', payload: { email }, remoteAddress });

/** A 429 as the web client shows it, with a Retry-After a client can wait for (within the window). */
function expectRetryLater(response: { statusCode: number; headers: Record<string, unknown>; json(): { message: string } }) {
  expect(response.statusCode).toBe(429);
  expect(response.json().message).toBe(MESSAGES.tooManyRequests);
  const seconds = Number(response.headers['retry-after']);
  expect(seconds).toBeGreaterThanOrEqual(1);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
}

describe.each(Object.keys(stores) as (keyof typeof stores)[])('lockout with the %s counters', (store) => {
  it('an attacker sending 20 wrong passwords a second from one address never keeps the owner out', async () => {
    t = await buildTestApp({}, { counters: stores[store]() });
    const user = await createPharmacist(t.app.db);
    const attackerAnswers: number[] = [];
    for (let second = 0; second < 8; second++) {
      const tries = await Promise.all(Array.from({ length: 20 }, () => login(user, 'indovinata', ATTACKER)));
      attackerAnswers.push(...tries.map((r) => r.statusCode));
      const owner = await login(user, user.password, OWNER_HOME);
      expect(owner.statusCode, `second ${second}`).toBe(200);
      t.clock.advance(1000);
    }
    // The attacker had 5 guesses in the window, then only 429s, each saying when to retry.
    expect(attackerAnswers.filter((s) => s === 401)).toHaveLength(5);
    expect(attackerAnswers.filter((s) => s === 429)).toHaveLength(8 * 20 - 5);
    expectRetryLater(await login(user, user.password, ATTACKER));
  });

  it('a stranger asking for resets of the owner’s e-mail does not block the owner’s own reset', async () => {
    t = await buildTestApp({}, { counters: stores[store]() });
    const user = await createPharmacist(t.app.db);
    const stranger = await Promise.all(Array.from({ length: 12 }, () => forgot(user.email, ATTACKER)));
    expect(stranger.filter((r) => r.statusCode === 200)).toHaveLength(5);
    const refused = stranger.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(7);
    for (const response of refused) expectRetryLater(response);

    t.smtp.received.length = 0;
    expect((await forgot(user.email, OWNER_HOME)).statusCode).toBe(200);
    await t.app.outbox.runOnce();
    expect(t.smtp.lastTo(user.email)?.text).toContain('/reset-password/');
  });
});

describe('the per-account ceiling', () => {
  it('stops an attack spread over many addresses, yet an address with no failures still gets in', async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '10' });
    const user = await createPharmacist(t.app.db);
    const botnet = Array.from({ length: 10 }, (_, i) => `192.0.2.${i + 1}`);
    for (const address of botnet) expect((await login(user, 'indovinata', address)).statusCode).toBe(401);
    // The ceiling is reached: every address that failed before is refused, even with the right password.
    for (const address of botnet) expectRetryLater(await login(user, user.password, address));
    // A fresh address gets its one try: the owner gets in.
    expect((await login(user, user.password, OWNER_HOME)).statusCode).toBe(200);
    t.clock.advance(WINDOW_SECONDS * 1000);
    expect((await login(user, user.password, botnet[0] ?? '')).statusCode).toBe(200);
  });

  it('a failed try from the owner’s own address still counts: 5 there lock that address only', async () => {
    t = await buildTestApp();
    const user = await createPharmacist(t.app.db);
    for (let i = 0; i < 5; i++) expect((await login(user, 'sbagliata', OWNER_HOME)).statusCode).toBe(401);
    expectRetryLater(await login(user, user.password, OWNER_HOME));
    expect((await login(user, user.password, '198.51.100.8')).statusCode).toBe(200);
  });
});

describe('every 429 of the auth routes says when to retry', () => {
  it('the per-address limits of login, forgot-password and reset-password send Retry-After', async () => {
    t = await buildTestApp({ AUTH_MAX_PER_IP: '2' });
    const user = await createPharmacist(t.app.db);
    const requests = [
      () => login(user, user.password, ATTACKER),
      () => forgot('nessuno@example.it', ATTACKER),
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/reset-password/',
          payload: { token: 'x'.repeat(43), password: 'nuova-password' },
          remoteAddress: ATTACKER,
        }),
    ];
    for (const request of requests) {
      await request();
      await request();
      expectRetryLater(await request());
    }
  });
});
