/**
 * Writes that lock rows of two tables run here: one transaction, tried again when PostgreSQL ends it to break a
 * deadlock (40P01) or a serialization failure (40001). The lock order of docs/architecture.md rules deadlocks out
 * between the app's own writes; the retry is the net for the orders no request controls (a cascade meeting a
 * background job), and a write still refused after the last try answers 503 with Retry-After (docs/decisions/035).
 *
 * A write also registers here what it tells its users live (`afterCommit`: a notification, a message, an application's
 * status): writeTransaction publishes those events once its transaction has committed, and drops them when it rolls
 * back or is tried again (decision 072).
 */
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { TDb } from '../db/client';
import { liveChannelOf, type TLiveEvent } from '../db/live-channel';

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

/** The events each open writeTransaction has registered, by its transaction's handle. */
const pendingEvents = new WeakMap<object, TLiveEvent[]>();

/** A transaction no writeTransaction opened: its events would never be sent, which is a mistake to catch in the tests. */
function eventsWouldBeLost(): Error {
  return new Error('a live event registered in a transaction that writeTransaction did not open: run the write through it');
}

/** Hands events to the database's channel, or to the writeTransaction `db` is itself inside of. */
function publish(db: TDb, events: TLiveEvent[]) {
  if (!events.length) return;
  const outer = pendingEvents.get(db);
  if (outer) outer.push(...events);
  else if (db instanceof PgTransaction) throw eventsWouldBeLost();
  else liveChannelOf(db)?.publish(events);
}

/**
 * Registers a live event of the write running on `db`: sent after its writeTransaction commits, or at once when `db` is
 * the database itself (each statement is then committed on its own: call this after the write).
 */
export function afterCommit(db: TDb, event: TLiveEvent): void {
  if (!event.userIds.length) return;
  publish(db, [event]);
}

/** What each open writeTransaction runs once it has committed (whenCommitted), by its transaction's handle. */
const pendingCallbacks = new WeakMap<object, (() => void)[]>();

/**
 * Runs `callback` once the write on `db` has committed: after its writeTransaction (never for a try that rolled back),
 * or at once when `db` is the database itself. In a transaction writeTransaction did not open it is not run at all, so
 * it may only hurry what happens anyway (the outbox's next round, decision 076), never be the only way it happens.
 */
export function whenCommitted(db: TDb, callback: () => void): void {
  const outer = pendingCallbacks.get(db);
  if (outer) outer.push(callback);
  else if (!(db instanceof PgTransaction)) runCallbacks([callback]);
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
    const events: TLiveEvent[] = [];
    const callbacks: (() => void)[] = [];
    try {
      const result = await db.transaction((tx) => {
        pendingEvents.set(tx, events);
        pendingCallbacks.set(tx, callbacks);
        return write(tx as unknown as TDb);
      });
      publish(db, events);
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
