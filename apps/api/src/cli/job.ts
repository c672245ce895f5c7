/**
 * npm run job -- NAME [NAME…]: runs the named periodic jobs once now, in order, through the same runner as the server
 * (an exclusive job held by another instance is skipped). `npm run send-alerts` is `job offer-alerts mail-outbox`: a
 * round of saved-search alerts, then the mails it queued. On the embedded database it refuses to run while the server
 * holds the data directory.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, WAITING_FOR_PREPARE } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';
import { resolveJwtSecret, resolveVapidKeys } from '../lib/secrets';
import { StartupError } from '../lib/startup-errors';
import { fillOfferPay, placeOffers } from '../modules/offers';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('Uso: npm run job -- NOME [NOME…]   (per esempio: npm run job -- offer-alerts mail-outbox)');
  process.exit(2);
}
const config = loadConfig();
let unlock = () => {};
try {
  if (!config.DATABASE_URL) unlock = lockDataDir(config.dataDir);
} catch (error) {
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await database.exclusively(
    async () => {
      await database.migrate();
      // Offers not placed yet (a bulk load since the last server start) would be missed by distance and region filters.
      await placeOffers(database.db, new Date());
      await fillOfferPay(database.db, new Date());
    },
    () => console.log(WAITING_FOR_PREPARE),
  );
  const app = await buildApp(config, {
    database,
    jwtSecret: resolveJwtSecret(config),
    vapid: resolveVapidKeys(config),
    logger: false,
  });
  try {
    const known = app.jobs.jobs.map((job) => job.name);
    const unknown = names.filter((name) => !known.includes(name));
    if (unknown.length) {
      console.error(`Lavoro sconosciuto: ${unknown.join(', ')}. Lavori disponibili: ${known.join(', ')}.`);
      process.exitCode = 2;
    } else {
      for (const name of names) {
        const started = performance.now();
        const result = await app.jobs.run(name);
        const ms = Math.round(performance.now() - started);
        console.log(
          result === null
            ? `${name}: un altro processo lo sta eseguendo, saltato.`
            : `${name}: fatto in ${ms} ms${result === undefined ? '' : ` ${JSON.stringify(result)}`}.`,
        );
      }
    }
  } finally {
    await app.close();
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
