/**
 * Writes that lock rows of two tables run here: one transaction, tried again when PostgreSQL ends it to break a
 * deadlock (40P01) or a serialization failure (40001). The lock order of docs/architecture.md rules deadlocks out
 * between the app's own writes; the retry is the net for the orders no request controls (a cascade meeting a
 * background job), and a write still refused after the last try answers 503 with Retry-After (docs/decisions/035).
 *
 * A write also registers here what runs once it has committed (`whenCommitted`): the event bus hands on the events the
 * write recorded (lib/event-bus.ts, decision 087) once its transaction has committed, and drops them when it rolls back
 * or is tried again.
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
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

/** What each open writeTransaction runs once it has committed (whenCommitted), by its transaction's handle. */
const pendingCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `callback` once the write on `db` has committed: after its writeTransaction (never for a try that rolled back),
 * or at once when `db` is the database itself. In a transaction writeTransaction did not open it is not run at all:
 * the event bus refuses such a transaction (`opensWriteTransaction`), and a mere hurry-up (the outbox's next round,
 * decision 076) loses nothing.
 */
export function whenCommitted(db: TDb, callback: () => void): void {
  const outer = pendingCallbacks.get(db);
  if (outer) outer.push(callback);
  else if (!(db instanceof PgTransaction)) runCallbacks([callback]);
}

/** Whether writeTransaction opened this transaction (its commit runs what `whenCommitted` registered). */
export function opensWriteTransaction(db: TDb): boolean {
  return pendingCallbacks.has(db);
}

function runCallbacks(callbacks: (() => void)[]) {
  for (const callback of callbacks) {
    try {
      callback();
    } catch {
      // A hurry-up that failed changes nothing that was written.
    }
  }
}

/** db.transaction(write), tried up to `attempts` times while PostgreSQL answers 40P01 or 40001. */
export async function writeTransaction<T>(db: TDb, write: (tx: TDb) => Promise<T>, attempts = WRITE_ATTEMPTS): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    // A new list for each try: what a rolled-back try registered is dropped with it.
    const callbacks: (() => void)[] = [];
    try {
      const result = await db.transaction((tx) => {
        pendingCallbacks.set(tx, callbacks);
        return write(tx as unknown as TDb);
      });
      // Inside an outer writeTransaction (a nested one), they wait for the outer commit.
      const outer = pendingCallbacks.get(db);
      if (outer) outer.push(...callbacks);
      else runCallbacks(callbacks);
      return result;
    } catch (error) {
      if (attempt >= attempts || !isWriteConflict(error)) throw error;
      // A short pause that grows and differs between the requests, so the ones that met do not meet again at once.
      await new Promise((resolve) => setTimeout(resolve, attempt * 5 + Math.random() * 10 * attempt));
    }
  }
}
