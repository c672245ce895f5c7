/**
 * Load test of the list endpoints on the benchmark dataset (run bench/generate.ts first): starts the real server
 * on PostgreSQL, logs in as each role, and hits every endpoint with autocannon. Prints a table and saves it in
 * bench/results/latest.md.
 *   npx tsx bench/load.ts [--connections 50] [--duration 10] [--database-url …]
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { daysFromNow } from '@farmaponte/shared';
import autocannon from 'autocannon';
import { DEFAULT_PASSWORD } from '../apps/api/src/factories';
import { BENCH_ACCOUNTS, DEFAULT_BENCH_URL } from './database';

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '10' },
    'database-url': { type: 'string', default: DEFAULT_BENCH_URL },
    port: { type: 'string', default: '3200' },
  },
});
const base = `http://127.0.0.1:${values.port}`;
// node itself (not npx) so that stopping it stops the server and nothing keeps our stdout open.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  env: {
    ...process.env,
    DATABASE_URL: values['database-url'],
    JWT_SECRET: 'benchmark-secret-benchmark-secret-benchmark',
    PORT: values.port,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    AUTH_MAX_PER_IP: '100000',
    WEB_DIST: '/nonexistent',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => server.kill('SIGTERM');
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function token(email: string) {
  const response = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEFAULT_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}

console.log('waiting for the server…');
await waitForServer();
console.log('server up');
const tokens = {
  admin: await token(BENCH_ACCOUNTS.admin),
  owner: await token(BENCH_ACCOUNTS.owner),
  pharmacist: await token(BENCH_ACCOUNTS.pharmacist),
};
const targets = [
  { name: 'GET /api/offers/ (all open offers)', path: '/api/offers/', token: tokens.pharmacist },
  { name: 'GET /api/offers/?comune=roma', path: '/api/offers/?comune=roma', token: tokens.pharmacist },
  {
    name: 'GET /api/offers/ search (30 km from Milano, next 14 days, ≥ 18 €/h, by distance, page 1)',
    path: `/api/offers/?near=Milano&radius_km=30&from=${daysFromNow(0)}&to=${daysFromNow(14)}&min_pay=18&sort=distance&page=1`,
    token: tokens.pharmacist,
  },
  { name: 'GET /api/titolare/candidatures/', path: '/api/titolare/candidatures/', token: tokens.owner },
  { name: 'GET /api/offers/mine/', path: '/api/offers/mine/', token: tokens.owner },
  { name: 'GET /api/pharmacies/?search=farmacia san', path: '/api/pharmacies/?search=farmacia%20san', token: tokens.admin },
  { name: 'GET /api/pharmacies/?search=mil', path: '/api/pharmacies/?search=mil', token: tokens.admin },
  { name: 'GET /api/users/all/ (page 1)', path: '/api/users/all/', token: tokens.admin },
  { name: 'GET /api/users/all/?page=500', path: '/api/users/all/?page=500', token: tokens.admin },
  { name: 'GET /api/users/all/?search=farmacista12', path: '/api/users/all/?search=farmacista12', token: tokens.admin },
];

/** Bytes on the wire for a browser that accepts brotli and gzip. */
function transferredBytes(path: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const req = request(base + path, { headers }, (res) => {
      let total = 0;
      res.on('data', (chunk: Buffer) => {
        total += chunk.length;
      });
      res.on('end', () => resolve(total));
    });
    req.on('error', reject);
    req.end();
  });
}

const rows: string[] = [];
for (const target of targets) {
  const probe = await fetch(base + target.path, { headers: { authorization: `Bearer ${target.token}` } });
  const json = (await probe.arrayBuffer()).byteLength;
  const sent = await transferredBytes(target.path, target.token);
  const result = await autocannon({
    url: base + target.path,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers: { authorization: `Bearer ${target.token}`, 'accept-encoding': 'br, gzip' },
  });
  const ok = result.non2xx === 0 && result.errors === 0;
  rows.push(
    `| ${target.name} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${result.latency.p99} | ${(json / 1024).toFixed(1)} | ${(sent / 1024).toFixed(1)} | ${ok ? 'yes' : `no (${result.non2xx} non-2xx, ${result.errors} errors)`} |`,
  );
  console.log(rows.at(-1));
}
stop();

const table = [
  `Benchmark dataset scale 1 on PostgreSQL, ${values.connections} connections, ${values.duration} s per endpoint, one API process, ${cpus().length} cores (${new Date().toISOString().slice(0, 10)}).`,
  '',
  '| endpoint | req/s | p50 ms | p99 ms | JSON KB | sent KB (br) | all 2xx |',
  '| --- | ---: | ---: | ---: | ---: | ---: | --- |',
  ...rows,
].join('\n');
console.log(`\n${table}`);
writeFileSync('bench/results/latest.md', `${table}\n`);
process.exit(0);
