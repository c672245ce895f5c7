/**
 * Writes that lock rows of two tables run here: one transaction, tried again when PostgreSQL ends it to break a
 * deadlock (40P01) or a serialization failure (40001). The lock order of docs/architecture.md rules deadlocks out
 * between the app's own writes; the retry is the net for the orders no request controls (a cascade meeting a
 * background job), and a write still refused after the last try answers 503 with Retry-After (docs/decisions/035).
 */
import type { TDb } from '../db/client';

/** Tries of one write before its conflict is answered 503: enough for a burst, bounded so a request never loops. */
export const WRITE_ATTEMPTS = 4;

const RETRYABLE_SQLSTATES = new Set(['40P01', '40001']);

/** A deadlock or serialization failure, from node-postgres or PGlite, possibly wrapped by Drizzle. */
export function isWriteConflict(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && RETRYABLE_SQLSTATES.has(e.code)) return true;
    current = e.cause;
  }
  return false;
}

/** db.transaction(write), tried up to `attempts` times while PostgreSQL answers 40P01 or 40001. */
export async function writeTransaction<T>(db: TDb, write: (tx: TDb) => Promise<T>, attempts = WRITE_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => write(tx as unknown as TDb));
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
      // A short pause that grows and differs between the requests, so the ones that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10 * attempt));
    }
  }
}
