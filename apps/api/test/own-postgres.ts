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
  /** Ends the server at once, without a shutdown checkpoint (`pg_ctl stop -m immediate`), as a crash of its machine would. */
  kill(): void;
  /** Runs one statement with psql and answers its output (unaligned, tuples only). */
  query(statement: string): string;
  /** Ends every other session, as a failover or `pg_terminate_backend` does. */
  terminateConnections(): void;
  destroy(): void;
}

export function createOwnPostgres(port: number): TOwnPostgres {
  const dir = mkdtempSync(join(tmpdir(), 'farmaponte-own-pg-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  run(postgresBin('initdb'), ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  return ownServer(dir, dataDir, port);
}

/**
 * A streaming standby of `primary` (pg_basebackup -R: a copy of its data folder set to follow it), started on `port`
 * under the name `name`. It is synchronous once the primary lists that name in `synchronous_standby_names`
 * (`makeSynchronous`): from then on the primary acknowledges a commit only when the standby has it on disk, so a commit
 * a client was told of survives the primary's loss. `promote()` makes it the primary.
 */
export function createOwnStandby(
  primary: TOwnPostgres,
  port: number,
  name = 'standby',
): TOwnPostgres & { promote(): void; makeSynchronous(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'farmaponte-own-pg-standby-'));
  chmodSync(dir, 0o777);
  const dataDir = join(dir, 'data');
  run(postgresBin('pg_basebackup'), [
    ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
    ...['-D', dataDir, '-R', '-X', 'stream', '--checkpoint=fast', '--no-sync'],
  ]);
  // The walreceiver introduces itself by cluster_name: the name synchronous_standby_names refers to.
  const own = ownServer(dir, dataDir, port, `-c cluster_name=${name}`);
  return Object.assign(own, {
    promote: () => {
      run(postgresBin('pg_ctl'), ['-D', dataDir, '-w', '-t', '30', 'promote']);
    },
    makeSynchronous: () => {
      // On the primary only: the standby's copy of the settings was taken before, so once promoted it does not wait
      // for a standby of its own that is not there.
      primary.query(`alter system set synchronous_standby_names = '${name}'`);
      primary.query('alter system set synchronous_commit = on');
      primary.query('select pg_reload_conf()');
      for (let tries = 0; ; tries++) {
        if (primary.query(`select sync_state from pg_stat_replication where application_name = '${name}'`) === 'sync') return;
        if (tries > 100) throw new Error(`the standby ${name} did not become synchronous`);
        execFileSync('sleep', ['0.1']);
      }
    },
  });
}

function ownServer(dir: string, dataDir: string, port: number, options = ''): TOwnPostgres {
  const pgCtl = (...args: string[]) => run(postgresBin('pg_ctl'), ['-D', dataDir, '-w', '-t', '30', ...args]);
  const psql = (statement: string) =>
    run(postgresBin('psql'), ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-Atq', '-c', statement]).trim();
  const own: TOwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => {
      pgCtl('-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off ${options}`, '-l', join(dir, 'log'), 'start');
    },
    stop: () => {
      pgCtl('-m', 'fast', 'stop');
    },
    kill: () => {
      pgCtl('-m', 'immediate', 'stop');
    },
    query: psql,
    terminateConnections: () => {
      psql(
        // With a timeout the call waits until each backend has exited, so its FATAL message and closed socket reach the
        // clients before the caller's next step (without it a request could still be handed a connection about to die).
        'select pg_terminate_backend(pid, 10000) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $$client backend$$',
      );
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
