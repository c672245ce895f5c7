/** npm run seed:demo: fills a database without users (admins aside) with the demo data of the README. */
import { loadConfig } from '../config';
import { openDatabase, WAITING_FOR_PREPARE } from '../db/client';
import { demoSettingsOf, seedDemoIfEmpty } from '../demo';
import { lockDataDir } from '../lib/data-dir-lock';

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  // Under the preparation lock, as a server's start: a server seeding at the same time cannot seed twice.
  const seeded = await database.exclusively(
    async () => {
      await database.migrate();
      return seedDemoIfEmpty(database.db, demoSettingsOf(config));
    },
    () => console.log(WAITING_FOR_PREPARE),
  );
  console.log(
    seeded ? 'Dati demo creati.' : 'Il database ha già altri utenti oltre agli amministratori: nessun dato demo aggiunto.',
  );
} finally {
  await database.close();
  unlock();
}
