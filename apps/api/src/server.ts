/** Starts the platform: config, database + migrations, admin bootstrap, optional demo seed, listen, graceful shutdown. */
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { lockDataDir } from './lib/data-dir-lock';
import { resolveJwtSecret } from './lib/secrets';
import { ensureAdmin } from './modules/account';
import { seedDemoIfEmpty } from './modules/demo';

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
await database.migrate();
const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: false }) : undefined;
const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config), redis });

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
app.log.info(`Farmaponte pronto su ${config.PUBLIC_URL} (database: ${database.kind})`);
