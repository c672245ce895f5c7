/**
 * `npm run typecheck`: tsc over each TypeScript project (shared, api, web, the journeys, the benchmarks), two at a
 * time on a machine with two cores or more. One after another they took 80 s of CI's time limit (decision 076).
 * Each project's errors are printed together once it is done; the exit code is 1 if any project has one.
 *   node scripts/typecheck.mjs
 */
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const PROJECTS = ['packages/shared', 'apps/api', 'apps/web', 'e2e', 'bench', 'deploy'];
const root = fileURLToPath(new URL('..', import.meta.url));
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

/** Runs tsc on one project; resolves with its exit code once its output is printed. */
const check = (project) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--noEmit', '--pretty'], { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(code === 0 ? `typecheck ${project}: ok\n` : `typecheck ${project}: errors\n${output}\n`);
      resolve(code ?? 1);
    });
  });

const queue = [...PROJECTS];
let failed = false;
const lane = async () => {
  for (let project = queue.shift(); project; project = queue.shift()) if ((await check(project)) !== 0) failed = true;
};
await Promise.all(Array.from({ length: Math.min(2, Math.max(1, availableParallelism())) }, lane));
process.exit(failed ? 1 : 0);
