/**
 * A PostgreSQL server of the test's own (initdb into a temporary folder, its own port), so a fault test can stop,
 * restart and cut it without touching the machine's shared one. Debian's binaries live under /usr/lib/postgresql.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const path = join(root, version, 'bin', name);
    if (existsSync(path)) return path;
  }
  throw new Error(`${name} not found under ${root}: install Debian's postgresql package`);
}

/** initdb and postgres refuse to run as root: as root, run them as the postgres system user. */
function run(bin: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [command, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000 }).toString();
}

export interface TOwnPostgres {
  url: string;
  port: number;
  start(): void;
  stop(): void;
  /** Ends every other session, as a failover or `pg_terminate_backend` does. */
  terminateConnections(): void;
  destroy(): void;
}

export function createOwnPostgres(port: number): TOwnPostgres {
  const dir = mkdtempSync(join(tmpdir(), 'farmaponte-own-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  run(postgresBin('initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const pgCtl = (...args: string[]) => run(postgresBin('pg_ctl'), ['-D', dataDir, '-w', '-t', '30', ...args]);
  const own: TOwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', join(dir, 'log'), 'start');
    },
    stop: () => {
      pgCtl('-m', 'fast', 'stop');
    },
    terminateConnections: () => {
      run(postgresBin('psql'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-c',
        // With a timeout the call waits until each backend has exited, so its FATAL message and closed socket reach the
        // clients before the caller's next step (without it a request could still be handed a connection about to die).
        'select pg_terminate_backend(pid, 10000) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $$client backend$$',
      ]);
    },
    destroy: () => {
      try {
        own.stop();
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return own;
}
