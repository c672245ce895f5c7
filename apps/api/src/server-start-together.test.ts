/**
 * Three instances started at the same moment against one empty PostgreSQL, as a Deployment's replicas start: the
 * preparation lock lets one migrate and bootstrap while the others wait, then find nothing to do. All three become
 * healthy, each migration is recorded once, ADMIN_EMAIL's admin exists once, and no instance logs an error. The
 * PostgreSQL server is the test's own (test/own-postgres.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwnPostgres, type TOwnPostgres } from '../test/own-postgres';
import { healthy, spawnServer, testPort } from '../test/server-process';
import { MIGRATIONS_FOLDER } from './db/client';

const INSTANCES = 3;
const pgPort = testPort();
const apiPort = testPort(INSTANCES);
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-start-together-'));
const ADMIN_EMAIL = 'admin-insieme@example.it';
let postgres: TOwnPostgres;
const servers: ChildProcess[] = [];
/** What each instance wrote, stdout and stderr together (pino's JSON lines at LOG_LEVEL=info). */
const output: string[] = [];

beforeAll(() => {
  postgres = createOwnPostgres(pgPort);
  postgres.start();
}, 60_000);
afterAll(() => {
  for (const server of servers) server.kill('SIGKILL');
  postgres?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('three instances starting together on one empty PostgreSQL', () => {
  it('migrate and bootstrap once: all healthy, each migration and the admin once, no error logged', async () => {
    for (let index = 0; index < INSTANCES; index++) {
      output[index] = '';
      const server = spawnServer(
        {
          DATABASE_URL: postgres.url,
          JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
          DATA_DIR: join(dataDir, String(index)),
          PORT: String(apiPort + index),
          ADMIN_EMAIL,
          ADMIN_PASSWORD: 'una-password-lunga',
          WEB_CONCURRENCY: '1',
          NODE_ENV: 'production',
          LOG_LEVEL: 'info',
        },
        ['ignore', 'pipe', 'pipe'],
      );
      const keep = (chunk: Buffer) => {
        output[index] += chunk.toString();
      };
      server.stdout?.on('data', keep);
      server.stderr?.on('data', keep);
      servers.push(server);
    }
    await Promise.all(servers.map((_, index) => healthy(`http://127.0.0.1:${apiPort + index}`, `instance ${index}`)));

    const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const migrations = await client.query<{ rows: string; hashes: string }>(
        'select count(*) as rows, count(distinct hash) as hashes from drizzle.__drizzle_migrations',
      );
      expect(migrations.rows[0]).toEqual({ rows: String(journal.entries.length), hashes: String(journal.entries.length) });
      const admins = await client.query<{ role: string }>('select role from users where email = $1', [ADMIN_EMAIL]);
      expect(admins.rows).toEqual([{ role: 'admin' }]);
    } finally {
      await client.end();
    }

    for (const [index, text] of output.entries()) {
      const lines = text.split('\n').filter((line) => line.startsWith('{'));
      // Each instance said it listens; none wrote an error (pino level 50 and up) or a line outside its JSON log.
      expect(
        lines.some((line) => line.includes('"msg":"listening"')),
        `instance ${index} listening`,
      ).toBe(true);
      const errors = lines.filter((line) => ((JSON.parse(line) as { level: number }).level ?? 0) >= 50);
      expect(errors, `instance ${index}`).toEqual([]);
      expect(text, `instance ${index}`).not.toMatch(/error/i);
    }
  });
});
