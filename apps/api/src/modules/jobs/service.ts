/**
 * The job runner's SQL: the `job_runs` row of each job (its last run, shared by every instance) and the lock that keeps
 * an exclusive job to one run at a time across processes and servers.
 */
import { inArray, sql } from 'drizzle-orm';
import type pg from 'pg';
import { isEmbedded, type TDb } from '../../db/client';
import { jobRuns } from '../../db/schema';

export type TJobRunRow = typeof jobRuns.$inferSelect;

/** The advisory-lock key of a job: a 32-bit FNV-1a hash of its name, the same in every instance. */
export function jobLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of `farmaponte-job:${name}`) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The keys held by runners of this process, per database client (two app instances in one process share it). */
const heldHere = new WeakMap<object, Set<number>>();

/**
 * Runs `fn` only if nobody else holds the job's lock, and answers `{ held: false }` at once otherwise (no waiting: the
 * next period tries again). On PostgreSQL the lock is `pg_try_advisory_lock` on a connection of its own, held for the
 * run and released after it; if that connection dies, PostgreSQL releases the lock with it. The embedded database
 * belongs to one process (lib/data-dir-lock.ts) and has one session, where advisory locks are re-entrant: there the
 * set of keys held in this process is the whole lock.
 */
export async function withJobLock<T>(
  db: TDb,
  key: number,
  fn: () => Promise<T>,
): Promise<{ held: true; value: T } | { held: false }> {
  const client = (db as unknown as { $client: object }).$client;
  const held = heldHere.get(client) ?? new Set<number>();
  heldHere.set(client, held);
  if (held.has(key)) return { held: false };
  held.add(key);
  try {
    if (isEmbedded(db)) return { held: true, value: await fn() };
    const connection = await (client as pg.Pool).connect();
    let broken: Error | undefined;
    try {
      const { rows } = await connection.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [key]);
      if (!rows[0]?.got) return { held: false };
      try {
        return { held: true, value: await fn() };
      } finally {
        // A connection that cannot unlock is thrown away: closing it releases the lock.
        await connection.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
          broken = error;
        });
      }
    } finally {
      connection.release(broken);
    }
  } finally {
    held.delete(key);
  }
}

/** Records one run: when it started, how long it took, and its success or its error (the last success never moves back). */
export async function recordJobRun(
  db: TDb,
  name: string,
  run: { startedAt: Date; durationMs: number; error: string | null },
): Promise<void> {
  const values = {
    name,
    lastStartedAt: run.startedAt,
    lastDurationMs: Math.round(run.durationMs),
    lastSuccessAt: run.error === null ? run.startedAt : null,
    lastError: run.error,
    lastErrorAt: run.error === null ? null : run.startedAt,
  };
  await db
    .insert(jobRuns)
    .values(values)
    .onConflictDoUpdate({
      target: jobRuns.name,
      set:
        run.error === null
          ? {
              lastStartedAt: values.lastStartedAt,
              lastDurationMs: values.lastDurationMs,
              lastSuccessAt: sql`greatest(${jobRuns.lastSuccessAt}, excluded.last_success_at)`,
            }
          : {
              lastStartedAt: values.lastStartedAt,
              lastDurationMs: values.lastDurationMs,
              lastError: values.lastError,
              lastErrorAt: values.lastErrorAt,
            },
    });
}

/** The rows of these jobs (a job that never ran anywhere has none). */
export async function jobRunRows(db: TDb, names: string[]): Promise<TJobRunRow[]> {
  if (names.length === 0) return [];
  return db.select().from(jobRuns).where(inArray(jobRuns.name, names));
}
