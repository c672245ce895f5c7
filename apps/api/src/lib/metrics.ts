/**
 * Prometheus metrics (prom-client): requests by route, method and status with their latency, the database pool, the
 * mail outbox's backlog, the background jobs' runs and failures, and rate-limit refusals. One registry per app (tests
 * build many apps in one process); the values that live in the database or the pool are read when scraped.
 * The metrics are not public: they are served on METRICS_PORT only (lib/metrics-server.ts, docs/operations.md).
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface TPoolStats {
  /** Connections open, idle among them, requests waiting for one, and the most the pool opens. */
  total: number;
  idle: number;
  waiting: number;
  max: number;
}

export interface TMetricsSources {
  pool: () => TPoolStats;
  outbox: () => Promise<{ pending: number; oldestSeconds: number }>;
  /** Live event streams open in this process (GET /api/events/). */
  streams?: () => number;
}

export interface TMetrics {
  registry: Registry;
  /** One answered request: the route's pattern (never the raw URL, so the series stay few), its method and status. */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One run of a background job, and whether it failed. */
  jobRun(job: string, ok: boolean, seconds: number): void;
}

export function createMetrics(sources: TMetricsSources): TMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'farmaponte' });
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests answered, by route pattern, method and status, with their duration',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const refusals = new Counter({
    name: 'rate_limit_refusals_total',
    help: 'Requests refused with 429 (rate limits, lockouts, write quotas), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Runs of the background jobs, by job and outcome (ok or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'job_run_duration_seconds',
    help: 'How long the background jobs ran, by job',
    labelNames: ['job'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  const pool = (name: keyof TPoolStats, help: string) =>
    new Gauge({
      name: `db_pool_${name}_connections`,
      help,
      registers: [registry],
      collect() {
        this.set(sources.pool()[name]);
      },
    });
  pool('total', 'Database connections open in this process');
  pool('idle', 'Database connections open and idle');
  pool('waiting', 'Requests waiting for a database connection');
  pool('max', 'The most database connections this process opens');
  // Both outbox figures come from one query per scrape.
  let backlog: Promise<{ pending: number; oldestSeconds: number }> | null = null;
  const readBacklog = () => {
    backlog ??= sources.outbox().finally(() => {
      backlog = null;
    });
    return backlog;
  };
  // Every worker of a cluster reads the same outbox: the primary keeps one figure, not their sum.
  new Gauge({
    name: 'mail_outbox_pending',
    help: 'Mails waiting in the outbox (neither sent nor given up)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).pending);
    },
  });
  new Gauge({
    name: 'mail_outbox_oldest_pending_seconds',
    help: 'How long the oldest mail still waiting has waited, in seconds (0 when none waits)',
    aggregator: 'max',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).oldestSeconds);
    },
  });
  // A worker's own streams: the primary adds them up.
  new Gauge({
    name: 'events_open_streams',
    help: 'Live event streams (GET /api/events/) open in this process',
    registers: [registry],
    collect() {
      this.set(sources.streams?.() ?? 0);
    },
  });
  return {
    registry,
    request(route, method, status, seconds) {
      requests.observe({ route, method, status_code: String(status) }, seconds);
      if (status === 429) refusals.inc({ route });
    },
    jobRun(job, ok, seconds) {
      jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
      jobDuration.observe({ job }, seconds);
    },
  };
}
