/** The API and the floor as child processes of a benchmark (bench/load.ts, bench/cpu.ts), on the benchmark dataset. */
import { type ChildProcess, spawn } from 'node:child_process';
import { DEFAULT_PASSWORD } from '../apps/api/src/factories';

export const BENCH_JWT_SECRET = 'benchmark-secret-benchmark-secret-benchmark';

/**
 * node itself (not npx), so that stopping it stops the server and nothing keeps our stdout open; as deployed
 * (`NODE_ENV=production`), without the web app. `nodeOptions` go before the script (`--cpu-prof`, …).
 */
export function startBenchServer(
  script: string,
  options: { port: number | string; databaseUrl: string; workers?: number; nodeOptions?: string[]; cwd?: string },
): ChildProcess {
  return spawn(process.execPath, [...(options.nodeOptions ?? []), '--import', 'tsx', script], {
    // Another checkout's server (bench/load.ts --before) runs from its own folder, with its own packages.
    cwd: options.cwd,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      PORT: String(options.port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      AUTH_MAX_PER_IP: '100000',
      WEB_DIST: '/nonexistent',
      WEB_CONCURRENCY: String(options.workers ?? 1),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Until the server at `base` answers its health check (a minute at most). */
export async function waitForHealth(base: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health/`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base} did not start`);
}

/** An access token for a benchmark account (all share the factories' password) from the server at `base`. */
export async function benchToken(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: DEFAULT_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return ((await response.json()) as { access: string }).access;
}
