/** npm run send-alerts: one round of saved-search alerts now (what the server does every minute), then the mails it queued. */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';
import { resolveJwtSecret } from '../lib/secrets';
import { placeOffers } from '../modules/offers';

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await database.migrate();
  // Offers not placed yet (a bulk load since the last server start) would be missed by distance and region filters.
  await placeOffers(database.db, new Date());
  const app = await buildApp(config, { database, jwtSecret: resolveJwtSecret(config), logger: false });
  const round = await app.alerts.runOnce();
  if (!round) console.log('Un altro processo sta inviando gli avvisi: nulla da fare.');
  else {
    const mails = await app.outbox.runOnce();
    console.log(`Ricerche salvate esaminate: ${round.searches}; avvisi inviati: ${round.alerts}; e-mail spedite: ${mails.sent}.`);
  }
  await app.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
