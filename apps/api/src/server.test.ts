/**
 * The real server process, built and run with plain node as `npm start` runs it (docs/decisions/041): durable writes
 * across kill -9, a clean exit on SIGTERM with requests in flight, and stack traces that name the sources.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { confirmFromFiledMail, healthy, spawnBuilt, spawnServer, testPort } from '../test/server-process';

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-server-test-'));
const port = testPort();
const base = `http://127.0.0.1:${port}`;

interface TServer {
  child: ChildProcess;
  /** Resolves with the first log line (pino JSON) that matches, logged before or after the call. */
  logged(match: (line: TLogLine) => boolean): Promise<TLogLine>;
}
type TLogLine = { msg?: string; req?: { url?: string; method?: string } };

function start(): TServer {
  // Info level logs each request as it arrives ("incoming request") and the start of the shutdown: the test's signals.
  const child = spawnServer({ DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' }, ['ignore', 'pipe', 'ignore']);
  const lines: TLogLine[] = [];
  const waiting: { match: (line: TLogLine) => boolean; resolve: (line: TLogLine) => void; reject: (e: Error) => void }[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop() ?? '';
    for (const text of parts) {
      let line: TLogLine;
      try {
        line = JSON.parse(text) as TLogLine;
      } catch {
        continue;
      }
      lines.push(line);
      for (const waiter of waiting.filter((w) => w.match(line))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  // A server that exits fails the wait at once instead of leaving the test to its timeout.
  child.once('exit', (code) => {
    for (const waiter of waiting.splice(0)) waiter.reject(new Error(`server exited (${code}) before the awaited log line`));
  });
  return {
    child,
    logged: (match) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(match);
        if (seen) resolve(seen);
        else if (child.exitCode !== null) reject(new Error('server already exited'));
        else waiting.push({ match, resolve, reject });
      }),
  };
}

const ready = () => healthy(base);

const exited = (child: ChildProcess) =>
  new Promise<number | null>((r) => (child.exitCode !== null ? r(child.exitCode) : child.once('exit', (code) => r(code))));

const registration = {
  username: 'durevole@example.it',
  password: 'password-sicura',
  profile: {
    name: 'Dora',
    surname: 'Durevole',
    dob: '1990-01-01',
    telephone: '3331234567',
    userRole: 'farmacista',
    privacyPolicyConsent: true,
  },
};
const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/**
 * A POST whose body is sent in two parts: the server has the request (headers parsed, handler waiting for the body)
 * after the first, and cannot answer before the second. Resolves with the status.
 */
function postInTwoParts(path: string, body: unknown) {
  const bytes = Buffer.from(JSON.stringify(body));
  const half = Math.floor(bytes.length / 2);
  const req = request(`${base}${path}`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
  });
  const status = new Promise<number>((resolve, reject) => {
    req.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    req.on('error', reject);
  });
  req.write(bytes.subarray(0, half));
  return { status, finish: () => req.end(bytes.subarray(half)) };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the server process on the embedded database', () => {
  it('keeps an acknowledged registration after kill -9, and exits 0 on SIGTERM after answering in-flight requests', async () => {
    const first = start();
    await ready();
    expect((await post('/api/user/register/', registration)).status).toBe(201);
    await confirmFromFiledMail(base, dataDir, registration.username);
    first.child.kill('SIGKILL');
    await exited(first.child);

    const second = start();
    await ready();
    // A login whose body is still on its way: in flight for sure when SIGTERM arrives.
    const login = postInTwoParts('/api/token/', { username: registration.username, password: registration.password });
    await second.logged((line) => line.msg === 'incoming request' && line.req?.url === '/api/token/');
    second.child.kill('SIGTERM');
    await second.logged((line) => line.msg?.startsWith('shutting down') === true);
    login.finish();
    expect(await login.status).toBe(200);
    expect(await exited(second.child)).toBe(0);
  }, 120_000);
});

describe('the build', () => {
  it('names the line in src/ when a built command fails with a stack trace (source maps)', async () => {
    // A data directory under a plain file cannot be created: the job command prints the unexpected error with its stack.
    const notADirectory = join(dataDir, 'a-file');
    writeFileSync(notADirectory, '');
    const command = spawnBuilt('cli/job', ['mail-outbox'], {
      env: { ...process.env, DATA_DIR: join(notADirectory, 'data'), LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    command.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    expect(await exited(command)).toBe(1);
    expect(stderr).toContain('ENOTDIR');
    expect(stderr).toMatch(/at lockDataDir \(.*apps\/api\/src\/lib\/data-dir-lock\.ts:\d+:\d+\)/);
    expect(stderr).toMatch(/apps\/api\/src\/cli\/job\.ts:\d+:\d+/);
    expect(stderr).not.toContain('dist/');
  });
});
