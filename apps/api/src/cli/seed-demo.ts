/** npm run seed:demo: fills an empty database with the demo data of the README. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';
import { seedDemoIfEmpty } from '../modules/demo';

const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  await database.migrate();
  console.log((await seedDemoIfEmpty(database.db)) ? 'Dati demo creati.' : 'Il database non è vuoto: nessun dato demo aggiunto.');
} finally {
  await database.close();
  unlock();
}
