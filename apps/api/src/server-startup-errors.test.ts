/** Start-up failures are one line that says what is wrong and what to do; a lock left by a process that is gone is taken over. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer, testPort } from '../test/server-process';
import { describeStartupError } from './lib/startup-errors';

const scratch = mkdtempSync(join(tmpdir(), 'farmaponte-startup-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Runs the server until it exits or prints its banner; answers its exit code (null: it started) and its stderr. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  const child = spawnServer(env, ['ignore', 'pipe', 'pipe']);
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((done) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('Farmaponte pronto')) {
        child.kill('SIGKILL');
        done({ code: null, stderr });
      }
    });
    child.once('exit', (code) => done({ code, stderr }));
  });
}

describe('start-up errors', () => {
  it('PostgreSQL unreachable: one line naming the address and what to check', async () => {
    const { code, stderr } = await startServer({
      DATABASE_URL: 'postgres://farmaponte@127.0.0.1:1/farmaponte',
      JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
      PORT: String(testPort()),
    });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^PostgreSQL non raggiungibile su 127\.0\.0\.1:1 .*DATABASE_URL/),
    ]);
  }, 60_000);

  it('a DATA_DIR that cannot be written: one line naming the folder', async () => {
    const file = join(scratch, 'a-file');
    writeFileSync(file, 'not a folder');
    const { code, stderr } = await startServer({ DATA_DIR: join(file, 'data'), PORT: String(testPort()) });
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringMatching(/non è scrivibile .*DATA_DIR/)]);
  }, 60_000);

  it('the port taken: one line naming it', async () => {
    const port = testPort();
    const blocker = createServer().listen(port, '127.0.0.1');
    await new Promise((r) => blocker.once('listening', r));
    const { code, stderr } = await startServer({ DATA_DIR: join(scratch, 'port'), PORT: String(port) });
    blocker.close();
    expect(code).toBe(1);
    expect(stderr.trim().split('\n')).toEqual([expect.stringContaining(`La porta ${port} è già occupata`)]);
  }, 90_000);

  it('takes over a lock left by a process that is gone, even when its pid now belongs to another process', async () => {
    const dataDir = join(scratch, 'stale');
    mkdirSync(dataDir, { recursive: true });
    // pid 1 is alive (it is this container's init), but it is not the process that wrote the lock.
    writeFileSync(join(dataDir, 'pglite.lock'), '1 12345');
    const { code, stderr } = await startServer({ DATA_DIR: dataDir, PORT: String(testPort()) });
    expect(stderr).toBe('');
    expect(code).toBeNull();
  }, 90_000);

  it('a full disk (PGlite reports ErrnoError 51) says so and what to do', () => {
    const full = Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 });
    expect(describeStartupError(full, { dataDir: '/srv/farmaponte', PORT: 3000 })).toBe(
      'Disco pieno: impossibile scrivere in /srv/farmaponte. Libera spazio su quel disco (o indica un altro DATA_DIR) e riavvia.',
    );
  });
});
