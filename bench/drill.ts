/**
 * The drill: production's shape on this machine, with its faults on a timeline. Two API instances (separate processes,
 * started as the server tests start them) share a PostgreSQL and a Redis of the drill's own, behind a round-robin
 * balancer (bench/drill-balancer.ts), with a real SMTP server recording every mail. Virtual users (owners publishing,
 * deciding and closing; pharmacists searching, applying and withdrawing) run at a fixed concurrency while the drill
 * kills one instance (SIGKILL, back after 10 s), stops SMTP for 30 s, terminates every connection to its database and
 * SIGTERMs the other instance (restarted once it has exited). With --failover the database is a primary with a
 * synchronous streaming standby, the instances reach it only through HAProxy (apps/api/test/own-haproxy.ts), and a step
 * crashes the primary, promotes the standby and lets the proxy follow it while the traffic runs. Then it checks in the database that every acknowledged
 * write is there in the right state and that every queued mail was delivered, counting second deliveries of a
 * Message-ID. It talks to the product through HTTP, the database's tables and the SMTP server only.
 *
 *   npx tsx bench/drill.ts [--minutes 3] [--users 20] [--owners 6] [--think-ms 150] [--workers 1]
 *                          [--database-url postgres://root@127.0.0.1:5432/postgres] [--out bench/results/drill.md]
 *                          [--failover [--promote-after-seconds 2]] [--port-base 41000]
 *
 * Without --database-url it runs its own PostgreSQL (apps/api/test/own-postgres.ts); with it, it makes a fresh database
 * farmaponte_drill on that server and terminates only that database's connections. Exits 1 when an acknowledged write
 * was lost or wrong, a mail was lost, an instance exited unasked, or any answer was a 5xx other than 503 and the
 * balancer's 502; with --failover also when a write answered 503 did not succeed when retried, or the outbox, the job
 * runner or an instance's LISTEN did not carry on on the new primary.
 * What it checks and how to read it: docs/operations.md ("The drill").
 */
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { makeCvPdf } from '../apps/api/src/factories';
import { primaryCheck, startHaproxy, type TOwnHaproxy } from '../apps/api/test/own-haproxy';
import { createOwnPostgres, createOwnStandby, type TOwnPostgres } from '../apps/api/test/own-postgres';
import { createOwnRedis } from '../apps/api/test/own-redis';
import {
  confirmAndApprove,
  healthy,
  registration,
  SERVER_TEST_PASSWORD,
  spawnServer,
  until,
} from '../apps/api/test/server-process';
import { startSmtpServer, type TReceivedMail, type TSmtp } from '../apps/api/test/smtp';
import { createBenchDatabase, dropBenchDatabase } from './database';
import { startBalancer } from './drill-balancer';
import { type TCall, type TDelivery, type TDrillFacts, type TFailover, verify } from './drill-checks';

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '3' },
    users: { type: 'string', default: '20' },
    owners: { type: 'string', default: '6' },
    'think-ms': { type: 'string', default: '150' },
    workers: { type: 'string', default: '1' },
    'database-url': { type: 'string' },
    'drain-seconds': { type: 'string', default: '360' },
    failover: { type: 'boolean', default: false },
    'promote-after-seconds': { type: 'string', default: '2' },
    'port-base': { type: 'string' },
    out: { type: 'string', default: resolve(import.meta.dirname, 'results/drill.md') },
  },
});
const durationMs = Number(values.minutes) * 60_000;
const users = Number(values.users);
const ownerCount = Math.min(Number(values.owners), users - 1);
const thinkMs = Number(values['think-ms']);
const DATABASE = 'farmaponte_drill';
const work = mkdtempSync(join(tmpdir(), 'farmaponte-drill-'));
const started = Date.now();
/** Seconds since the traffic started (negative during the set-up). */
let trafficStart = Number.POSITIVE_INFINITY;
const now = () => (Date.now() - trafficStart) / 1000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const say = (line: string) => console.log(`[drill ${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

let nextPort = values['port-base'] ? Number(values['port-base']) : 0;
/** A free port: any the system hands out, or with --port-base the next free one from there. */
async function freePort(): Promise<number> {
  for (;;) {
    const probe = createServer();
    const listening = await new Promise<boolean>((r) => {
      probe.once('error', () => r(false));
      probe.listen(nextPort ? nextPort++ : 0, '127.0.0.1', () => r(true));
    });
    if (!listening) continue;
    const { port } = probe.address() as { port: number };
    await new Promise<void>((r) => probe.close(() => r()));
    return port;
  }
}

// ---------------------------------------------------------------- the services
let ownPostgres: TOwnPostgres | undefined;
let adminUrl = values['database-url'];
if (values.failover && adminUrl) throw new Error('--failover runs its own primary and standby: leave out --database-url');
if (!adminUrl) {
  say('starting its own PostgreSQL');
  ownPostgres = createOwnPostgres(await freePort());
  ownPostgres.start();
  adminUrl = ownPostgres.url;
}
/** With --failover: the standby, each server's check endpoint, and HAProxy, the only address the instances know. */
let standby: ReturnType<typeof createOwnStandby> | undefined;
const primaryChecks: { close(): Promise<void> }[] = [];
let proxy: TOwnHaproxy | undefined;
if (values.failover && ownPostgres) {
  say('starting a synchronous streaming standby and HAProxy in front of both');
  standby = createOwnStandby(ownPostgres, await freePort());
  standby.start();
  standby.makeSynchronous();
  const checkPorts = [await freePort(), await freePort()] as [number, number];
  primaryChecks.push(await primaryCheck(ownPostgres.url, checkPorts[0]), await primaryCheck(standby.url, checkPorts[1]));
  proxy = await startHaproxy(await freePort(), [
    { name: 'primary', port: ownPostgres.port, checkPort: checkPorts[0] },
    { name: 'standby', port: standby.port, checkPort: checkPorts[1] },
  ]);
  await proxy.waitForPrimary('primary');
  adminUrl = proxy.url('postgres');
}
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${DATABASE}` }).toString();
await createBenchDatabase(databaseUrl);
const redis = createOwnRedis(await freePort());
await redis.start();

const deliveries: TDelivery[] = [];
/** The token of each e-mail confirmation mail, by recipient: the drill's accounts confirm their address as people do (decision 047). */
const confirmationTokens = new Map<string, string>();
const onMail = (mail: TReceivedMail) => {
  deliveries.push({ at: now(), to: mail.to, messageId: /^Message-ID:\s*<([^>]+)>/im.exec(mail.raw)?.[1] });
  const token = /\/conferma-email\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (token) for (const to of mail.to) confirmationTokens.set(to, token);
};
let smtp: TSmtp = await startSmtpServer(onMail, nextPort ? await freePort() : 0);
const smtpPort = Number(new URL(smtp.url).port);

const apiPorts = [await freePort(), await freePort()];
const balancer = await startBalancer(apiPorts, now, nextPort ? await freePort() : 0);
const instances = apiPorts.map((port, index) => ({
  index,
  port,
  base: `http://127.0.0.1:${port}`,
  child: undefined as ChildProcess | undefined,
  /** The signal the drill sent to the running process, if any. */
  sent: undefined as NodeJS.Signals | undefined,
}));
/** Exits the drill did not ask for: a crash, or a SIGTERM answered with a code other than 0. */
const badExits: string[] = [];
const timeline: TDrillFacts['timeline'] = [];
const event = (what: string, detail = '') => {
  timeline.push({ at: now(), what, detail });
  say(`${what} ${detail}`);
};

function startInstance(index: number) {
  const instance = instances[index] as (typeof instances)[number];
  const log = openSync(join(work, `instance-${index}.log`), 'a');
  const child = spawnServer(
    {
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      JWT_SECRET: 'a-drill-secret-that-is-long-enough-for-hs256',
      PUBLIC_URL: balancer.url,
      TRUST_PROXY: '127.0.0.1',
      PORT: String(instance.port),
      DATA_DIR: join(work, `data-${index}`),
      WEB_CONCURRENCY: values.workers,
      // Every virtual user logs in from this machine's one address.
      AUTH_MAX_PER_IP: '1000000',
    },
    ['ignore', log, log],
  );
  child.once('exit', (code, signal) => {
    if (instance.child === child) instance.child = undefined;
    const detail = `code ${code ?? '–'}, signal ${signal ?? '–'}`;
    const asked = instance.sent === 'SIGKILL' ? signal === 'SIGKILL' : instance.sent === 'SIGTERM' && code === 0;
    if (!asked)
      badExits.push(`instance ${index} at ${now().toFixed(1)} s: ${detail}${instance.sent ? ` after ${instance.sent}` : ''}`);
    event(`instance ${index} exited`, `${detail}${asked ? '' : ' (unexpected: see its log)'}`);
  });
  instance.sent = undefined;
  instance.child = child;
}

/** Starts an instance and waits (bounded) until it answers its health check; answers the seconds it took. */
async function startAndWait(index: number): Promise<number> {
  const from = Date.now();
  startInstance(index);
  await healthy((instances[index] as { base: string }).base, `instance ${index} to answer its health check`);
  return (Date.now() - from) / 1000;
}

/** Sends `signal` and waits (bounded) for the exit. */
async function stopInstance(index: number, signal: NodeJS.Signals, withinMs = 60_000) {
  const child = instances[index]?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const instance = instances[index] as (typeof instances)[number];
  const exited = new Promise((r) => child.once('exit', r));
  instance.sent = signal;
  child.kill(signal);
  const overdue = setTimeout(() => {
    badExits.push(`instance ${index} did not exit within ${withinMs / 1000} s of ${signal}`);
    instance.sent = 'SIGKILL';
    child.kill('SIGKILL');
  }, withinMs);
  await exited;
  clearTimeout(overdue);
}

async function terminateDatabaseConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const result = await admin.query(
      'select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [DATABASE],
    );
    return result.rows[0].n as number;
  } finally {
    await admin.end();
  }
}

async function shutDown() {
  await Promise.all(instances.map((instance) => stopInstance(instance.index, 'SIGTERM', 20_000)));
  await balancer.close();
  await smtp.abort();
  await redis.kill();
  await proxy?.stop();
  proxy = undefined;
  for (const check of primaryChecks.splice(0)) await check.close();
  standby?.destroy();
  standby = undefined;
  if (ownPostgres) ownPostgres.destroy();
  else await dropBenchDatabase(databaseUrl);
  ownPostgres = undefined;
}
// Interrupted, or a bounded wait gave up: nothing the drill started outlives it.
process.once('exit', () => {
  for (const instance of instances) instance.child?.kill('SIGKILL');
  void redis.kill();
  proxy?.kill();
  standby?.destroy();
  ownPostgres?.destroy();
});
process.once('SIGINT', () => process.exit(130));

say(`starting two instances (logs in ${work})`);
// One at a time: the first migrates the empty database, the second finds it migrated.
await startAndWait(0);
await startAndWait(1);

// ---------------------------------------------------------------- the people
const calls: TCall[] = [];
/** True while the traffic runs (and during the set-up): a write answered 503 is retried only meanwhile. */
let running = true;

interface TActor {
  vu: number;
  email: string;
  role: 'titolare' | 'farmacista';
  token: string;
}

/** What the drill reads of an answer, or of each row of a list or a page's `results`. */
interface TRow {
  id: number;
  status?: string;
  code?: string;
  access?: string;
  offer?: { id: number; status?: string };
}

const pathPattern = (path: string) => (path.split('?')[0] ?? path).replace(/\/\d+\//g, '/{id}/');

/**
 * One request through the balancer, as a client that retries: a write answered 503 (the database away, a write
 * conflict) is sent again after the answer's Retry-After (at most a second here, so the drill measures the database's
 * gap rather than the client's patience), up to 30 times. Each attempt is recorded on its own, the retries numbered.
 */
async function call(
  actor: TActor,
  action: string,
  method: string,
  path: string,
  body?: unknown,
  about: Pick<TCall, 'offerId' | 'appId' | 'decision'> = {},
): Promise<{ status: number; json?: TRow; rows: TRow[] }> {
  for (let attempt = 0; ; attempt++) {
    const answer = await callOnce(actor, action, method, path, body, about, attempt);
    if (answer.status !== 503 || method === 'GET' || attempt >= 30 || !running) return answer;
    await sleep(Math.min(1, answer.retryAfter || 1) * (500 + 500 * Math.random()));
  }
}

async function callOnce(
  actor: TActor,
  action: string,
  method: string,
  path: string,
  body?: unknown,
  about: Pick<TCall, 'offerId' | 'appId' | 'decision'> = {},
  retry = 0,
): Promise<{ status: number; json?: TRow; rows: TRow[]; retryAfter?: number }> {
  const record: TCall = {
    retry,
    vu: actor.vu,
    email: actor.email,
    action,
    method,
    path: pathPattern(path),
    t0: now(),
    t1: 0,
    status: 0,
    ...about,
  };
  calls.push(record);
  try {
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(balancer.url + path, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(actor.token ? { authorization: `Bearer ${actor.token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(90_000),
      });
      const text = await response.text();
      // An access token lives 15 minutes: log in again once, as the web app refreshes.
      if (response.status === 401 && attempt === 0 && actor.token && path !== '/api/token/') {
        await logIn(actor);
        continue;
      }
      record.t1 = now();
      record.status = response.status;
      record.balancer = response.headers.get('x-drill-balancer') === '1';
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const json =
        parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as TRow & { results?: TRow[] }) : undefined;
      const rows = Array.isArray(parsed) ? (parsed as TRow[]) : Array.isArray(json?.results) ? json.results : [];
      record.code = typeof json?.code === 'string' ? json.code : undefined;
      if (response.status >= 500) record.snippet = text.slice(0, 160);
      if (response.status >= 200 && response.status < 300) {
        record.result = json?.status;
        // What a creation made: the checks look for it by its id.
        if (action === 'publish offer') record.offerId = json?.id;
        if (action === 'apply') record.appId = json?.id;
      }
      return { status: response.status, json, rows, retryAfter: Number(response.headers.get('retry-after') ?? 0) };
    }
  } catch (error) {
    record.t1 = now();
    record.error = String((error as Error).cause ?? (error as Error).message ?? error).slice(0, 160);
    return { status: 0, rows: [] };
  }
}

async function logIn(actor: TActor) {
  const saved = actor.token;
  actor.token = '';
  const answer = await call(actor, 'login', 'POST', '/api/token/', { username: actor.email, password: SERVER_TEST_PASSWORD });
  actor.token = (answer.status === 200 && answer.json?.access) || saved;
}

const CITIES = ['Roma', 'Milano', 'Torino', 'Napoli', 'Bologna', 'Firenze'];
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const isoDay = (daysFromNow: number) => new Date(Date.now() + daysFromNow * 86_400_000).toISOString().slice(0, 10);

say(`registering ${ownerCount} owners and ${users - ownerCount} pharmacists through the balancer`);
const cv = (await makeCvPdf('Rita Esercitazione')).toString('base64');
const actors: TActor[] = [];
for (let vu = 0; vu < users; vu++) {
  const role = vu < ownerCount ? 'titolare' : 'farmacista';
  const email = `${role}${vu}@drill.farmaponte.it`;
  const actor: TActor = { vu, email, role, token: '' };
  const body = registration(email, role);
  if (role === 'titolare') Object.assign(body.profile, { comune_farmacia: CITIES[vu % CITIES.length] });
  const registered = await call(actor, 'register', 'POST', '/api/user/register/', body);
  if (registered.status !== 201) throw new Error(`registration answered ${registered.status}`);
  actors.push(actor);
}
// Logging in needs a confirmed address (decision 054): each account opens the link of its mail, once the outbox sent them.
for (const actor of actors) {
  const deadline = Date.now() + 60_000;
  while (!confirmationTokens.has(actor.email) && Date.now() < deadline) await sleep(100);
  const token = confirmationTokens.get(actor.email);
  if (!token) throw new Error(`no confirmation mail reached ${actor.email}`);
  const confirmed = await call(actor, 'confirm e-mail', 'POST', '/api/user/verify-email/', { token });
  if (confirmed.status !== 200) throw new Error(`the e-mail confirmation answered ${confirmed.status}`);
  await logIn(actor);
  if (
    actor.role === 'farmacista' &&
    (await call(actor, 'upload CV', 'PUT', '/api/user/details/', { pdf_file: cv })).status !== 200
  )
    throw new Error('the CV upload failed');
}
// An owner's offers go out once an admin has approved the owner (decision 049): approved here, as setup.
await confirmAndApprove(
  databaseUrl,
  actors.filter((actor) => actor.role === 'titolare').map((actor) => actor.email),
);

interface TOwnOffer {
  id: number;
  open: boolean;
}
async function ownerLoop(actor: TActor, running: () => boolean) {
  const offers: TOwnOffer[] = [];
  let published = 0;
  while (running()) {
    const open = offers.filter((offer) => offer.open);
    const r = Math.random();
    if (open.length < 2 || r < 0.08) {
      const days = 3 + Math.floor(Math.random() * 20);
      const answer = await call(actor, 'publish offer', 'POST', '/api/offers/create/', {
        title: `Turno ${++published} della farmacia ${actor.vu}`,
        description: 'Sostituzione per ferie, banco e preparazioni.',
        hourly_pay: 18 + Math.floor(Math.random() * 12),
        positions: 1 + Math.floor(Math.random() * 3),
        date_from: isoDay(days),
        date_to: isoDay(days + Math.floor(Math.random() * 3)),
        start_time: '08:30',
        end_time: '13:00',
      });
      if (answer.status === 201 && answer.json) offers.push({ id: answer.json.id, open: true });
    } else if (r < 0.6) {
      const list = await call(actor, 'list received', 'GET', '/api/titolare/candidatures/?page=1&page_size=20');
      const waiting = list.rows.filter((a) => (a.status === 'sent' || a.status === 'seen') && a.offer?.status === 'open');
      const chosen = pick(waiting);
      if (chosen?.offer) {
        const decision = Math.random() < 0.6 ? 'accepted' : 'rejected';
        await call(
          actor,
          `decide ${decision}`,
          'POST',
          `/api/titolare/candidatures/${chosen.id}/decision/`,
          { decision },
          {
            appId: chosen.id,
            offerId: chosen.offer.id,
            decision,
          },
        );
      }
    } else if (r < 0.66) {
      const list = await call(actor, 'list received', 'GET', '/api/titolare/candidatures/?status=accepted&page=1&page_size=20');
      const chosen = pick(list.rows);
      if (chosen?.offer)
        await call(
          actor,
          'cancel acceptance',
          'POST',
          `/api/titolare/candidatures/${chosen.id}/decision/`,
          { decision: 'rejected', message: 'Ci scusiamo: il turno è stato riorganizzato.' },
          { appId: chosen.id, offerId: chosen.offer.id, decision: 'rejected' },
        );
    } else if (r < 0.72) {
      const offer = open[0];
      if (offer) {
        const answer = await call(actor, 'close offer', 'POST', `/api/offers/${offer.id}/close/`, undefined, {
          offerId: offer.id,
        });
        if (answer.status !== 0 && answer.status < 500) offer.open = false;
      }
    } else {
      const mine = await call(actor, 'list my offers', 'GET', '/api/offers/mine/');
      for (const row of mine.rows) {
        const offer = offers.find((o) => o.id === row.id);
        if (offer) offer.open = row.status === 'open';
      }
    }
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}

async function pharmacistLoop(actor: TActor, running: () => boolean) {
  /** My applications by offer, as the last answers told. */
  const applications = new Map<number, { id: number; status: string }>();
  let candidates: number[] = [];
  while (running()) {
    const r = Math.random();
    if (r < 0.35 || candidates.length === 0) {
      const query = pick(['?page=1&page_size=20&sort=date', '?region=Lazio&page=1', '?near=Milano&radius_km=100&page=1', '']);
      const answer = await call(actor, 'search', 'GET', `/api/offers/${query}`);
      candidates = answer.rows
        .map((row) => row.id as number)
        .filter((id) => {
          const mine = applications.get(id);
          return !mine || mine.status === 'withdrawn';
        });
    } else if (r < 0.7) {
      const offerId = pick(candidates) as number;
      candidates = candidates.filter((id) => id !== offerId);
      const answer = await call(actor, 'apply', 'POST', '/api/candidature/', { offer_id: offerId }, { offerId });
      if (answer.status === 201 && answer.json) applications.set(offerId, { id: answer.json.id, status: 'sent' });
    } else if (r < 0.82) {
      const mine = [...applications.entries()].filter(([, a]) => ['sent', 'seen', 'accepted'].includes(a.status));
      const chosen = pick(mine);
      if (chosen) {
        const [offerId, application] = chosen;
        const answer = await call(actor, 'withdraw', 'POST', `/api/candidature/${application.id}/withdraw/`, undefined, {
          appId: application.id,
          offerId,
        });
        if (answer.status === 200) application.status = 'withdrawn';
      }
    } else {
      const answer = await call(actor, 'list my applications', 'GET', '/api/candidature/mine/');
      for (const row of answer.rows) if (row.offer) applications.set(row.offer.id, { id: row.id, status: row.status ?? '' });
    }
    await sleep(thinkMs * (0.5 + Math.random()));
  }
}

// ---------------------------------------------------------------- traffic and the timeline
const setupCalls = calls.length;
const loadBefore = loadavg()[0] ?? 0;
trafficStart = Date.now();
running = true;
say(`traffic for ${values.minutes} minutes with ${users} virtual users`);
const load = Promise.all(
  actors.map((actor) => (actor.role === 'titolare' ? ownerLoop(actor, () => running) : pharmacistLoop(actor, () => running))),
);
const at = (fraction: number) => sleep(Math.max(0, trafficStart + fraction * durationMs - Date.now()));

let failover: TFailover | undefined;
const faults = (async () => {
  await at(0.15);
  event('SIGKILL instance 0');
  await stopInstance(0, 'SIGKILL');
  await sleep(10_000);
  event('restarting instance 0');
  event('instance 0 healthy', `${(await startAndWait(0)).toFixed(1)} s after its start`);

  await at(0.35);
  event('SMTP stopped', 'its open connections dropped');
  await smtp.abort();
  await sleep(30_000);
  smtp = await startSmtpServer(onMail, smtpPort);
  event('SMTP started again', `same port ${smtpPort}`);

  await at(0.55);
  event('pg_terminate_backend', `${await terminateDatabaseConnections()} connections to ${DATABASE} terminated`);

  if (standby && ownPostgres && proxy) {
    await at(0.65);
    failover = await failOver(ownPostgres, standby, proxy);
  }

  await at(0.75);
  event('SIGTERM instance 1');
  const from = Date.now();
  await stopInstance(1, 'SIGTERM');
  event('instance 1 stopped', `${((Date.now() - from) / 1000).toFixed(1)} s after SIGTERM; restarting it`);
  event('instance 1 healthy', `${(await startAndWait(1)).toFixed(1)} s after its start`);
})();

/**
 * The failover: the primary crashes (`pg_ctl stop -m immediate`: no shutdown checkpoint, every connection cut), the
 * standby is promoted after --promote-after-seconds (what Patroni's leader race or a managed service's detection
 * takes), and HAProxy's check finds it writable and sends the connections there. The old primary stays down.
 */
async function failOver(primary: TOwnPostgres, promoted: NonNullable<typeof standby>, haproxy: TOwnHaproxy): Promise<TFailover> {
  const sync = primary.query("select application_name || ' ' || sync_state from pg_stat_replication");
  event('primary killed', `pg_ctl stop -m immediate; its standby was: ${sync}`);
  const killedAt = now();
  const killedWall = new Date();
  primary.kill();
  await sleep(Number(values['promote-after-seconds']) * 1000);
  event('standby promoted', 'pg_ctl promote');
  promoted.promote();
  const promotedAt = now();
  const promotedWall = new Date();
  await haproxy.waitForPrimary('standby');
  event('HAProxy sends to the new primary', JSON.stringify(await haproxy.states()));
  // From now on the drill's own statements go straight to the new primary, as the checks afterwards do.
  adminUrl = promoted.url;
  return { killedAt, promotedAt, proxyAt: now(), killedWall, promotedWall };
}

await at(1);
running = false;
await load;
const trafficSeconds = now();
await faults;
event('traffic stopped');
const loadAfter = loadavg()[0] ?? 0;

// ---------------------------------------------------------------- after: both up, the outbox drained, then the checks
for (const instance of instances) if (!instance.child) await startAndWait(instance.index);
for (const instance of instances) await healthy(instance.base, `instance ${instance.index} to be healthy after the traffic`);

// The checks read the database where it now is: with --failover, straight from the new primary (the old one is down).
const checkedUrl = standby ? Object.assign(new URL(standby.url), { pathname: `/${DATABASE}` }).toString() : databaseUrl;
const db = new pg.Client({ connectionString: checkedUrl });
await db.connect();
const pendingMails = async () =>
  (await db.query('select count(*)::int as n from mail_outbox where sent_at is null and failed_at is null')).rows[0].n as number;
const drainFrom = Date.now();
const waitingAtEnd = await pendingMails();
say(`waiting (at most ${values['drain-seconds']} s) for the mail outbox to drain: ${waitingAtEnd} waiting`);
let drained = true;
try {
  await until(async () => (await pendingMails()) === 0, 'the outbox to drain', Number(values['drain-seconds']) * 1000);
} catch {
  drained = false;
}
const drainSeconds = (Date.now() - drainFrom) / 1000;
// A mail marked sent has been handed to SMTP: the sink records it a moment before the row is marked.
await until(
  async () => {
    const sent = (await db.query('select count(*)::int as n from mail_outbox where sent_at is not null')).rows[0].n as number;
    return new Set(deliveries.map((d) => d.messageId)).size >= sent;
  },
  'the sink to have every mail marked sent',
  10_000,
).catch(() => {});

const facts: TDrillFacts = {
  calls: calls.slice(setupCalls),
  setupCalls: calls.slice(0, setupCalls),
  balancerErrors: balancer.errors,
  deliveries,
  timeline,
  trafficSeconds,
  drained,
  drainSeconds,
  waitingAtEnd,
  users,
  owners: ownerCount,
  minutes: Number(values.minutes),
  loadBefore,
  loadAfter,
  logs: work,
  badExits,
  failover,
  instances: instances.length * Number(values.workers),
};
const { report, failed } = await verify(db, facts);
await db.end();
await shutDown();

mkdirSync(dirname(values.out), { recursive: true });
writeFileSync(values.out, report);
console.log(report);
say(`table written to ${values.out}; ${failed ? 'FAILED' : 'passed'}`);
process.exit(failed ? 1 : 0);
