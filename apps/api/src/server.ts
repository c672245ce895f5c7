/** Starts the platform: config, database + migrations, admin bootstrap, optional demo seed, listen, graceful shutdown. */
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './lib/data-dir-lock';
import { resolveJwtSecret } from './lib/secrets';
import { ensureAdmin } from './modules/account/service';
import { demoAccountsBanner, seedDemoIfEmpty } from './modules/demo/seed';

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
// Until the app (and its logger) exists, a lost connection is told on stderr.
let connectionLost = (error: Error) => console.warn(`database connection lost: ${error.message}`);
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.dataDir,
  onConnectionLost: (error) => connectionLost(error),
});
await database.migrate();
const redis = config.REDIS_URL
  ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2_000 })
  : undefined;
// ioredis reconnects by itself; while it is away the limiter counts in memory and says so once in the log.
redis?.on('error', () => {});
const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config), redis });
connectionLost = (error) => app.log.warn({ err: error }, 'database connection lost; the pool reconnects on demand');

if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
  const result = await ensureAdmin(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
  app.log.info({ email: config.ADMIN_EMAIL, result }, 'admin account');
}
if (config.SEED_DEMO) {
  const seeded = await seedDemoIfEmpty(database.db);
  app.log.info(seeded ? 'demo data created (see README for the accounts)' : 'database not empty: demo seed skipped');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const timer = setTimeout(() => {
    app.log.error('shutdown timed out');
    process.exit(1);
  }, 10_000);
  try {
    // Keep-alive sockets whose request finishes during the shutdown are closed as soon as they go idle.
    const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
    await app.close();
    clearInterval(sweeper);
    await database.close();
    await redis?.quit();
    unlock();
    clearTimeout(timer);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ host: config.HOST, port: config.PORT });
const url = app.publicUrl();
app.log.info({ url, database: database.kind }, 'listening');
// A plain banner for whoever started it: where to open it and, with demo data, how to log in.
process.stdout.write(`\nFarmaponte pronto su ${url} (database: ${database.kind})\n`);
if (config.SEED_DEMO) process.stdout.write(demoAccountsBanner());
