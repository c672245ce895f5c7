/**
 * SIGTERM with a client that sends its body a byte at a time: the server drains until its deadline, cuts it and exits 0.
 * With SHUTDOWN_DRAIN_SECONDS, SIGTERM first turns readiness to 503 while other requests are still served.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { healthy, postJson, registration, spawnServer, testPort, until } from '../test/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-shutdown-test-'));
const port = testPort();
let server: ChildProcess | undefined;

let drained: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  drained?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown with a slow client', () => {
  it('cuts the client at SHUTDOWN_TIMEOUT_SECONDS and exits 0', async () => {
    server = spawnServer({ DATA_DIR: dataDir, PORT: String(port), SHUTDOWN_TIMEOUT_SECONDS: '2' });
    const exited = new Promise<{ code: number | null }>((r) => server?.once('exit', (code) => r({ code })));
    await healthy(`http://127.0.0.1:${port}`);

    // The body is announced as 200 bytes and dribbles in at one byte every 300 ms. `Expect: 100-continue` makes the
    // server say when it has the request and waits for its body: then it is stopped.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    const reading = new Promise((r) => socket.once('data', r));
    socket.write(
      'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n' +
        'Expect: 100-continue\r\n\r\n',
    );
    expect(String(await reading)).toMatch(/^HTTP\/1\.1 100 Continue/);
    socket.write('{');
    const dribble = setInterval(() => socket.writable && socket.write(' '), 300);

    server.kill('SIGTERM');
    // Before the deadline existed, the slow client held the server until a hard 10 s timer ended it with exit 1.
    const { code } = await exited;
    clearInterval(dribble);
    socket.destroy();
    expect(code).toBe(0);
  }, 90_000);
});

describe('the drain before a shutdown (SHUTDOWN_DRAIN_SECONDS)', () => {
  it('answers readiness 503 shutting_down while it still serves other requests, then exits 0', async () => {
    const drainPort = testPort();
    const base = `http://127.0.0.1:${drainPort}`;
    drained = spawnServer({ DATA_DIR: join(dataDir, 'drain'), PORT: String(drainPort), SHUTDOWN_DRAIN_SECONDS: '4' });
    const exited = new Promise<{ code: number | null }>((r) => drained?.once('exit', (code) => r({ code })));
    await healthy(base);

    drained.kill('SIGTERM');
    let readiness: { status: number; body: { code?: string; message?: string } } | undefined;
    await until(async () => {
      const response = await fetch(`${base}/api/health/`);
      readiness = { status: response.status, body: (await response.json()) as { code?: string; message?: string } };
      return response.status !== 200;
    }, 'readiness to turn 503');
    expect(readiness?.status).toBe(503);
    expect(readiness?.body.code).toBe('shutting_down');
    expect(readiness?.body.message).toMatch(/spegnendo/);

    // Whoever still reaches it is served as usual: liveness, and a write (a registration).
    const live = await fetch(`${base}/api/health/live`);
    expect(live.status).toBe(200);
    expect(live.headers.get('connection')).toBe('close');
    expect((await postJson(base, '/api/user/register/', registration('durante-lo-spegnimento@example.it'))).status).toBe(201);
    expect(drained.exitCode).toBeNull();

    expect((await exited).code).toBe(0);
  }, 90_000);
});
