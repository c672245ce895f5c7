/**
 * CPU time per request, ours against the floor, on one list endpoint (docs/decisions/033 and 034). Starts
 * both servers with one process each on the benchmark dataset, loads them in turn with autocannon, and reads each
 * process's user + system time from /proc before and after every turn. CPU per request is much steadier than req/s on
 * a shared machine, so it shows what a change to our own layers is worth. `--cpu-prof DIR` also writes both
 * processes' CPU profiles there when they stop, sampled every 100 µs.
 *   npx tsx bench/cpu.ts [--path /api/offers/mine/] [--as owner|admin|pharmacist] [--connections 10] [--rounds 3]
 *                        [--duration 5] [--cpu-prof DIR] [--database-url …] [--accept-encoding 'br, gzip']
 *                        [--farmacia tutte|<id>]
 * `--as groupOwner --farmacia tutte` asks as the titolare of the largest group for all its pharmacies (decision 092).
 * `--accept-encoding identity` (or `gzip`) shows what compressing the answer costs ours; the floor never compresses.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { BENCH_ACCOUNTS, DEFAULT_BENCH_URL } from './database';
import { benchToken, startBenchServer, waitForHealth } from './processes';

const { values } = parseArgs({
  options: {
    path: { type: 'string', default: '/api/offers/mine/' },
    as: { type: 'string', default: 'owner' },
    connections: { type: 'string', default: '10' },
    rounds: { type: 'string', default: '3' },
    duration: { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
    port: { type: 'string', default: '3300' },
    'accept-encoding': { type: 'string', default: 'br, gzip' },
    farmacia: { type: 'string' },
  },
});
const account = BENCH_ACCOUNTS[values.as as keyof typeof BENCH_ACCOUNTS];
if (!account) throw new Error(`--as must be one of ${Object.keys(BENCH_ACCOUNTS).join(', ')}`);

function start(script: string, port: number) {
  const nodeOptions = values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${values['cpu-prof']}`] : [];
  return startBenchServer(script, { port, databaseUrl: values['database-url'], nodeOptions });
}

/** The user + system CPU time so far of a process (or of one thread, `/proc/PID/task/TID/stat`), in µs (ticks of 10 ms). */
function cpuMicros(pid: number, thread = ''): number {
  const fields = readFileSync(`/proc/${pid}${thread}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}
/** The main (JavaScript) thread alone: the rest is V8's garbage collector and compiler threads and libuv's pool. */
const mainThreadMicros = (pid: number) => cpuMicros(pid, `/task/${pid}`);

const port = Number(values.port);
const sides = [
  { name: 'ours', base: `http://127.0.0.1:${port}`, server: start('apps/api/src/server.ts', port) },
  { name: 'floor', base: `http://127.0.0.1:${port + 1}`, server: start('bench/floor.ts', port + 1) },
];
process.on('exit', () => {
  for (const side of sides) side.server.kill('SIGTERM');
});
await Promise.all(sides.map((side) => waitForHealth(side.base)));
const access = await benchToken(sides[0]?.base ?? '', account);

const load = (base: string, duration: number) =>
  autocannon({
    url: base + values.path,
    connections: Number(values.connections),
    duration,
    headers: {
      authorization: `Bearer ${access}`,
      'accept-encoding': values['accept-encoding'],
      ...(values.farmacia ? { 'x-farmacia': values.farmacia } : {}),
    },
  });

for (const side of sides) await load(side.base, 2); // warm-up: JIT, pools, caches
const totals = new Map(sides.map((side) => [side.name, { requests: 0, seconds: 0, cpu: 0, main: 0, p99: [] as number[] }]));
for (let round = 0; round < Number(values.rounds); round++) {
  for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
    const pid = side.server.pid as number;
    const before = cpuMicros(pid);
    const mainBefore = mainThreadMicros(pid);
    const result = await load(side.base, Number(values.duration));
    const total = totals.get(side.name);
    if (!total) continue;
    if (result.non2xx || result.errors) throw new Error(`${side.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    total.cpu += cpuMicros(pid) - before;
    total.main += mainThreadMicros(pid) - mainBefore;
    total.requests += result.requests.total;
    total.seconds += result.duration;
    total.p99.push(result.latency.p99);
  }
}

const ours = totals.get('ours');
const floor = totals.get('floor');
if (!ours || !floor) throw new Error('no figures');
const perRequest = (side: typeof ours) => side.cpu / side.requests;
const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
console.log(
  `GET ${values.path}${values.farmacia ? ` (X-Farmacia: ${values.farmacia})` : ''}, accept-encoding ${values['accept-encoding']}, ${values.connections} connections, ${values.rounds} × ${values.duration} s each, load average ${loadavg()[0]?.toFixed(1)}`,
);
console.log('| side | req/s | CPU µs per request | of which main thread | p99 ms |');
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const [name, side] of totals)
  console.log(
    `| ${name} | ${Math.round(side.requests / side.seconds)} | ${Math.round(perRequest(side))} | ${Math.round(side.main / side.requests)} | ${Math.round(mean(side.p99))} |`,
  );
console.log(
  `floor ÷ ours, CPU per request: ${(perRequest(floor) / perRequest(ours)).toFixed(2)}; ours ÷ floor, req/s: ${(ours.requests / ours.seconds / (floor.requests / floor.seconds)).toFixed(2)}`,
);
process.exit(0);
