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
  close(): Promise<void>;
  /** Committed writes' events, between the processes on this database (db/events-channel.ts, decision 087). */
  events: TEventsChannel;
}

/** Connections per process to PostgreSQL (each cluster worker has its own pool; bench/floor.ts uses the same size). */
export const DATABASE_POOL_SIZE = 20;

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
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
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
    const events = postgresEventsChannel(pool, options.databaseUrl);
    return {
      db,
      events,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: DATABASE_POOL_SIZE }),
      migrate: (folder = MIGRATIONS_FOLDER) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
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
    close: () => pglite.close(),
  };
}
