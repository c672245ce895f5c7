/**
 * Health under load in embedded mode (docs/rules.md#performance, decisions 021 and 030): starts the real server on a fresh PGlite
 * database and measures `GET /api/health/` while nothing runs, while six 5 MB CV uploads run, and while an admin
 * imports a 100,000-row registry file. Budgets: p99 < 100 ms during the uploads, < 200 ms during the import.
 * Prints a table and saves it in bench/results/health-under-load.md.
 *   npx tsx bench/health-under-load.ts [--uploads 6] [--rows 100000] [--port 3210] [--cpu-prof DIR]
 * With --cpu-prof the server writes a CPU profile of its main thread (and one per worker thread) into DIR when it stops.
 */
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { DEFAULT_PASSWORD, pharmacistProfile } from '../apps/api/src/factories';
import { mulberry32 } from '../apps/api/src/lib/seeded-random';
import { sampleRegistryCsv } from '../apps/api/src/modules/pharmacies';
import { confirmFromFiledMail, healthy, spawnServer } from '../apps/api/test/server-process';

const { values } = parseArgs({
  options: {
    uploads: { type: 'string', default: '6' },
    rows: { type: 'string', default: '100000' },
    port: { type: 'string', default: '3210' },
    'cpu-prof': { type: 'string' },
  },
});
const uploads = Number(values.uploads);
const rows = Number(values.rows);
const base = `http://127.0.0.1:${values.port}`;
const ADMIN = { email: 'bench.admin@farmaponte.it', password: DEFAULT_PASSWORD };

const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-health-bench-'));
const server = spawnServer(
  {
    DATA_DIR: dataDir,
    PORT: values.port,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    AUTH_MAX_PER_IP: '100000',
  },
  ['ignore', 'ignore', 'inherit'],
  values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : [],
);
const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

/** A 5 MB CV as a scan-like file would be: about 215 pages of drawings, each page its own content stream. */
async function makeLargePdf(): Promise<Buffer> {
  const random = mulberry32(42);
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 0; p < 215; p++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Curriculum Vitae - pagina ${p + 1}`, { x: 50, y: 800, size: 18, font });
    for (let i = 0; i < 300; i++) {
      const [x, y, width, height] = [random() * 595, random() * 842, random() * 40, random() * 40];
      page.drawRectangle({ x, y, width, height, color: rgb(random(), random(), random()) });
    }
  }
  return Buffer.from(await doc.save());
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

async function token(email: string, password = DEFAULT_PASSWORD): Promise<string> {
  return String((await post('/api/token/', { username: email, password })).access);
}

/** Registers, confirms the address from the filed mail (logging in waits for it, decision 054), and logs in. */
async function registerPharmacist(n: number): Promise<string> {
  const email = `bench.farmacista${n}@farmaponte.it`;
  const profile = pharmacistProfile({ numero_iscrizione_albo: `MI-${90000 + n}` });
  await post('/api/user/register/', {
    username: email,
    password: DEFAULT_PASSWORD,
    profile: { userRole: 'farmacista', ...profile },
  });
  await confirmFromFiledMail(base, dataDir, email);
  return token(email);
}

/**
 * The prober, in a thread of its own: calls GET /api/health/ (asks the database) and GET /api/health/live (does not) in
 * turn, 10 ms apart, until told to stop. A slow health with a fast live is the database busy, both slow is the event loop
 * held. It runs beside the threads sending the load, so that their own pauses (encoding a 7 MB body, garbage
 * collection) are not counted as the server's.
 */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
let stopped = false;
parentPort.on('message', () => { stopped = true; });
async function timed(path) {
  const started = performance.now();
  const ok = await fetch(workerData.base + path).then(async (r) => { await r.arrayBuffer(); return r.ok; }).catch(() => false);
  return { ms: performance.now() - started, ok };
}
(async () => {
  const latencies = [], live = [];
  let failures = 0;
  // Unmeasured: the thread's first fetch loads its HTTP client.
  await timed('/api/health/');
  await timed('/api/health/live');
  parentPort.postMessage('started');
  while (!stopped) {
    const health = await timed('/api/health/');
    latencies.push(health.ms);
    if (!health.ok) failures++;
    live.push((await timed('/api/health/live')).ms);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ latencies, live, failures });
})();
`;

/** Probes health (PROBER) while `work` runs. */
async function healthDuring<T>(
  work: () => Promise<T>,
): Promise<{ latencies: number[]; live: number[]; failures: number; result: T }> {
  const prober = new Worker(PROBER, { eval: true, workerData: { base } });
  await once(prober, 'message');
  try {
    const result = await work();
    prober.postMessage('stop');
    const [probes] = (await once(prober, 'message')) as [{ latencies: number[]; live: number[]; failures: number }];
    return { ...probes, result };
  } finally {
    await prober.terminate();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

const table: string[] = [];
function report(
  phase: string,
  run: { latencies: number[]; live: number[]; failures: number },
  budgetMs: number | null,
  what: string,
) {
  const sorted = [...run.latencies].sort((a, b) => a - b);
  const live = [...run.live].sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const met = budgetMs == null ? '–' : p99 < budgetMs && run.failures === 0 ? 'yes' : 'no';
  table.push(
    `| ${phase} | ${sorted.length} | ${percentile(sorted, 50).toFixed(1)} | ${p99.toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} | ${run.failures} | ${budgetMs == null ? '–' : `< ${budgetMs}`} | ${met} | ${percentile(live, 99).toFixed(1)} | ${what} |`,
  );
}

try {
  await healthy(base);
  const pdf = (await makeLargePdf()).toString('base64');
  const csv = sampleRegistryCsv(rows, { seed: 11 });
  const tokens = await Promise.all(Array.from({ length: uploads }, (_, i) => registerPharmacist(i + 1)));
  const adminToken = await token(ADMIN.email, ADMIN.password);

  const idle = await healthDuring(() => new Promise((r) => setTimeout(r, 2_000)));
  report('idle (2 s)', idle, null, '');

  // Encoded once, as a browser sends bytes it has ready.
  const uploadBody = Buffer.from(JSON.stringify({ pdf_file: pdf }));
  const uploadOne = async (access: string) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/user/details/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
      body: uploadBody,
    });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const during = await healthDuring(() => Promise.all(tokens.map(uploadOne)));
  const statuses = [...new Set(during.result.map((u) => u.status))].join('/');
  const slowest = Math.max(...during.result.map((u) => u.ms));
  report(
    `${uploads} CV uploads of ${(Buffer.byteLength(pdf, 'base64') / 1024 / 1024).toFixed(1)} MB in parallel`,
    during,
    100,
    `answers ${statuses}, slowest upload ${(slowest / 1000).toFixed(1)} s`,
  );

  const importing = await healthDuring(async () => {
    const started = performance.now();
    const response = await fetch(`${base}/api/pharmacies/import/`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${adminToken}` },
      body: csv,
    });
    const lines = (await response.text()).trim().split('\n');
    return { status: response.status, last: lines.at(-1) ?? '', ms: performance.now() - started };
  });
  const last = JSON.parse(importing.result.last || '{}') as { type?: string; report?: { imported?: number } };
  report(
    `registry import of ${rows.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(0)} MB)`,
    importing,
    200,
    `${last.type === 'done' ? `${last.report?.imported} imported` : `failed: ${importing.result.last.slice(0, 80)}`} in ${(importing.result.ms / 1000).toFixed(1)} s`,
  );

  const date = new Date().toISOString().slice(0, 10);
  const output = [
    `GET /api/health/ (and /api/health/live, which does not ask the database) on PGlite (embedded), in turn every 10 ms from a thread of their own, ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (${date}).`,
    '',
    '| while | health requests | p50 ms | p99 ms | max ms | failed | budget p99 ms | met | live p99 ms | the load |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |',
    ...table,
    '',
  ].join('\n');
  process.stdout.write(`\n${output}`);
  writeFileSync(new URL('./results/health-under-load.md', import.meta.url), output);
} finally {
  stop();
}
