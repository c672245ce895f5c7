/**
 * Live streams at national scale (GET /api/events/, decisions 072 and 102): starts the real server (one process, on
 * PostgreSQL: a copy of the benchmark dataset, dropped after), opens N streams from client processes of its own (a
 * process here holds at most 20,000 files, so several, each from its own loopback address), then measures:
 * - memory: the server's RSS and V8 heap before and with the streams, per stream;
 * - the event loop: a delay monitor inside the server (perf_hooks monitorEventLoopDelay, 10 ms resolution, loaded
 *   with node's --import) writes its longest delay and the longest GC pause of every second to a file: the longest
 *   stall is the server's own, not the load generator's; GET /api/health/ every 100 ms from this process gives the p99
 *   a user sees;
 * - idle CPU: the server's utime + stime (/proc/PID/stat) over a window with streams open and nothing published;
 * - delivery: a publisher process writes notifications through the product's path (the notifier in a write
 *   transaction, committed, NOTIFY on the database's channel, heard by the server's LISTEN connection) at
 *   --rate events a second, one user each in turn; each client notes when its stream shows the event.
 * Prints a table with verdicts and saves it in bench/results/streams.md. `npm run build` first (it runs dist/).
 *   npx tsx bench/streams.ts [--streams 19800] [--idle 60] [--publish 40] [--rate 500] [--port 3550] [--out streams.md]
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client';
import { createEventBus } from '../apps/api/src/lib/event-bus';
import { createJwt } from '../apps/api/src/lib/jwt';
import { writeTransaction } from '../apps/api/src/lib/transactions';
import { createNotifier, createUnsubscribeTokens } from '../apps/api/src/modules/notifications';
import { healthy, spawnServer } from '../apps/api/test/server-process';
import { DEFAULT_BENCH_URL } from './database';

const { values } = parseArgs({
  options: {
    role: { type: 'string', default: 'main' },
    streams: { type: 'string', default: '19800' },
    clients: { type: 'string', default: '4' },
    idle: { type: 'string', default: '60' },
    publish: { type: 'string', default: '40' },
    rate: { type: 'string', default: '500' },
    port: { type: 'string', default: '3550' },
    out: { type: 'string', default: 'streams.md' },
    label: { type: 'string', default: '' },
    'database-url': { type: 'string', default: 'postgres://root@127.0.0.1:5432/streams_bench' },
  },
});

const NOTIFICATION = 'event: notification';
const READY = 'event: ready';

/** A client process: opens its streams as raw HTTP/1.1 over its own loopback address and notes when events arrive. */
function runClient() {
  const sockets: Socket[] = [];
  const receipts = new Map<number, number[]>();
  let ready = 0;
  let ended = 0;
  let refused = 0;
  process.on('message', (message: { kind: string; port?: number; address?: string; streams?: [number, string][] }) => {
    if (message.kind === 'open') void open(message.port ?? 0, message.address ?? '127.0.0.1', message.streams ?? []);
    if (message.kind === 'report') process.send?.({ kind: 'report', ready, ended, refused, receipts: [...receipts] });
    if (message.kind === 'close') {
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
  });
  async function open(port: number, address: string, streams: [number, string][]) {
    let pending = 0;
    const opening: (() => void)[] = [];
    for (const [userId, token] of streams) {
      if (pending >= 100) await new Promise<void>((resolve) => opening.push(resolve));
      pending++;
      let opened = false;
      const settle = () => {
        if (opened) return;
        opened = true;
        pending--;
        opening.shift()?.();
      };
      const socket = connect({ host: '127.0.0.1', port, localAddress: address });
      sockets.push(socket);
      let tail = '';
      socket.on('connect', () =>
        socket.write(
          `GET /api/events/ HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\naccept: text/event-stream\r\nauthorization: Bearer ${token}\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk: Buffer) => {
        const at = Date.now();
        const text = tail + chunk.toString('latin1');
        if (!opened) {
          if (text.includes(READY)) {
            ready++;
            settle();
          } else if (/^HTTP\/1\.1 [45]/.test(text)) {
            refused++;
            settle();
          }
        }
        for (let index = text.indexOf(NOTIFICATION); index >= 0; index = text.indexOf(NOTIFICATION, index + 1)) {
          if (index + NOTIFICATION.length <= tail.length) continue;
          const mine = receipts.get(userId) ?? [];
          mine.push(at);
          receipts.set(userId, mine);
        }
        tail = text.slice(-NOTIFICATION.length);
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        if (opened) ended++;
        else refused++;
        settle();
      });
    }
    while (pending > 0) await new Promise<void>((resolve) => opening.push(resolve));
    process.send?.({ kind: 'opened' });
  }
}

/** The publisher process: the notifier in a write transaction, as a write of the product would; answers when each went. */
async function runPublisher() {
  const url = values['database-url'];
  const database = await openDatabase({ databaseUrl: url });
  const bus = createEventBus({ channel: database.events, log: { error: () => {} } });
  const notifier = createNotifier({
    tokens: createUnsubscribeTokens('b'.repeat(40)),
    publicUrl: () => 'http://127.0.0.1',
    now: () => new Date(),
    events: bus,
  });
  process.on('message', async (message: { kind: string; userIds?: number[]; rate?: number; seconds?: number }) => {
    if (message.kind !== 'publish') return;
    const userIds = message.userIds ?? [];
    const rate = message.rate ?? 500;
    // One transaction every 20 ms, each notifying its share of the users in turn.
    const tickMs = 20;
    const perTick = Math.max(1, Math.round((rate * tickMs) / 1000));
    const published: [number, number][] = [];
    const end = Date.now() + (message.seconds ?? 30) * 1000;
    let next = 0;
    let failed = 0;
    const inFlight = new Set<Promise<void>>();
    for (let tick = Date.now(); tick < end; tick += tickMs) {
      const wait = tick - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const batch = Array.from({ length: perTick }, () => userIds[next++ % userIds.length] as number);
      const at = Date.now();
      const write = writeTransaction(database.db, (tx) =>
        notifier.notifyMany(
          tx,
          batch.map((userId) => ({
            userId,
            type: 'message_received' as const,
            title: 'Nuovo messaggio',
            body: 'Hai un nuovo messaggio.',
            link: '/candidature',
            email: false,
            push: false,
          })),
        ),
      )
        .then(() => {
          for (const userId of batch) published.push([userId, at]);
        })
        .catch(() => {
          failed += batch.length;
        })
        .finally(() => inFlight.delete(write));
      inFlight.add(write);
    }
    await Promise.all(inFlight);
    process.send?.({ kind: 'published', published, failed });
  });
  process.send?.({ kind: 'up' });
  await new Promise(() => {});
}

/** The server's own delay monitor, loaded with --import: each second, its longest event-loop delay and GC pause. */
const MONITOR = `
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { appendFileSync } from 'node:fs';
const file = process.env.STREAMS_BENCH_MONITOR;
const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
let gcMax = 0;
let gcTotal = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) { gcMax = Math.max(gcMax, entry.duration); gcTotal += entry.duration; }
}).observe({ entryTypes: ['gc'] });
setInterval(() => {
  const memory = process.memoryUsage();
  appendFileSync(file, JSON.stringify({ at: Date.now(), delayMaxMs: delay.max / 1e6, gcMaxMs: gcMax, gcMs: gcTotal,
    rss: memory.rss, heapUsed: memory.heapUsed, heapTotal: memory.heapTotal, external: memory.external }) + '\\n');
  delay.reset(); gcMax = 0; gcTotal = 0;
}, 1000).unref();
`;

interface TSample {
  at: number;
  delayMaxMs: number;
  gcMaxMs: number;
  gcMs: number;
  rss: number;
  heapUsed: number;
  heapTotal: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) =>
  sorted.length ? (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number) : Number.NaN;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** The server's CPU seconds so far (utime + stime of /proc/PID/stat, in clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function copyDataset(url: string) {
  const name = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  const template = new URL(DEFAULT_BENCH_URL).pathname.slice(1);
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      break;
    } catch (error) {
      // Someone connected to the template: try again shortly.
      if (attempt >= 30) throw error;
      await sleep(2_000);
    }
  }
  await admin.end();
  return async () => {
    const again = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: '/postgres' }).toString() });
    await again.connect();
    await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await again.end();
  };
}

/** N users' sessions as a login makes them (a refresh-token family each, set-based) and their access tokens. */
async function mintSessions(url: string, secret: string, count: number): Promise<[number, string][]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ user_id: number; family_id: string; role: 'farmacista' | 'titolare' }>(
    `INSERT INTO refresh_tokens (jti, user_id, family_id, expires_at)
     SELECT gen_random_uuid()::text, u.id, gen_random_uuid()::text, now() + interval '7 days'
       FROM (SELECT id FROM users WHERE role <> 'admin' AND suspended_at IS NULL ORDER BY role, id LIMIT $1) u
     RETURNING user_id, family_id, (SELECT role FROM users WHERE id = user_id) AS role`,
    [count],
  );
  await client.end();
  const jwt = createJwt(secret);
  return Promise.all(
    rows.map(
      async (row): Promise<[number, string]> => [
        row.user_id,
        await jwt.signAccess({ userId: row.user_id, role: row.role, familyId: row.family_id }),
      ],
    ),
  );
}

async function main() {
  const count = Number(values.streams);
  const clientCount = Number(values.clients);
  const idleSeconds = Number(values.idle);
  const publishSeconds = Number(values.publish);
  const rate = Number(values.rate);
  const port = Number(values.port);
  const base = `http://127.0.0.1:${port}`;
  const url = values['database-url'];
  const secret = randomUUID() + randomUUID();
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

  const drop = await copyDataset(url);
  const monitorFile = join(tmpdir(), `streams-monitor-${process.pid}.jsonl`);
  const preload = join(tmpdir(), `streams-monitor-${process.pid}.mjs`);
  writeFileSync(preload, MONITOR);
  writeFileSync(monitorFile, '');
  const children: ChildProcess[] = [];
  // A control: an idle node process with the same monitor, so a stall of the machine (its load) is told apart from
  // the server's own.
  const controlFile = join(tmpdir(), `streams-control-${process.pid}.jsonl`);
  writeFileSync(controlFile, '');
  const control = spawn(process.execPath, ['--import', preload, '-e', 'setInterval(() => {}, 1000)'], {
    env: { ...process.env, STREAMS_BENCH_MONITOR: controlFile },
    stdio: 'ignore',
  });
  children.push(control);
  const server = spawnServer(
    {
      DATABASE_URL: url,
      JWT_SECRET: secret,
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      BACKGROUND_JOBS: 'false',
      STREAMS_BENCH_MONITOR: monitorFile,
    },
    ['ignore', 'ignore', 'pipe'],
    ['--import', preload],
  );
  const cleanup = () => {
    for (const child of children) child.kill('SIGKILL');
    server.kill('SIGKILL');
    rmSync(preload, { force: true });
    rmSync(monitorFile, { force: true });
    rmSync(controlFile, { force: true });
  };
  process.on('exit', cleanup);
  try {
    await healthy(base);
    const pid = server.pid as number;
    const sessions = await mintSessions(url, secret, count);
    log(`server pid ${pid} up; ${sessions.length} sessions minted; load ${loadavg()[0]?.toFixed(1)}`);
    const samples = (file = monitorFile): TSample[] =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TSample);
    await sleep(3_000);
    const before = samples().slice(-3);
    const rssBefore = Math.min(...before.map((s) => s.rss));
    const heapBefore = Math.min(...before.map((s) => s.heapUsed));

    // The clients, each with its share and its own source address.
    const self = fileURLToPath(import.meta.url);
    const clients = Array.from({ length: clientCount }, () => fork(self, ['--role', 'client'], { stdio: 'inherit' }));
    const publisher = fork(self, ['--role', 'publisher', '--database-url', url], { stdio: 'inherit' });
    children.push(...clients, publisher);
    const publisherUp = new Promise((resolve) => publisher.once('message', resolve));
    const openedAt = Date.now();
    await Promise.all(
      clients.map((client, index) => {
        const share = sessions.filter((_, i) => i % clientCount === index);
        const done = new Promise((resolve) => client.once('message', resolve));
        client.send({ kind: 'open', port, address: `127.0.0.${index + 2}`, streams: share });
        return done;
      }),
    );
    const report = async () => {
      const reports = await Promise.all(
        clients.map(
          (client) =>
            new Promise<{ ready: number; ended: number; refused: number; receipts: [number, number[]][] }>((resolve) => {
              client.once('message', resolve as never);
              client.send({ kind: 'report' });
            }),
        ),
      );
      return {
        ready: reports.reduce((sum, r) => sum + r.ready, 0),
        ended: reports.reduce((sum, r) => sum + r.ended, 0),
        refused: reports.reduce((sum, r) => sum + r.refused, 0),
        receipts: new Map(reports.flatMap((r) => r.receipts)),
      };
    };
    const opened = await report();
    const openSeconds = (Date.now() - openedAt) / 1000;
    log(
      `${opened.ready} streams open in ${openSeconds.toFixed(1)} s (${opened.refused} refused); load ${loadavg()[0]?.toFixed(1)}`,
    );
    await sleep(5_000);

    // Health every 100 ms from here, through the windows.
    const health: { at: number; ms: number; ok: boolean }[] = [];
    let probing = true;
    const probe = (async () => {
      while (probing) {
        const t0 = performance.now();
        const ok = await fetch(`${base}/api/health/`, { signal: AbortSignal.timeout(10_000) })
          .then((r) => r.ok)
          .catch(() => false);
        health.push({ at: Date.now(), ms: performance.now() - t0, ok });
        await sleep(Math.max(0, 100 - (performance.now() - t0)));
      }
    })();

    const window = (from: number, to: number) => {
      const inside = samples().filter((s) => s.at > from && s.at <= to);
      const controlInside = samples(controlFile).filter((s) => s.at > from && s.at <= to);
      const probes = health.filter((h) => h.at > from && h.at <= to);
      const sorted = probes.map((h) => h.ms).sort((a, b) => a - b);
      return {
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        failed: probes.filter((h) => !h.ok).length,
        probes: probes.length,
        stall: Math.max(...inside.map((s) => s.delayMaxMs)),
        gcMax: Math.max(...inside.map((s) => s.gcMaxMs)),
        stalls: inside.filter((s) => s.delayMaxMs > 200).length,
        control: Math.max(...controlInside.map((s) => s.delayMaxMs)),
        controlStalls: controlInside.filter((s) => s.delayMaxMs > 200).length,
        rss: Math.max(...inside.map((s) => s.rss)),
        heap: inside.reduce((sum, s) => sum + s.heapUsed, 0) / Math.max(1, inside.length),
        heapMax: Math.max(...inside.map((s) => s.heapUsed)),
      };
    };

    // The idle window: streams open, nothing published.
    const idleFrom = Date.now();
    const cpuFrom = cpuSeconds(pid);
    await sleep(idleSeconds * 1000);
    const idleTo = Date.now();
    const idleCpu = (cpuSeconds(pid) - cpuFrom) / ((idleTo - idleFrom) / 1000);
    const idle = window(idleFrom, idleTo);
    const idleLoad = loadavg()[0] ?? 0;
    log(`idle: ${JSON.stringify(idle)} cpu ${idleCpu.toFixed(3)} core; load ${idleLoad.toFixed(1)}`);

    // The publishing window.
    await publisherUp;
    const streamed = sessions.map(([userId]) => userId);
    const receivedBefore = await report();
    const publishFrom = Date.now();
    const cpuPublishFrom = cpuSeconds(pid);
    const published = await new Promise<{ published: [number, number][]; failed: number }>((resolve) => {
      publisher.on('message', (message: { kind: string }) => {
        if (message.kind === 'published') resolve(message as never);
      });
      publisher.send({ kind: 'publish', userIds: streamed, rate, seconds: publishSeconds });
    });
    const publishTo = Date.now();
    const publishCpu = (cpuSeconds(pid) - cpuPublishFrom) / ((publishTo - publishFrom) / 1000);
    await sleep(3_000);
    const publishing = window(publishFrom, publishTo);
    const publishLoad = loadavg()[0] ?? 0;
    const after = await report();
    probing = false;
    await probe;
    // Each user's k-th event published since the window opened is the k-th one its stream showed since then.
    const delays: number[] = [];
    let lost = 0;
    const byUser = new Map<number, number[]>();
    for (const [userId, at] of published.published.sort((a, b) => a[1] - b[1])) {
      byUser.set(userId, [...(byUser.get(userId) ?? []), at]);
    }
    for (const [userId, sent] of byUser) {
      const skip = receivedBefore.receipts.get(userId)?.length ?? 0;
      const got = (after.receipts.get(userId) ?? []).slice(skip);
      sent.forEach((at, k) => {
        const seen = got[k];
        if (seen === undefined) lost++;
        else delays.push(seen - at);
      });
    }
    delays.sort((a, b) => a - b);
    const sentCount = published.published.length;
    const achievedRate = sentCount / ((publishTo - publishFrom) / 1000);
    log(
      `publishing: ${sentCount} sent (${published.failed} failed) at ${achievedRate.toFixed(0)}/s; delay p50 ${percentile(delays, 50)} p99 ${percentile(delays, 99)}; lost ${lost}; ${JSON.stringify(publishing)}`,
    );

    const streams = opened.ready;
    const rssPer = (idle.rss - rssBefore) / streams;
    const heapPer = (idle.heap - heapBefore) / streams;
    const at20k = (rssBefore + rssPer * 20_000) / 1024 / 1024;
    const yes = (ok: boolean) => (ok ? 'yes' : '**no**');
    const rows = [
      `| streams open in one process | ${streams} (${opened.refused} refused, ${after.ended} ended by the end) | 20,000 | ${yes(streams >= 19_500)} (the process's 20,000 files, less its own, cap it here: 20,000 extrapolated below) |`,
      `| server RSS with the streams | ${mb(idle.rss)} MB (${mb(rssBefore)} MB before): ${(rssPer / 1024).toFixed(1)} KB a stream; at 20,000 ≈ ${at20k.toFixed(0)} MB | – | – |`,
      `| V8 heap used with the streams | ${mb(idle.heap)} MB (${mb(heapBefore)} MB before): ${(heapPer / 1024).toFixed(1)} KB a stream | – | – |`,
      `| health p99, idle (${idle.probes} requests, every 100 ms) | ${idle.p99.toFixed(1)} ms (p50 ${idle.p50.toFixed(1)}, ${idle.failed} failed) | ≤ 50 ms | ${yes(idle.p99 <= 50 && idle.failed === 0)} |`,
      `| longest event-loop stall, idle ${idleSeconds} s | ${idle.stall.toFixed(0)} ms (${idle.stalls} seconds over 200 ms; longest GC pause ${idle.gcMax.toFixed(0)} ms; an idle control process beside it: ${idle.control.toFixed(0)} ms, ${idle.controlStalls} seconds over 200 ms) | ≤ 200 ms | ${yes(idle.stall <= 200)} |`,
      `| idle CPU of the server | ${idleCpu.toFixed(3)} core | < 0.1 core | ${yes(idleCpu < 0.1)} |`,
      `| health p99 while publishing (${publishing.probes} requests) | ${publishing.p99.toFixed(1)} ms (p50 ${publishing.p50.toFixed(1)}, ${publishing.failed} failed) | ≤ 50 ms | ${yes(publishing.p99 <= 50 && publishing.failed === 0)} |`,
      `| longest stall while publishing ${publishSeconds} s | ${publishing.stall.toFixed(0)} ms (${publishing.stalls} seconds over 200 ms; longest GC pause ${publishing.gcMax.toFixed(0)} ms; the idle control: ${publishing.control.toFixed(0)} ms, ${publishing.controlStalls} seconds over 200 ms); server CPU ${publishCpu.toFixed(2)} core | ≤ 200 ms | ${yes(publishing.stall <= 200)} |`,
      `| events published through the product's path | ${sentCount} at ${achievedRate.toFixed(0)}/s (${published.failed} failed, ${lost} not seen on their stream) | ${rate}/s | ${yes(achievedRate >= rate * 0.95 && lost === 0)} |`,
      `| publish to receipt on the stream | p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms | p99 ≤ 1,000 ms | ${yes(percentile(delays, 99) <= 1000 && lost === 0)} |`,
    ];
    const text = [
      `# Live streams at national scale${values.label ? ` (${values.label})` : ''}`,
      '',
      `One server process on PostgreSQL (a copy of the benchmark dataset, scale 1), ${streams} streams of ${streams} users from ${clientCount} client processes, ${cpus().length} cores shared with the clients, the publisher, PostgreSQL and other work: load average ${idleLoad.toFixed(1)} after the idle window, ${publishLoad.toFixed(1)} after publishing (${new Date().toISOString().slice(0, 16)} UTC). Streams opened in ${openSeconds.toFixed(0)} s. Stalls: the server's own monitorEventLoopDelay (10 ms resolution), the longest of each second, beside the same monitor in an idle node process (the control: what the machine's load alone does to a timer); health from the bench process every 100 ms. Publishing: one write transaction every 20 ms notifying ${Math.round((rate * 20) / 1000)} users (the notifier, committed, NOTIFY, the server's LISTEN), publish time taken before the transaction opens.`,
      '',
      '| what | measured | budget | met |',
      '| --- | --- | --- | --- |',
      ...rows,
      '',
    ].join('\n');
    console.log(`\n${text}`);
    writeFileSync(join(fileURLToPath(new URL('.', import.meta.url)), 'results', values.out), text);
    appendFileSync(join(tmpdir(), 'streams-bench-samples.jsonl'), readFileSync(monitorFile, 'utf8'));
    for (const client of clients) client.send({ kind: 'close' });
  } finally {
    cleanup();
    await drop();
  }
  process.exit(0);
}

if (values.role === 'client') runClient();
else if (values.role === 'publisher') void runPublisher();
else await main();
