/**
 * Redis (the shared rate-limit counters) goes away under a running server: logins, registrations and resets keep
 * working with per-instance limits, health says redis "down", and the counters go back to Redis when it returns.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnRedis, type TOwnRedis } from '../test/own-redis';
import {
  confirmFromFiledMail,
  healthy,
  postJson,
  registration,
  SERVER_TEST_PASSWORD,
  spawnServer,
  testPort,
  until,
} from '../test/server-process';

const redisPort = testPort();
const apiPort = testPort();
const base = `http://127.0.0.1:${apiPort}`;
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-redis-test-'));
let redis: TOwnRedis;
let server: ChildProcess;
let exitCode: number | null = null;

beforeAll(async () => {
  redis = createOwnRedis(redisPort);
  await redis.start();
});
afterAll(async () => {
  server?.kill('SIGKILL');
  await redis?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const post = (path: string, body: unknown) => postJson(base, path, body);
const register = (email: string) => post('/api/user/register/', registration(email));
const login = (email: string, password = SERVER_TEST_PASSWORD) => post('/api/token/', { username: email, password });
const health = async () => (await (await fetch(`${base}/api/health/`)).json()) as { status: string; redis?: string };

describe('Redis goes away under a running server', () => {
  it('keeps logins, registrations and resets working with per-instance limits, and goes back to Redis', async () => {
    server = spawnServer({ DATA_DIR: dataDir, REDIS_URL: redis.url, PORT: String(apiPort) });
    server.once('exit', (code) => {
      exitCode = code;
    });
    await healthy(base);
    // The server listens before its Redis connection is ready (Redis is not needed to answer): health says "up" once it is.
    await until(async () => (await health()).redis === 'up', 'health to see Redis after the start');
    expect(await health()).toMatchObject({ status: 'ok', redis: 'up' });
    expect((await register('rosa@example.it')).status).toBe(201);
    await confirmFromFiledMail(base, dataDir, 'rosa@example.it');
    expect((await login('rosa@example.it', 'sbagliata')).status).toBe(401);
    const inspector = redis.client();
    expect(await inspector.keys('farmaponte:limit:*')).not.toHaveLength(0);
    inspector.disconnect();

    await redis.kill();
    expect((await login('rosa@example.it')).status).toBe(200);
    expect((await register('durante@example.it')).status).toBe(201);
    expect((await post('/api/forgot-password/', { email: 'rosa@example.it' })).status).toBe(200);
    expect(await health()).toMatchObject({ status: 'ok', redis: 'down' });
    // The per-account-and-address limit still holds, counted in this instance's memory.
    const wrong = [];
    for (let i = 0; i < 8; i++) wrong.push((await login('durante@example.it', 'sbagliata')).status);
    expect(wrong).toContain(429);
    expect(wrong.every((status) => status === 401 || status === 429)).toBe(true);
    expect(exitCode).toBeNull();

    await redis.start();
    await until(async () => (await health()).redis === 'up', 'health to see Redis again');
    expect((await login('dopo@example.it', 'sbagliata')).status).toBe(401);
    const after = redis.client();
    // Counted in Redis again: the e-mail's tries from this address, and its ceiling across addresses.
    expect((await after.keys('farmaponte:limit:*dopo@example.it*')).sort()).toEqual([
      'farmaponte:limit:login:dopo@example.it',
      'farmaponte:limit:login:dopo@example.it:127.0.0.1',
    ]);
    after.disconnect();
    expect(exitCode).toBeNull();
  }, 120_000);
});
