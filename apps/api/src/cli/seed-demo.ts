/** npm run seed:demo: fills a database without users (admins aside) with the demo data of the README. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { demoSettingsOf, seedDemoIfEmpty } from '../demo';
import { lockDataDir } from '../lib/data-dir-lock';

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log(
    (await seedDemoIfEmpty(database.db, demoSettingsOf(config)))
      ? 'Dati demo creati.'
      : 'Il database ha già altri utenti oltre agli amministratori: nessun dato demo aggiunto.',
  );
} finally {
  await database.close();
  unlock();
}
