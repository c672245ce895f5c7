/**
 * HAProxy (Debian's package) in front of PostgreSQL servers of the test's own, as production puts it in front of a
 * Patroni cluster: one address that always leads to the writable primary. TCP mode; each server is health-checked over
 * HTTP on a small check endpoint beside it (`primaryCheck`) that answers 200 only while its server accepts writes, as
 * Patroni's REST API answers `GET /primary`. A standby, a server that is down and a primary that was demoted all fail
 * the check, so the proxy follows a promotion by itself (no reload), and `on-marked-down shutdown-sessions` cuts the
 * connections it had open to a server it takes out: the app's pool opens new ones, to the new primary.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** How often HAProxy checks each server; two failed checks take a server out, one good check puts it in. */
export const CHECK_INTERVAL_MS = 500;

/**
 * The check endpoint of one PostgreSQL server: `GET /primary` answers 200 when a fresh connection finds it out of
 * recovery (`pg_is_in_recovery()` false: it accepts writes), 503 otherwise or when it cannot be reached within a second.
 */
export async function primaryCheck(databaseUrl: string, port: number): Promise<{ close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1_000, query_timeout: 1_000 });
    client.on('error', () => {});
    const answer = (status: number, body: string) => {
      client.end().catch(() => {});
      response.writeHead(status, { 'content-type': 'text/plain', connection: 'close' }).end(body);
    };
    if (request.url !== '/primary') return answer(404, 'not found\n');
    client
      .connect()
      .then(() => client.query<{ standby: boolean }>('select pg_is_in_recovery() as standby'))
      .then(({ rows }) => (rows[0]?.standby ? answer(503, 'standby\n') : answer(200, 'primary\n')))
      .catch((error: Error) => answer(503, `unreachable: ${error.message}\n`));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export interface TOwnHaproxy {
  url(database: string): string;
  /** Each server's state as HAProxy sees it (UP, DOWN, …), by name. */
  states(): Promise<Record<string, string>>;
  /** Waits until `name` is the only server HAProxy sends connections to. */
  waitForPrimary(name: string, ms?: number): Promise<void>;
  stop(): Promise<void>;
  /** Ends it at once (a process exit handler's last resort). */
  kill(): void;
}

/** Starts HAProxy on `port` in front of `servers` (each: its PostgreSQL port and its check endpoint's port). */
export async function startHaproxy(
  port: number,
  servers: { name: string; port: number; checkPort: number }[],
): Promise<TOwnHaproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'farmaponte-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const config = join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      `  stats socket ${socket} mode 600 level admin`,
      '  maxconn 2000',
      'defaults',
      '  mode tcp',
      '  timeout connect 2s',
      // Above the longest idle time of a connection the app keeps open: its LISTEN connection may be quiet for long.
      '  timeout client 30m',
      '  timeout server 30m',
      '  timeout check 2s',
      'listen postgres',
      `  bind 127.0.0.1:${port}`,
      '  option httpchk GET /primary',
      '  http-check expect status 200',
      `  default-server inter ${CHECK_INTERVAL_MS} fall 2 rise 1 on-marked-down shutdown-sessions`,
      ...servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port} check port ${server.checkPort}`),
      '',
    ].join('\n'),
  );
  let output = '';
  const child: ChildProcess = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const admin = (command: string) =>
    new Promise<string>((resolve, reject) => {
      let answer = '';
      const connection = connect(socket);
      connection.on('data', (chunk) => (answer += chunk.toString()));
      connection.on('end', () => resolve(answer));
      connection.on('error', reject);
      connection.end(`${command}\n`);
    });
  const states = async () => {
    const rows = (await admin('show stat')).split('\n').map((line) => line.split(','));
    const header = rows[0] ?? [];
    const status = header.indexOf('status');
    const name = header.indexOf('svname');
    return Object.fromEntries(
      rows
        .slice(1)
        .filter((row) => servers.some((server) => server.name === row[name]))
        .map((row) => [row[name] as string, row[status] as string]),
    );
  };
  const waitForPrimary = async (primary: string, ms = 20_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const seen = await states().catch(() => ({}) as Record<string, string>);
      if (
        seen[primary] === 'UP' &&
        servers.every((server) => server.name === primary || !String(seen[server.name]).startsWith('UP'))
      )
        return;
      if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`haproxy did not settle on ${primary}: ${JSON.stringify(seen)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  for (
    let tries = 0;
    !(await admin('show info').then(
      () => true,
      () => false,
    ));
    tries++
  ) {
    if (child.exitCode !== null || tries > 100) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    states,
    waitForPrimary,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
