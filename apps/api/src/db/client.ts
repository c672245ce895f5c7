/** Opens the database chosen by config: PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite under DATA_DIR. */
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { apiPath } from '../lib/api-root';
import { memoryEventsChannel, postgresEventsChannel, type TEventsChannel } from './events-channel';
import * as schema from './schema';

export type TSchema = typeof schema;
export type TDb = PgDatabase<PgQueryResultHKT, TSchema, ExtractTablesWithRelations<TSchema>>;

export interface TDatabase {
  db: TDb;
  kind: 'pglite' | 'postgres';
  /** The connections for the metrics; the embedded database has one, always open. */
  poolStats(): { total: number; idle: number; waiting: number; max: number };
  /** Applies the migrations not applied yet; `folder`: another folder's (a test that stops at an older migration). */
  migrate(folder?: string): Promise<void>;
  /**
   * Runs `work` holding the preparation lock (migrations, start-up fills, the admin bootstrap), so instances starting
   * at once prepare one after another: the first migrates, the others wait, then find nothing to do. On PostgreSQL a
   * session-level advisory lock on a connection of its own, released after (or with the connection, should the
   * process die); `onWait` is told once when another process holds it. The embedded database belongs to one process.
   */
  exclusively<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  close(): Promise<void>;
  /** Committed writes' events, between the processes on this database (db/events-channel.ts, decision 087). */
  events: TEventsChannel;
}

/** Connections per process to PostgreSQL (each cluster worker has its own pool; bench/floor.ts uses the same size). */
export const DATABASE_POOL_SIZE = 20;

/** The preparation lock's advisory-lock key ('MIGR'), apart from the jobs' keys (hashes of their names). */
export const PREPARE_LOCK_KEY = 0x4d494752;

/** `exclusively` on PostgreSQL: the advisory lock on a connection outside the pool, which `work` uses in full. */
async function holdingPrepareLock<T>(databaseUrl: string, work: () => Promise<T>, onWait?: () => void): Promise<T> {
  const connection = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000 });
  // A connection lost while `work` runs fails nothing here: the lock goes with it, and the unlock below is skipped.
  connection.on('error', () => {});
  await connection.connect();
  try {
    const { rows } = await connection.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [PREPARE_LOCK_KEY]);
    if (!rows[0]?.got) {
      onWait?.();
      await connection.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
    }
    return await work();
  } finally {
    await connection.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]).catch(() => {});
    await connection.end().catch(() => {});
  }
}

/** The message `exclusively` gives a command line while another process prepares the database. */
export const WAITING_FOR_PREPARE = 'Un altro processo sta preparando il database: attendo che finisca…';

export const MIGRATIONS_FOLDER = apiPath('src/db/migrations');

const BYTEA = 17;
/**
 * PGlite's own bytea conversion goes byte by byte through one small string each (then counts the hex text's UTF-8
 * length in JavaScript): 3 s and a gigabyte of garbage on the main thread for a 5 MB CV (decision 021). Handing the bytes
 * over unchanged makes PGlite send them as a binary parameter, as node-postgres does with a Buffer; results come back
 * as hex text, which Node's codec reads in milliseconds.
 */
export const PGLITE_OPTIONS = {
  extensions: { pg_trgm },
  serializers: { [BYTEA]: (bytes: Uint8Array) => bytes as unknown as string },
  parsers: { [BYTEA]: (text: string) => Buffer.from(text.slice(2), 'hex') },
};

/** True on the embedded database: one connection, and every statement runs on the main thread. */
export function isEmbedded(db: TDb): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  pglite?: PGlite;
  /** Told when PostgreSQL drops an idle connection (restart, failover, pg_terminate_backend); the pool replaces it. */
  onConnectionLost?: (error: Error) => void;
}): Promise<TDatabase> {
  const databaseUrl = options.databaseUrl;
  if (databaseUrl) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: DATABASE_POOL_SIZE,
      // While the database is away a request answers 503 within seconds instead of waiting for a connection.
      connectionTimeoutMillis: 5_000,
    });
    // Each connection tells its own loss, once: an idle one (which the pool also drops and replaces) and a checked-out
    // one, cut between two queries of a transaction or while a job holds its lock. The pool stops listening to a
    // connection it lends, and an error without a listener is an uncaught 'error' event that ends the whole process;
    // with this one the next query on it fails (its transaction answers 503) and the pool drops it when it comes back
    // (docs/decisions/044). The pool's own 'error' repeats an idle connection's, already told.
    pool.on('connect', (client) => client.on('error', (error) => options.onConnectionLost?.(error)));
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema }) as unknown as TDb;
    const events = postgresEventsChannel(pool, databaseUrl);
    return {
      db,
      events,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: DATABASE_POOL_SIZE }),
      migrate: (folder = MIGRATIONS_FOLDER) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      exclusively: (work, onWait) => holdingPrepareLock(databaseUrl, work, onWait),
      close: () => pool.end(),
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = resolve(options.dataDir ?? './data', 'pglite');
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create({ dataDir: dir, ...PGLITE_OPTIONS });
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as TDb;
  const events = memoryEventsChannel();
  return {
    db,
    events,
    kind: 'pglite',
    poolStats: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(drizzlePglite(pglite), { migrationsFolder: folder }),
    exclusively: (work) => work(),
    close: () => pglite.close(),
  };
}
