/** npm run create-admin -- EMAIL PASSWORD: creates an administrator (admins cannot register from the web). */
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
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
  await database.migrate();
  const result = await ensureAdmin(database.db, email, password);
  console.log(result === 'created' ? `Amministratore ${email} creato.` : `${email} è già un amministratore.`);
} catch (error) {
  console.error(error instanceof HttpError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}
