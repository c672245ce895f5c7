/** SIGTERM with a client that sends its body a byte at a time: the server drains until its deadline, cuts it and exits 0. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-shutdown-test-'));
const port = 44_600 + Math.floor(Math.random() * 1_000);
let server: ChildProcess | undefined;

afterAll(() => {
  server?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('graceful shutdown with a slow client', () => {
  it('cuts the client at SHUTDOWN_TIMEOUT_SECONDS and exits 0', async () => {
    server = spawn(process.execPath, ['--import', 'tsx', resolve(import.meta.dirname, 'server.ts')], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        WEB_DIST: '/nonexistent',
        SHUTDOWN_TIMEOUT_SECONDS: '2',
      },
      stdio: 'ignore',
    });
    const exited = new Promise<{ code: number | null; at: number }>((r) =>
      server?.once('exit', (code) => r({ code, at: Date.now() })),
    );
    for (let i = 0; i < 240; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/api/health/`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 250));
    }

    // The body is announced as 200 bytes and dribbles in at one byte every 300 ms.
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise((r) => socket.once('connect', r));
    socket.write(
      'POST /api/token/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const dribble = setInterval(() => socket.writable && socket.write(' '), 300);
    await new Promise((r) => setTimeout(r, 600));

    server.kill('SIGTERM');
    // Before the deadline existed, the slow client held the server until a hard 10 s timer ended it with exit 1.
    const { code } = await exited;
    clearInterval(dribble);
    socket.destroy();
    expect(code).toBe(0);
  }, 90_000);
});
