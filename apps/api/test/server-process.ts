/** The real server as a child process, for the tests that restart, kill or starve it (apps/api/src/server*.test.ts). */
import { type ChildProcess, type SpawnOptions, type StdioOptions, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { apiPath } from '../src/lib/api-root';

/**
 * Runs an entry point of the API's build (`dist/ENTRY.js`: 'server', 'cli/job', …) as production does: plain node with
 * source maps (docs/decisions/041). The api-server project builds it first (test/build-api.ts); elsewhere (a benchmark)
 * `npm run build` must have run. `nodeArgs` go to node before the script.
 */
export function spawnBuilt(entry: string, args: string[], options: SpawnOptions, nodeArgs: string[] = []): ChildProcess {
  const file = apiPath('dist', `${entry}.js`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  return spawn(process.execPath, [...nodeArgs, '--enable-source-maps', file, ...args], options);
}

/**
 * Ports for a test's own servers, drawn at random below Linux's ephemeral range (32768–60999), where the kernel picks
 * the local port of every outgoing connection: a port in that range can be held by a test's own connection to
 * PostgreSQL, and a server started on it exits at once ("address in use"). `count` consecutive ports; never the same
 * twice in one test process.
 */
const handedOut = new Set<number>();

/**
 * The ports something on this machine listens on now (Linux's /proc/net/tcp and tcp6, state 0A), so a test does not
 * draw the port of a service that lives there (a message broker's 25672 stopped a test's server once). Empty where the
 * files are not there.
 */
function listeningPorts(): Set<number> {
  const ports = new Set<number>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state === '0A' && local) ports.add(Number.parseInt(local.split(':').at(-1) ?? '', 16));
    }
  }
  return ports;
}

export function testPort(count = 1): number {
  const busy = listeningPorts();
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 12_000);
    const ports = Array.from({ length: count }, (_, index) => first + index);
    if (ports.some((port) => handedOut.has(port) || busy.has(port))) continue;
    for (const port of ports) handedOut.add(port);
    return first;
  }
}

/** The servers started here by port, with the end of what each wrote on stderr, so `healthy` can tell one that died. */
const started = new Map<string, { child: ChildProcess; stderr: string }>();

/**
 * Starts `npm start`'s server with `env` over quiet defaults (no web build, no logs, loopback only); `nodeArgs` go to
 * node before the script (a benchmark's `--cpu-prof`, which NODE_OPTIONS may not carry). Unless `stdio` says
 * otherwise, stderr is kept (its last 2,000 characters), for the error when the server exits before it answers.
 */
export function spawnServer(
  env: Record<string, string>,
  stdio: StdioOptions = ['ignore', 'ignore', 'pipe'],
  nodeArgs: string[] = [],
): ChildProcess {
  const child = spawnBuilt(
    'server',
    [],
    { env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', ...env }, stdio },
    nodeArgs,
  );
  const entry = { child, stderr: '' };
  if (env.PORT) started.set(env.PORT, entry);
  child.stderr?.on('data', (chunk: Buffer) => {
    entry.stderr = (entry.stderr + chunk.toString()).slice(-2_000);
  });
  return child;
}

/** Polls `check` until it holds; fails with `what` after `ms`. A check that throws counts as not yet. */
export async function until(check: () => Promise<boolean> | boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Resolves when the server answers its health check. A server started here on that port that exits first fails it at
 * once, with its exit code and stderr, rather than after the two minutes.
 */
export async function healthy(base: string, what = 'the server to start'): Promise<void> {
  const own = started.get(new URL(base).port);
  let exited: string | undefined;
  await until(
    async () => {
      if (own && (own.child.exitCode !== null || own.child.signalCode !== null)) {
        exited = `exit ${own.child.exitCode ?? own.child.signalCode}${own.stderr ? `: ${own.stderr.trim()}` : ''}`;
        return true;
      }
      // A port held by something that accepts and never answers must not stall the loop.
      return (await fetch(`${base}/api/health/`, { signal: AbortSignal.timeout(5_000) })).ok;
    },
    what,
    120_000,
  );
  if (exited) throw new Error(`waiting for ${what}, the server on ${base} ended (${exited})`);
}

/**
 * Resolves once `runs` runs of the job `name` that started after `after` have succeeded, as GET /api/health/ reports
 * them (`jobs[name].last_success`, the start of the newest success in any instance): "the sender has looked again".
 */
export async function jobRunsSince(base: string, name: string, after: Date, runs = 1): Promise<void> {
  const seen = new Set<string>();
  await until(
    async () => {
      const health = (await (await fetch(`${base}/api/health/`)).json()) as {
        jobs?: Record<string, { last_success: string | null }>;
      };
      const last = health.jobs?.[name]?.last_success;
      if (last && new Date(last) > after) seen.add(last);
      return seen.size >= runs;
    },
    `${runs} run(s) of ${name}`,
    60_000,
  );
}

/** A JSON call to a running server, with the bearer header when a token is given. */
export function callJson(base: string, method: string, path: string, body?: unknown, token?: string): Promise<Response> {
  return fetch(base + path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export const postJson = (base: string, path: string, body: unknown, token?: string) => callJson(base, 'POST', path, body, token);

export const SERVER_TEST_PASSWORD = 'password-sicura';

/** The body of POST /api/user/register/ for a pharmacist or an owner with a realistic profile. */
export function registration(email: string, role: 'farmacista' | 'titolare' = 'farmacista') {
  return {
    username: email,
    password: SERVER_TEST_PASSWORD,
    profile: {
      name: role === 'farmacista' ? 'Rita' : 'Tito',
      surname: 'Riavvio',
      dob: '1990-01-01',
      telephone: '3331234567',
      userRole: role,
      privacyPolicyConsent: true,
      ...(role === 'titolare'
        ? {
            // Typed by hand (not in the registry), with a VAT number that passes the check digit (decision 048).
            denominazione_farmacia: 'Farmacia del Guasto',
            indirizzo_farmacia: 'Via del Guasto 1',
            comune_farmacia: 'Roma',
            partita_iva: '01234567897',
          }
        : {}),
    },
  };
}

/**
 * Setup for the fault tests, which are about outages, not about checks: marks these accounts' e-mails confirmed and
 * their owners approved in the database the servers use, as the confirmation link and an admin would (decisions 047,
 * 049). Run it before the owners publish.
 */
export async function confirmAndApprove(databaseUrl: string, emails: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('update users set email_verified_at = now() where email = any($1)', [emails]);
    await client.query(
      "update verifications set status = 'verified', decided_at = now() where user_id in (select id from users where email = any($1))",
      [emails],
    );
  } finally {
    await client.end();
  }
}

/**
 * Confirms an address as its owner does, on a server without SMTP_URL (its mails filed as DATA_DIR/mail/*.eml): waits for
 * the confirmation mail, then opens its link (POST /api/user/verify-email/). Logging in waits for it (decision 054).
 */
export async function confirmFromFiledMail(base: string, dataDir: string, email: string): Promise<void> {
  const mailDir = join(dataDir, 'mail');
  let token: string | undefined;
  await until(() => {
    for (const file of existsSync(mailDir) ? readdirSync(mailDir) : []) {
      // Quoted-printable soft breaks undone, so the link is whole.
      const raw = readFileSync(join(mailDir, file), 'utf8').replace(/=\r?\n/g, '');
      if (raw.includes(`${email}\r\n`) || raw.includes(`${email}\n`))
        token = raw.match(/\/conferma-email\/([A-Za-z0-9_-]+)/)?.[1] ?? token;
    }
    return token !== undefined;
  }, `the confirmation mail to ${email}`);
  const response = await postJson(base, '/api/user/verify-email/', { token });
  if (response.status !== 200) throw new Error(`the confirmation of ${email} answered ${response.status}`);
}
