/**
 * How production starts, measured (docs/decisions/041): one instance on the embedded database, from spawn to the first
 * 200 of /api/health/, and the resident memory of the whole process tree a second later. The sources through tsx (as
 * `npm start` ran before 041) against the build with plain node, bare and through npm as `npm run start -w apps/api`.
 * The data directory is migrated once first, so each start is a restart. Needs `npm run build`.
 *
 *   npx tsx bench/start.ts [--rounds 3] [--port 3290]
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { rounds: { type: 'string', default: '3' }, port: { type: 'string', default: '3290' } },
});
const API = resolve(import.meta.dirname, '../apps/api');
if (!existsSync(join(API, 'dist/server.js'))) throw new Error('apps/api/dist/server.js is missing: run npm run build first');
const base = `http://127.0.0.1:${values.port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'farmaponte-bench-start-'));

const MODES: { name: string; command: string; args: string[] }[] = [
  { name: 'tsx src/server.ts (before)', command: join(API, '../../node_modules/.bin/tsx'), args: ['src/server.ts'] },
  { name: 'node dist/server.js', command: process.execPath, args: ['--enable-source-maps', 'dist/server.js'] },
  { name: 'npm run start -w apps/api', command: 'npm', args: ['run', 'start', '--silent'] },
];

/** The pids under `root`, itself included, from /proc. */
function tree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {}
  }
  const all = [root];
  for (let i = 0; i < all.length; i++) all.push(...(children.get(all[i] as number) ?? []));
  return all;
}

const rssKb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
};

async function startOnce(mode: (typeof MODES)[number]) {
  const started = performance.now();
  const child: ChildProcess = spawn(mode.command, mode.args, {
    cwd: API,
    env: { ...process.env, DATA_DIR: dataDir, PORT: values.port, HOST: '127.0.0.1', LOG_LEVEL: 'warn', WEB_DIST: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${mode.name} exited ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const healthyMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, 1000));
  const pids = tree(child.pid as number);
  const rssMb = pids.reduce((sum, pid) => sum + rssKb(pid), 0) / 1024;
  // Every process of the tree (npm and tsx's launcher pass it on too): the server shuts down and lets go of the data.
  for (const pid of pids.reverse()) process.kill(pid, 'SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  await until(() => pids.every((pid) => !existsSync(`/proc/${pid}`)));
  return { healthyMs, rssMb, processes: pids.length };
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((r) => setTimeout(r, 50));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

// Migrate the fresh data directory once, so that every measured start is a restart.
await startOnce(MODES[1] as (typeof MODES)[number]);
const rows: string[] = [];
for (const mode of MODES) {
  const runs = [];
  for (let i = 0; i < Number(values.rounds); i++) runs.push(await startOnce(mode));
  rows.push(
    `| ${mode.name} | ${runs[0]?.processes} | ${Math.round(median(runs.map((r) => r.rssMb)))} MB | ${(median(runs.map((r) => r.healthyMs)) / 1000).toFixed(2)} s |`,
  );
}
rmSync(dataDir, { recursive: true, force: true });
const load = execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(`\nOne instance on the embedded database, median of ${values.rounds} restarts (${load})\n`);
console.log('| start | processes | RSS of the tree | spawn → healthy |\n| --- | --- | --- | --- |');
console.log(rows.join('\n'));
