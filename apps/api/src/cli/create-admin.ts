/** npm run create-admin -- EMAIL PASSWORD: creates an administrator (admins cannot register from the web). */
import { loadConfig } from '../config';
import { openDatabase, WAITING_FOR_PREPARE } from '../db/client';
import { lockDataDir } from '../lib/data-dir-lock';
import { HttpError } from '../lib/errors';
import { ensureAdmin } from '../modules/account';

const [email, password] = process.argv.slice(2);
if (!email || !password || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || password.length < 8) {
  console.error('Uso: npm run create-admin -- EMAIL PASSWORD   (password di almeno 8 caratteri)');
  process.exit(2);
}
const config = loadConfig();
const unlock = config.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
try {
  // Under the preparation lock, as a server's start (which may be creating its ADMIN_EMAIL at the same time).
  const result = await database.exclusively(
    async () => {
      await database.migrate();
      return ensureAdmin(database.db, email, password);
    },
    () => console.log(WAITING_FOR_PREPARE),
  );
  console.log(result === 'created' ? `Amministratore ${email} creato.` : `${email} è già un amministratore.`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
