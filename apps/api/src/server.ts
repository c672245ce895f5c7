/**
 * Starts the platform: config, database + migrations, admin bootstrap, optional demo seed, listen, graceful shutdown.
 * On PostgreSQL with config.workers > 1 this process becomes the cluster's primary (lib/cluster.ts): it migrates,
 * bootstraps and seeds once, then forks the workers, which run this same file and only serve.
 */
import cluster from 'node:cluster';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase, type TDatabase } from './db/client';
import { demoAccountsBanner, demoSettingsOf, existingDemoAccounts, seedDemoIfEmpty } from './demo';
import { runClusterPrimary } from './lib/cluster';
import { lockDataDir } from './lib/data-dir-lock';
import { reportMetricsToPrimary, serveClusterMetrics, serveMetrics } from './lib/metrics-server';
import { publicUrlOf } from './lib/public-url';
import { resolveJwtSecret, resolveVapidKeys } from './lib/secrets';
import { describeStartupError } from './lib/startup-errors';
import { ensureAdmin } from './modules/account';
import { fillOfferPay, placeOffers } from './modules/offers';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
})();

/** METRICS_PORT could not be opened: one line with what to do. */
function metricsPortError(error: unknown): string {
  const code = (error as { code?: string }).code;
  return code === 'EADDRINUSE'
    ? `La porta delle metriche ${config.METRICS_PORT} è già occupata: indica un'altra porta con METRICS_PORT, e riavvia.`
    : `Impossibile aprire la porta delle metriche ${config.METRICS_PORT} su ${config.METRICS_HOST}: ${(error as Error).message}`;
}

/** A worker of the cluster: the primary has migrated, bootstrapped and seeded already. */
const isWorker = cluster.isWorker;
/** The demo accounts there are, found once the database is prepared (none without demo data). */
type TDemoAccounts = Awaited<ReturnType<typeof existingDemoAccounts>>;
const banner = (url: string, kind: string, demo: TDemoAccounts) => {
  // A plain banner for whoever started it: where to open it, where its files are and, with demo data, how to log in.
  const where = config.DATABASE_URL ? '' : ` in ${config.dataDir}`;
  process.stdout.write(`\nFarmaponte pronto su ${url} (database: ${kind}${where})\n`);
  if (!config.SMTP_URL) process.stdout.write(`Senza SMTP_URL le e-mail sono scritte in ${join(config.dataDir, 'mail')}\n`);
  process.stdout.write(demoAccountsBanner(demo, config.ADMIN_EMAIL));
};

/**
 * Migrations, the admin account and the demo data: once, by the single process or the cluster's primary, holding the
 * preparation lock, so instances started at once (a Deployment's replicas) prepare one after another: the first
 * migrates, the others wait and then find nothing to do.
 */
function prepare(database: TDatabase, log: { info(details: object, message: string): void }): Promise<TDemoAccounts> {
  return database.exclusively(
    () => prepareHoldingLock(database, log),
    () => log.info({}, 'another instance is preparing the database: waiting for it'),
  );
}

async function prepareHoldingLock(
  database: TDatabase,
  log: { info(details: object, message: string): void },
): Promise<TDemoAccounts> {
  await database.migrate();
  // Offers written before decision 026 (or loaded in bulk) get their place on the map and in the filters.
  await placeOffers(database.db, new Date());
  // Offers written before decision 094 get their pay totals, which the search sorts and filters on.
  await fillOfferPay(database.db, new Date());
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    const result = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    log.info({ email: config.ADMIN_EMAIL, result }, 'admin account');
  }
  if (config.SEED_DEMO) {
    const seeded = await seedDemoIfEmpty(database.db, demoSettingsOf(config));
    log.info(
      { seeded },
      seeded ? 'demo data created (see README for the accounts)' : 'demo data already there, or other users: demo seed skipped',
    );
    return existingDemoAccounts(database.db);
  }
  return [];
}

if (config.workers > 1 && cluster.isPrimary) {
  const log = {
    info: (message: string) => config.LOG_LEVEL !== 'silent' && console.log(message),
    warn: (message: string) => console.warn(message),
    error: (message: string) => console.error(message),
  };
  if (!config.REDIS_URL)
    log.warn(
      `${config.workers} workers without REDIS_URL: each counts login attempts and rate limits alone, so the limits are ${config.workers}× looser`,
    );
  let demo: TDemoAccounts = [];
  try {
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
    demo = await prepare(database, { info: (details, message) => log.info(`${message} ${JSON.stringify(details)}`) }).finally(
      () => database.close(),
    );
  } catch (error) {
    console.error(describeStartupError(error, config));
    process.exit(1);
  }
  if (config.METRICS_PORT)
    await serveClusterMetrics(config.METRICS_PORT, config.METRICS_HOST, {
      warn: (details, message) => log.warn(`${message} ${JSON.stringify(details)}`),
    }).catch((error: unknown) => {
      console.error(metricsPortError(error));
      process.exit(1);
    });
  await runClusterPrimary(config, log, (address) =>
    banner(
      publicUrlOf(config, { family: '', ...address, address: address.address ?? '' }),
      `postgres, ${config.workers} processi`,
      demo,
    ),
  );
}

/** Opens everything the server needs; a failure is told in one line with what to do, and the process exits 1. */
async function start() {
  const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  // Until the app (and its logger) exists, a lost connection is told on stderr.
  let connectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    onConnectionLost: (error) => connectionLost(error),
  });
  // The app reads the schema as it is built: migrated first (prepare, after, finds it done).
  if (!isWorker)
    await database.exclusively(
      () => database.migrate(),
      () => config.LOG_LEVEL !== 'silent' && console.log('another instance is preparing the database: waiting for it'),
    );
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 })
    : undefined;
  // ioredis reconnects by itself; while it is away the limiter counts in memory and says so once in the log.
  redis?.on('error', () => {});
  const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config), vapid: resolveVapidKeys(config), redis });
  connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on demand');
  return { unlock, database, redis, app };
}

const { unlock, database, redis, app } = await start().catch((error: unknown) => {
  console.error(describeStartupError(error, config));
  process.exit(1);
});

const demo = isWorker ? [] : await prepare(database, app.log);

const sleep = (ms: number) => new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms).unref());

let closing = false;
/**
 * With SHUTDOWN_DRAIN_SECONDS, first a drain: readiness answers 503 while every other request is still served. Then
 * stop accepting, let in-flight requests finish until SHUTDOWN_TIMEOUT_SECONDS, then cut what is left (a client
 * sending its body a byte a second, a registry import half-way: its transaction is never committed, so it rolls
 * back) and exit 0. Nothing acknowledged is lost: every answered write was committed before its answer.
 */
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  if (config.SHUTDOWN_DRAIN_SECONDS > 0) {
    // Readiness answers 503 so the balancer stops sending here; the requests that still come are served as usual.
    app.readiness.draining = true;
    app.log.info({ signal, drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000 }, 'draining: readiness answers 503 shutting_down');
    await sleep(config.SHUTDOWN_DRAIN_SECONDS * 1000);
  }
  const deadlineMs = config.SHUTDOWN_TIMEOUT_SECONDS * 1000;
  app.log.info({ signal, deadlineMs }, 'shutting down: finishing in-flight requests');
  // Keep-alive sockets whose request finishes during the shutdown are closed as soon as they go idle.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  const closed = app.close();
  if ((await Promise.race([closed, sleep(deadlineMs)])) === 'timeout') {
    app.log.warn('shutdown deadline reached: closing the connections still open');
    app.server.closeAllConnections();
  }
  clearInterval(sweeper);
  try {
    // A handler cut above may still hold the database: give the close a moment, then leave it to the exit.
    await Promise.race([closed.then(() => database.close()), sleep(2_000)]);
    await Promise.race([redis?.quit(), sleep(1_000)]);
  } catch (error) {
    app.log.warn({ err: error }, 'while closing the database');
  }
  unlock();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

// The metrics: a worker reports to the primary, which serves them; a single process serves its own.
if (config.METRICS_PORT && isWorker) reportMetricsToPrimary(app.metrics.registry);
const metricsServer =
  config.METRICS_PORT && !isWorker
    ? await serveMetrics(app.metrics.registry, config.METRICS_PORT, config.METRICS_HOST, app.log).catch(
        async (error: unknown) => {
          console.error(metricsPortError(error));
          await database.close();
          unlock();
          process.exit(1);
        },
      )
    : undefined;
app.addHook('onClose', async () => {
  metricsServer?.close();
});

await app.listen({ host: config.HOST, port: config.PORT }).catch(async (error: unknown) => {
  console.error(describeStartupError(error, config));
  await database.close();
  unlock();
  process.exit(1);
});
// The periodic jobs run from here on (mail-outbox, offer-alerts: modules/jobs); in a cluster they run in one worker
// only (the primary says which). app.close() (shutdown) stops them first, before the requests drain, and waits for
// the runs in flight to finish their step and give back the rest (docs/decisions/042).
if (config.BACKGROUND_JOBS) app.jobs.start();
app.log.info({ url: app.publicUrl(), database: database.kind, backgroundJobs: config.BACKGROUND_JOBS }, 'listening');
if (!isWorker) banner(app.publicUrl(), database.kind, demo);
