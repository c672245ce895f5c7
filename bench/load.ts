/**
 * Load test of the list endpoints on the benchmark dataset (run bench/generate.ts first), side by side with the floor
 * (bench/floor.ts: node:http + pg running the same SQL). Starts the real server on PostgreSQL and the floor, with the
 * same number of processes, logs in as each role, and hits each endpoint with autocannon, ours and the floor in turn
 * (the order swapped every round, so a machine that gets busier favours neither), at 50 and 10 connections. Prints
 * req/s, p50, p99 and the ratios, whether the row is within the strict floor's budgets (req/s ≥ 0.8× the floor's; at 10
 * connections p99 ≤ 1.25× the floor's), and saves the table in bench/results/latest.md. `--others` also loads the other list endpoints
 * (ours only).
 *
 * The cases: the owner's offers, the admin's users and the received applications of `titolare0` (one pharmacy, the
 * most offers of one); then the same two owner lists for the titolare of the largest group (`gruppo0`, 300 pharmacies,
 * decision 092) with `X-Farmacia: tutte`, and with `X-Farmacia` naming the group's pharmacy that received the most
 * applications. `--cases` keeps some of them (names: offers, users, received, group-offers, group-received,
 * pharmacy-offers, pharmacy-received).
 *
 * `--before DIR` also starts the API of another checkout (DIR, with its own `npm ci`; e.g. a worktree of main) on the
 * same database, and alternates it with ours and the floor on the rows it answers (not `tutte` before decision 092):
 * a second table says how ours compares with it, so a change is measured against the code before it in one run. Only
 * with one process each: three servers of two processes hold more connections than PostgreSQL's default 100.
 *   npx tsx bench/load.ts [--workers 1,2] [--connections 50,10] [--duration 5] [--rounds 2] [--database-url …]
 *     [--cases group-offers,group-received] [--before ../main] [--others]
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { daysFromNow } from '@farmaponte/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEFAULT_PASSWORD } from '../apps/api/src/factories';
import { BENCH_ACCOUNTS, DEFAULT_BENCH_URL } from './database';
import { startBenchServer, waitForHealth } from './processes';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2' },
    connections: { type: 'string', default: '50,10' },
    duration: { type: 'string', default: '5' },
    rounds: { type: 'string', default: '2' },
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
    port: { type: 'string', default: '3200' },
    others: { type: 'boolean', default: false },
    cases: { type: 'string' },
    before: { type: 'string' },
  },
});
const list = (text: string) => text.split(',').map(Number);
const ours = `http://127.0.0.1:${values.port}`;
const floor = `http://127.0.0.1:${Number(values.port) + 1}`;
const before = `http://127.0.0.1:${Number(values.port) + 2}`;

async function token(email: string) {
  const response = await fetch(`${ours}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEFAULT_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

type TRun = { rps: number; p50: number; p99: number; ok: boolean };

/** The group's pharmacy whose offers received the most applications (the heaviest `X-Farmacia: <id>` of the group). */
async function busiestPharmacyOf(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: values['database-url'] });
  await client.connect();
  const { rows } = await client.query(
    `select o.owner_id as id from users u
       join organisation_members m on m.user_id = u.id
       join organisation_pharmacies p on p.organisation_id = m.organisation_id
       join offers o on o.owner_id = p.pharmacy_id join applications a on a.offer_id = o.id
     where u.email = $1 group by 1 order by count(*) desc, 1 limit 1`,
    [email],
  );
  await client.end();
  if (!rows[0]) throw new Error(`${email}: no pharmacy with applications`);
  return Number(rows[0].id);
}

async function load(
  url: string,
  accessToken: string,
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
): Promise<TRun> {
  const result = await autocannon({
    url,
    connections,
    duration,
    headers: { authorization: `Bearer ${accessToken}`, 'accept-encoding': 'br, gzip', ...headers },
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result.non2xx === 0 && result.errors === 0,
  };
}

/** The rounds' mean req/s and latencies. */
const mean = (runs: TRun[]): TRun => ({
  rps: runs.reduce((s, r) => s + r.rps, 0) / runs.length,
  p50: runs.reduce((s, r) => s + r.p50, 0) / runs.length,
  p99: runs.reduce((s, r) => s + r.p99, 0) / runs.length,
  ok: runs.every((r) => r.ok),
});

const rows: string[] = [];
const beforeRows: string[] = [];
const otherRows: string[] = [];
const busiest = await busiestPharmacyOf(BENCH_ACCOUNTS.groupOwner);
/**
 * Within the strict floor's budgets (docs/rules.md#performance): req/s at least 0.8× the floor's, and at 10 connections
 * (or fewer) p99 at most 1.25× the floor's.
 */
const withinBudgets = (a: TRun, b: TRun, connections: number) =>
  a.rps >= 0.8 * b.rps && (connections > 10 || a.p99 <= 1.25 * b.p99);
const duration = Number(values.duration);
const rounds = Number(values.rounds);
for (const workers of list(values.workers)) {
  const servers = [
    startBenchServer('apps/api/src/server.ts', { port: values.port, databaseUrl: values['database-url'], workers }),
    startBenchServer('bench/floor.ts', { port: Number(values.port) + 1, databaseUrl: values['database-url'], workers }),
  ];
  const beforeDir = values.before && workers === 1 ? resolve(values.before) : undefined;
  if (beforeDir)
    servers.push(
      startBenchServer(join(beforeDir, 'apps/api/src/server.ts'), {
        port: Number(values.port) + 2,
        databaseUrl: values['database-url'],
        workers,
        cwd: beforeDir,
      }),
    );
  const stop = () => {
    for (const server of servers) server.kill('SIGTERM');
  };
  process.on('exit', stop);
  console.log(`${workers} process(es) each: waiting for ours and the floor…`);
  await Promise.all([waitForHealth(ours), waitForHealth(floor), ...(beforeDir ? [waitForHealth(before)] : [])]);
  const tokens = {
    admin: await token(BENCH_ACCOUNTS.admin),
    owner: await token(BENCH_ACCOUNTS.owner),
    pharmacist: await token(BENCH_ACCOUNTS.pharmacist),
    group: await token(BENCH_ACCOUNTS.groupOwner),
  };
  const all = { 'x-farmacia': 'tutte' };
  const one = { 'x-farmacia': String(busiest) };
  const targets = [
    { name: 'offers', path: '/api/offers/mine/', token: tokens.owner, headers: {} },
    { name: 'users', path: '/api/users/all/', token: tokens.admin, headers: {} },
    { name: 'received', path: '/api/titolare/candidatures/', token: tokens.owner, headers: {} },
    { name: 'group-offers', path: '/api/offers/mine/', token: tokens.group, headers: all },
    { name: 'group-received', path: '/api/titolare/candidatures/', token: tokens.group, headers: all },
    { name: 'pharmacy-offers', path: '/api/offers/mine/', token: tokens.group, headers: one },
    { name: 'pharmacy-received', path: '/api/titolare/candidatures/', token: tokens.group, headers: one },
    // The search by total pay with the trip from Milano (decision 094): the rows the pharmacist chooses from.
    {
      name: 'search-total',
      path: '/api/offers/?near=Milano&radius_km=50&sort=total&page=1',
      token: tokens.pharmacist,
      headers: {},
    },
    {
      name: 'search-min-total',
      path: '/api/offers/?near=Milano&radius_km=100&min_total=150&sort=total&page=1',
      token: tokens.pharmacist,
      headers: {},
    },
  ].filter((target) => !values.cases || values.cases.split(',').includes(target.name));
  /** The row's name: the path, and for a group's titolare the pharmacies asked for. */
  const labelOf = (target: (typeof targets)[number]) =>
    `GET ${target.path}${target.headers === all ? ' (gruppo0, X-Farmacia: tutte)' : target.headers === one ? ` (gruppo0, X-Farmacia: ${busiest})` : ''}`;
  /** The build before answers this target (`tutte` is new). */
  const beforeAnswers = new Set<string>();
  for (const target of targets) {
    // Same answer size on both sides is checked by eye in the table; both must answer 200 before we time them.
    for (const base of [ours, floor, ...(beforeDir ? [before] : [])]) {
      const headers = { authorization: `Bearer ${target.token}`, ...target.headers };
      const probe = await fetch(base + target.path, { headers });
      if (base === before) {
        if (probe.ok) beforeAnswers.add(target.name);
        else continue;
      } else if (!probe.ok) throw new Error(`${base}${target.path}: ${probe.status}`);
      await load(base + target.path, target.token, 10, 1, target.headers); // warm-up: JIT, pools, caches
    }
  }
  const bases = { ours, floor, before };
  for (const connections of list(values.connections)) {
    for (const target of targets) {
      const runs = { ours: [] as TRun[], floor: [] as TRun[], before: [] as TRun[] };
      const sides = beforeAnswers.has(target.name) ? (['ours', 'floor', 'before'] as const) : (['ours', 'floor'] as const);
      for (let round = 0; round < rounds; round++) {
        // Each round starts with another side, so a machine that gets busier favours none.
        const order = [...sides.slice(round % sides.length), ...sides.slice(0, round % sides.length)];
        for (const side of order)
          runs[side].push(await load(bases[side] + target.path, target.token, connections, duration, target.headers));
      }
      const a = mean(runs.ours);
      const b = mean(runs.floor);
      if (runs.before.length) {
        const c = mean(runs.before);
        beforeRows.push(
          `| ${labelOf(target)} | ${workers} | ${connections} | ${Math.round(a.rps)} | ${Math.round(c.rps)} | **${(a.rps / c.rps).toFixed(2)}** | ${Math.round(a.p99)} / ${Math.round(c.p99)} | ${(a.p99 / c.p99).toFixed(2)} | ${(c.rps / b.rps).toFixed(2)} | ${a.ok && c.ok ? 'yes' : 'no'} |`,
        );
        console.log(beforeRows.at(-1));
      }
      const row = `| ${labelOf(target)} | ${workers} | ${connections} | ${Math.round(a.rps)} | ${Math.round(b.rps)} | **${(a.rps / b.rps).toFixed(2)}** | ${Math.round(a.p50)} / ${Math.round(b.p50)} | ${Math.round(a.p99)} / ${Math.round(b.p99)} | ${(a.p99 / b.p99).toFixed(2)} | ${withinBudgets(a, b, connections) ? 'yes' : '**no**'} | ${a.ok && b.ok ? 'yes' : 'no'} |`;
      rows.push(row);
      console.log(row);
    }
  }
  if (values.others && workers === list(values.workers)[0]) {
    const others = [
      { path: '/api/offers/', token: tokens.pharmacist },
      { path: '/api/offers/?comune=roma', token: tokens.pharmacist },
      // The filtered search of decision 026: 30 km from Milano, next 14 days, at least 18 €/h, by distance, first page.
      {
        path: `/api/offers/?near=Milano&radius_km=30&from=${daysFromNow(0)}&to=${daysFromNow(14)}&min_pay=18&sort=distance&page=1`,
        token: tokens.pharmacist,
      },
      { path: '/api/pharmacies/?search=farmacia%20san', token: tokens.admin },
      { path: '/api/pharmacies/?search=mil', token: tokens.admin },
      { path: '/api/users/all/?page=500', token: tokens.admin },
      { path: '/api/users/all/?search=farmacista12', token: tokens.admin },
    ];
    for (const target of others) {
      const run = await load(ours + target.path, target.token, list(values.connections)[0] ?? 50, duration * rounds);
      otherRows.push(
        `| GET ${target.path} | ${workers} | ${Math.round(run.rps)} | ${run.p50} | ${run.p99} | ${run.ok ? 'yes' : 'no'} |`,
      );
      console.log(otherRows.at(-1));
    }
  }
  stop();
  await new Promise((r) => setTimeout(r, 1_000));
}

const table = [
  `Benchmark dataset scale 1 on PostgreSQL; ours and the floor (bench/floor.ts) with the same number of processes, alternated, ${rounds} × ${duration} s each per row; ${cpus().length} cores shared with the load generator, PostgreSQL and other work (load average ${loadavg()[0]?.toFixed(1)} at the end), so compare ratios, not absolute figures (${new Date().toISOString().slice(0, 10)}).`,
  '',
  '| endpoint | processes | connections | ours req/s | floor req/s | ours / floor | p50 ms ours / floor | p99 ms ours / floor | p99 ours / floor | within budgets | all 2xx |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ...rows,
  ...(beforeRows.length
    ? [
        '',
        `Ours against the build in ${values.before} (the same rounds, alternated with ours and the floor):`,
        '',
        '| endpoint | processes | connections | ours req/s | before req/s | ours / before | p99 ms ours / before | p99 ours / before | before / floor | all 2xx |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
        ...beforeRows,
      ]
    : []),
  ...(otherRows.length
    ? [
        '',
        'Other list endpoints (ours only):',
        '',
        '| endpoint | processes | req/s | p50 ms | p99 ms | all 2xx |',
        '| --- | ---: | ---: | ---: | ---: | --- |',
        ...otherRows,
      ]
    : []),
].join('\n');
console.log(`\n${table}`);
writeFileSync('bench/results/latest.md', `${table}\n`);
process.exit(0);
