/** Why the server could not start, in one line that says what is wrong and what to do (never a stack trace). */
import { isDatabaseUnavailable } from './database-errors';

/** A start-up problem whose message is already the one line to show. */
export class StartupError extends Error {}

/** Emscripten's errno numbers, as PGlite's file system reports them (ErrnoError 51 is a full disk). */
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: 'EACCES', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS', 54: 'ENOTDIR' };

function errorCode(error: unknown): string {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; errno?: unknown; name?: unknown; cause?: unknown };
    if (typeof e.code === 'string') return e.code;
    if (e.name === 'ErrnoError' && typeof e.errno === 'number') return EMSCRIPTEN_ERRNO[e.errno] ?? `errno ${e.errno}`;
    current = e.cause;
  }
  return '';
}

export function describeStartupError(error: unknown, config: { dataDir: string; DATABASE_URL?: string; PORT: number }): string {
  if (error instanceof StartupError) return error.message;
  const code = errorCode(error);
  if (code === 'EADDRINUSE')
    return `La porta ${config.PORT} è già occupata da un altro processo: fermalo, o indica un'altra porta con PORT, e riavvia.`;
  if (code === 'ENOSPC')
    return `Disco pieno: impossibile scrivere in ${config.dataDir}. Libera spazio su quel disco (o indica un altro DATA_DIR) e riavvia.`;
  if (['EROFS', 'EACCES', 'EPERM', 'ENOTDIR'].includes(code))
    return `La cartella dei dati ${config.dataDir} non è scrivibile (${code}). Indica con DATA_DIR una cartella scrivibile, o correggine i permessi, e riavvia.`;
  if (config.DATABASE_URL) {
    const url = new URL(config.DATABASE_URL);
    const where = `${url.hostname}:${url.port || 5432}`;
    if (code === '3D000')
      return `Il database "${url.pathname.slice(1)}" non esiste su ${where}: crealo (createdb ${url.pathname.slice(1)}) e riavvia.`;
    if (code === '28P01' || code === '28000')
      return `PostgreSQL su ${where} ha rifiutato le credenziali di DATABASE_URL: correggi utente e password e riavvia.`;
    if (isDatabaseUnavailable(error))
      return `PostgreSQL non raggiungibile su ${where} (${code || 'nessuna risposta'}): verifica che sia avviato e che DATABASE_URL sia corretto, poi riavvia.`;
  }
  const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
  return `Avvio non riuscito: ${message}`;
}
