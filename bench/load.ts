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
 * Every other row's floor replays the statements our API ran for one request of it (bench/capture-sql.ts, captured
 * on a server of ours started for that before the measured ones); `--replay-hand` adds each hand-written row again
 * (named `…-replay`) against the replay, so both floors are measured in one run. The last table gives each row's
 * verdict against the budgets. `--captures FILE` keeps the captured statements (JSON), `--capture-only` stops there; `--out` where the tables go.
 *
 * `--before DIR` also starts the API of another checkout (DIR, with its own `npm ci`; e.g. a worktree of main) on the
 * same database, and alternates it with ours and the floor on the rows it answers (not `tutte` before decision 092):
 * a second table says how ours compares with it, so a change is measured against the code before it in one run. Only
 * with one process each: three servers of two processes hold more connections than PostgreSQL's default 100.
 *   npx tsx bench/load.ts [--workers 1,2] [--connections 50,10] [--duration 5] [--rounds 2] [--database-url …]
 *     [--cases group-offers,group-received] [--before ../main] [--others]
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { daysFromNow, LIMITS, monthRange, todayInItaly } from '@farmaponte/shared';
import autocannon from 'autocannon';
import pg from 'pg';
import { FIRST_AREA, mapAreaQuery } from '../apps/web/src/features/offers/lib/map-area';
import { searchFiltersQuery, type TSearchFilters } from '../apps/web/src/features/offers/lib/search-filters';
import type { TCapturedStatement } from './capture-sql';
import { BENCH_ACCOUNTS, DEFAULT_BENCH_URL } from './database';
import type { TReplay } from './floor';
import { benchToken, startBenchServer, waitForHealth } from './processes';

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
    'replay-hand': { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results/latest.md' },
    captures: { type: 'string' },
    'capture-only': { type: 'boolean', default: false },
  },
});
const list = (text: string) => text.split(',').map(Number);
const ours = `http://127.0.0.1:${values.port}`;
const floor = `http://127.0.0.1:${Number(values.port) + 1}`;
const before = `http://127.0.0.1:${Number(values.port) + 2}`;

const token = (email: string, base = ours) => benchToken(base, email);

/** A token of each of the dataset's accounts the targets use, from the server at `base`. */
const loginAll = async (base: string): Promise<TTokens> => ({
  admin: await token(BENCH_ACCOUNTS.admin, base),
  owner: await token(BENCH_ACCOUNTS.owner, base),
  pharmacist: await token(BENCH_ACCOUNTS.pharmacist, base),
  group: await token(BENCH_ACCOUNTS.groupOwner, base),
});

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

/** The ids the pages open with: the busiest thread, invitations and reviews of the dataset's accounts. */
async function pageIds() {
  const client = new pg.Client({ connectionString: values['database-url'] });
  await client.connect();
  const one = async (text: string, params: unknown[]) => {
    const { rows } = await client.query(text, params);
    if (!rows[0]) throw new Error(`no row for ${text}`);
    return Number(rows[0].id);
  };
  const ids = {
    // The pharmacist's application with the most messages: the thread she opens.
    thread: await one(
      `select a.id from applications a join users u on u.id = a.farmacista_id left join messages m on m.application_id = a.id
       where u.email = $1 group by a.id order by count(m.id) desc, a.id limit 1`,
      [BENCH_ACCOUNTS.pharmacist],
    ),
    // The owner's offer with the most invitations: the offer's page lists them.
    invitedOffer: await one(
      `select o.id from offers o join users u on u.id = o.owner_id left join invitations i on i.offer_id = o.id
       where u.email = $1 group by o.id order by count(i.id) desc, o.id limit 1`,
      [BENCH_ACCOUNTS.owner],
    ),
    // The person with the most published reviews: the reviews an offer's or an applicant's card opens.
    reviewed: await one(
      `select subject_id as id from reviews where published_at is not null and hidden_at is null
       group by 1 order by count(*) desc, 1 limit 1`,
      [],
    ),
  };
  await client.end();
  return ids;
}

/** The targets the API refused when captured (name → status and message): not measured. */
const refused = new Map<string, string>();

/** The search's requests as the web app writes them (features/offers/api/get-offers.ts and get-offers-map.ts). */
const searchPath = (filters: TSearchFilters) => {
  const query = searchFiltersQuery(filters);
  return `/api/offers/?page=1&page_size=${LIMITS.offerSearchPageSize}${query ? `&${query}` : ''}`;
};
const mapPath = (filters: TSearchFilters) => `/api/offers/map/?${mapAreaQuery(filters, FIRST_AREA)}`;

/**
 * The statements our API runs for each target (bench/capture-sql.ts), for the floor's replay: a server of ours of
 * one process with the capture loaded answers each target three times, one after the other (the first warms its
 * caches), and the third request's statements are kept, grouped: a statement asked before every statement of the
 * current group had been answered ran beside them.
 */
async function captureTargets(): Promise<Record<string, TReplay>> {
  const file = join(tmpdir(), `farmaponte-capture-${process.pid}.jsonl`);
  let targets: ReturnType<typeof targetsFor> = [];
  rmSync(file, { force: true });
  process.env.CAPTURE_SQL_FILE = file;
  const port = Number(values.port) + 3;
  const server = startBenchServer('apps/api/src/server.ts', {
    port,
    databaseUrl: values['database-url'],
    workers: 1,
    nodeOptions: ['--import', 'tsx', '--import', resolve('bench/capture-sql.ts')],
  });
  try {
    await waitForHealth(`http://127.0.0.1:${port}`);
    targets = targetsFor(await loginAll(`http://127.0.0.1:${port}`)).filter((target) => !HAND_WRITTEN.has(target.name));
    for (const target of targets)
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`http://127.0.0.1:${port}${target.path}`, {
          headers: { authorization: `Bearer ${target.token}`, 'x-bench-target': target.name, ...target.headers },
        });
        if (!response.ok) {
          // A target the API refuses (a group's view it does not offer) is left out of the run, said why.
          refused.set(target.name, `${response.status} ${(await response.text()).slice(0, 160)}`);
          console.log(`${target.name}: not measured, GET ${target.path} answers ${refused.get(target.name)}`);
          break;
        }
        await response.arrayBuffer();
      }
    await new Promise((r) => setTimeout(r, 200));
  } finally {
    server.kill('SIGTERM');
  }
  const captured = new Map<string, TCapturedStatement[]>();
  for (const line of readFileSync(file, 'utf8').trim().split('\n')) {
    const entry = JSON.parse(line) as { target: string; statements: TCapturedStatement[] };
    captured.set(entry.target, entry.statements);
  }
  rmSync(file, { force: true });
  const replays: Record<string, TReplay> = {};
  for (const target of targets) {
    if (refused.has(target.name)) continue;
    const statements = captured.get(target.name);
    if (!statements) throw new Error(`${target.name}: nothing captured`);
    const groups: TCapturedStatement[][] = [];
    for (const statement of statements) {
      const group = groups.at(-1);
      if (group && statement.start < Math.min(...group.map((s) => s.end))) group.push(statement);
      else groups.push([statement]);
    }
    replays[target.name] = {
      role: target.role as TReplay['role'],
      groups: groups.map((group) => group.map(({ text, values }) => ({ text, values }))),
    };
    console.log(
      `${target.name}: ${statements.length} statement(s) in ${groups.length} step(s): ${groups.map((g) => g.length).join('+')}`,
    );
  }
  return replays;
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
/** Per target and number of processes, the means at each number of connections: the row's verdict at the end. */
const verdicts = new Map<
  string,
  {
    label: string;
    workers: number;
    target: { name: string; role: string };
    measured: Record<number, { ours: TRun; floor: TRun }>;
  }
>();
/** What a target's measures say against the budgets: within them, or which it misses. */
function verdictOf(measured: Record<number, { ours: TRun; floor: TRun }>) {
  const misses: string[] = [];
  for (const [connections, { ours: a, floor: b }] of Object.entries(measured)) {
    if (a.rps < 0.8 * b.rps) misses.push(`req/s at ${connections} ${(a.rps / b.rps).toFixed(2)}× < 0.8×`);
    if (Number(connections) <= 10 && a.p99 > 1.25 * b.p99)
      misses.push(`p99 at ${connections} ${(a.p99 / b.p99).toFixed(2)}× > 1.25×`);
    if (!a.ok || !b.ok) misses.push(`non-2xx at ${connections}`);
  }
  return misses.length ? `**misses**: ${misses.join('; ')}` : 'within budgets';
}
const beforeRows: string[] = [];
const otherRows: string[] = [];
const busiest = await busiestPharmacyOf(BENCH_ACCOUNTS.groupOwner);
/**
 * Within the strict floor's budgets (docs/rules.md#performance): req/s at least 0.8× the floor's, and at 10 connections
 * (or fewer) p99 at most 1.25× the floor's.
 */
const withinBudgets = (a: TRun, b: TRun, connections: number) =>
  a.rps >= 0.8 * b.rps && (connections > 10 || a.p99 <= 1.25 * b.p99);

type TTokens = Record<'admin' | 'owner' | 'pharmacist' | 'group', string>;
const all = { 'x-farmacia': 'tutte' };
const ids = await pageIds();
/** Rows whose floor is written by hand in bench/floor.ts (the others are replays of our statements). */
const HAND_WRITTEN = new Set([
  'offers',
  'users',
  'received',
  'group-offers',
  'group-received',
  'pharmacy-offers',
  'pharmacy-received',
  'search-total',
  'search-min-total',
]);
/**
 * Every GET a logged-in user's page fires on opening, with the parameters the web app sends (the month and the year
 * are today's in Italy, as the pages open on them).
 */
function targetsFor(tokens: TTokens) {
  const one = { 'x-farmacia': String(busiest) };
  const today = todayInItaly(new Date());
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthNow = `year=${year}&month=${month}`;
  const { from, to } = monthRange(year, month);
  const week = { from: daysFromNow(0), to: daysFromNow(14) };
  const near = { near: 'Milano', radius_km: '30' };
  const as = (role: keyof TTokens, headers: Record<string, string> = {}) => ({
    token: tokens[role],
    role: role === 'group' || role === 'owner' ? 'titolare' : role === 'pharmacist' ? 'farmacista' : 'admin',
    headers,
  });
  const list = [
    { name: 'offers', path: '/api/offers/mine/', ...as('owner') },
    { name: 'users', path: `/api/users/all/?search=&role=&page=1&page_size=${LIMITS.usersPageSize}`, ...as('admin') },
    { name: 'received', path: '/api/titolare/candidatures/', ...as('owner') },
    { name: 'group-offers', path: '/api/offers/mine/', ...as('group', all) },
    { name: 'group-received', path: '/api/titolare/candidatures/', ...as('group', all) },
    { name: 'pharmacy-offers', path: '/api/offers/mine/', ...as('group', one) },
    { name: 'pharmacy-received', path: '/api/titolare/candidatures/', ...as('group', one) },
    // The search by total pay with the trip from Milano (decision 094): the rows the pharmacist chooses from.
    { name: 'search-total', path: '/api/offers/?near=Milano&radius_km=50&sort=total&page=1', ...as('pharmacist') },
    {
      name: 'search-min-total',
      path: '/api/offers/?near=Milano&radius_km=100&min_total=150&sort=total&page=1',
      ...as('pharmacist'),
    },
    // The search page as it opens: the first page and the map's first area, without filters, then with each kind.
    { name: 'search', path: searchPath({}), ...as('pharmacist') },
    { name: 'search-map', path: mapPath({}), ...as('pharmacist') },
    { name: 'search-near', path: searchPath({ ...near, sort: 'distance' }), ...as('pharmacist') },
    {
      name: 'search-filters',
      path: searchPath({ ...near, ...week, min_pay: '18', sort: 'distance' }),
      ...as('pharmacist'),
    },
    { name: 'search-filters-map', path: mapPath({ ...near, ...week, min_pay: '18' }), ...as('pharmacist') },
    { name: 'search-dates-pay', path: searchPath({ ...week, min_pay: '20', sort: 'pay' }), ...as('pharmacist') },
    { name: 'search-date', path: searchPath({ region: 'Lombardia', sort: 'date' }), ...as('pharmacist') },
    // Every page: who is logged in, the counts beside the menu's places, the bell.
    { name: 'details', path: '/api/user/details/', ...as('pharmacist') },
    { name: 'counts', path: '/api/user/counts/', ...as('pharmacist') },
    { name: 'owner-counts', path: '/api/user/counts/', ...as('owner') },
    { name: 'group-counts', path: '/api/user/counts/', ...as('group', all) },
    { name: 'bell', path: '/api/notifications/?page=1&page_size=1', ...as('pharmacist') },
    {
      name: 'notifications',
      path: `/api/notifications/?page=1&page_size=${LIMITS.notificationsPageSize}`,
      ...as('pharmacist'),
    },
    // The pharmacist's applications page: her applications, invitations and unread messages; a thread.
    { name: 'candidatures', path: '/api/candidature/mine/', ...as('pharmacist') },
    { name: 'invitations', path: '/api/invitations/mine/', ...as('pharmacist') },
    { name: 'unread', path: '/api/messages/unread/', ...as('pharmacist') },
    { name: 'owner-unread', path: '/api/messages/unread/', ...as('owner') },
    { name: 'thread', path: `/api/applications/${ids.thread}/messages/`, ...as('pharmacist') },
    // Reviews: those waiting to be written, and a person's published ones (an offer's or an applicant's card).
    { name: 'reviews-pending', path: '/api/reviews/pending/', ...as('pharmacist') },
    { name: 'owner-reviews-pending', path: '/api/reviews/pending/', ...as('owner') },
    { name: 'user-reviews', path: `/api/users/${ids.reviewed}/reviews/?page_size=100`, ...as('pharmacist') },
    // Worked shifts and invoices, this month and this year.
    { name: 'shifts-mine', path: `/api/shifts/mine/?${monthNow}`, ...as('pharmacist') },
    { name: 'shifts-owner', path: `/api/shifts/owner/?${monthNow}`, ...as('owner') },
    { name: 'group-shifts', path: `/api/shifts/owner/?${monthNow}`, ...as('group', all) },
    { name: 'pharmacy-shifts', path: `/api/shifts/owner/?${monthNow}`, ...as('group', one) },
    { name: 'invoiceable', path: '/api/invoices/invoiceable/', ...as('pharmacist') },
    { name: 'invoices-mine', path: `/api/invoices/mine/?year=${year}`, ...as('pharmacist') },
    { name: 'invoices-received', path: `/api/invoices/received/?year=${year}`, ...as('owner') },
    { name: 'group-invoices', path: `/api/invoices/received/?year=${year}`, ...as('group', all) },
    // The owner's pages: who is free, an offer's invitations, the counts of the received applications.
    { name: 'available', path: '/api/pharmacists/available/', ...as('owner') },
    {
      name: 'available-dates',
      path: `/api/pharmacists/available/?from=${week.from}&to=${week.to}&radius_km=30`,
      ...as('owner'),
    },
    { name: 'offer-invitations', path: `/api/offers/${ids.invitedOffer}/invitations/`, ...as('owner') },
    { name: 'received-counts', path: '/api/titolare/candidatures/counts/', ...as('owner') },
    { name: 'group-received-counts', path: '/api/titolare/candidatures/counts/', ...as('group', all) },
    // The group's page: this month's report.
    { name: 'group-report', path: `/api/organisation/report/?from=${from}&to=${to}`, ...as('group', all) },
    // The admin's desks, as they open.
    {
      name: 'verifications',
      path: `/api/admin/verifications/?status=pending&role=&page=1&page_size=${LIMITS.usersPageSize}`,
      ...as('admin'),
    },
    {
      name: 'reports',
      path: `/api/admin/reports/?status=open&page=1&page_size=${LIMITS.reportsPageSize}`,
      ...as('admin'),
    },
    { name: 'audit', path: `/api/admin/audit/?page=1&page_size=${LIMITS.usersPageSize}`, ...as('admin') },
  ];
  // `--replay-hand`: each hand-written row once more against the replay of our statements, in the same run.
  const twins = values['replay-hand']
    ? list.filter((target) => HAND_WRITTEN.has(target.name)).map((target) => ({ ...target, name: `${target.name}-replay` }))
    : [];
  return [...list, ...twins].filter(
    (target) => !values.cases || values.cases.split(',').includes(target.name.replace(/-replay$/, '')),
  );
}

// The floor's replays, captured before the measured servers start, handed to the floor in a file.
const replaysFile = join(tmpdir(), `farmaponte-replays-${process.pid}.json`);
const replays = await captureTargets();
writeFileSync(replaysFile, JSON.stringify(replays));
if (values.captures) writeFileSync(values.captures, JSON.stringify(replays, null, 1));
if (values['capture-only']) process.exit(0);
process.env.FLOOR_CAPTURES = replaysFile;
process.on('exit', () => rmSync(replaysFile, { force: true }));
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
  // A replayed target's requests name it (both sides get the header; ours ignores it).
  const tokens = await loginAll(ours);
  const targets = targetsFor(tokens)
    .filter((target) => !refused.has(target.name))
    .map((target) =>
      replays[target.name] ? { ...target, headers: { ...target.headers, 'x-bench-target': target.name } } : target,
    );
  /** The row's name: the path, and for a group's titolare the pharmacies asked for. */
  const labelOf = (target: (typeof targets)[number]) =>
    `${target.name}: GET ${target.path}${'x-farmacia' in target.headers ? ` (gruppo0, X-Farmacia: ${target.headers['x-farmacia']})` : ''}`;
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
      const verdict = verdicts.get(`${target.name} ${workers}`) ?? { label: labelOf(target), workers, target, measured: {} };
      verdict.measured[connections] = { ours: a, floor: b };
      verdicts.set(`${target.name} ${workers}`, verdict);
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

const ratio = (measure: { ours: TRun; floor: TRun } | undefined, key: 'rps' | 'p99') =>
  measure ? (measure.ours[key] / measure.floor[key]).toFixed(2) : '';
const verdictRows = [...verdicts.values()].map(
  ({ label, workers, target, measured }) =>
    `| ${label} | ${target.role} | ${workers} | ${replays[target.name] ? 'replay' : 'hand-written'} | ${ratio(measured[50], 'rps')} | ${ratio(measured[10], 'rps')} | ${ratio(measured[10], 'p99')} | ${verdictOf(measured)} |`,
);
console.log(verdictRows.join('\n'));
const table = [
  `Benchmark dataset scale 1 on PostgreSQL; ours and the floor (bench/floor.ts) with the same number of processes, alternated, ${rounds} × ${duration} s each per row; ${cpus().length} cores shared with the load generator, PostgreSQL and other work (load average ${loadavg()[0]?.toFixed(1)} at the end), so compare ratios, not absolute figures (${new Date().toISOString().slice(0, 10)}).`,
  '',
  '| endpoint | processes | connections | ours req/s | floor req/s | ours / floor | p50 ms ours / floor | p99 ms ours / floor | p99 ours / floor | within budgets | all 2xx |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ...rows,
  '',
  "The verdict per row (req/s ≥ 0.8× the floor's at each number of connections, p99 ≤ 1.25× at 10):",
  '',
  '| endpoint | as | processes | floor | req/s ours / floor at 50 | at 10 | p99 ours / floor at 10 | verdict |',
  '| --- | --- | ---: | --- | ---: | ---: | ---: | --- |',
  ...verdictRows,
  ...(refused.size
    ? ['', 'Not measured (the API refuses them):', '', ...[...refused].map(([name, why]) => `- ${name}: ${why}`)]
    : []),
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
writeFileSync(values.out, `${table}\n`);
process.exit(0);
