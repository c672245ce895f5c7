/**
 * buildTestApp(): the production app on a real database (PGlite, or PostgreSQL when TEST_DB=postgres), emptied per test,
 * with every answer also written by zod and compared (`checkAnswers`, lib/answer-writer.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import type { TRole, TTokenPair } from '@farmaponte/shared';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterEach, beforeEach } from 'vitest';
import { buildApp, type TAppDeps } from '../src/app';
import { loadConfig, type TConfig } from '../src/config';
import { openDatabase, PGLITE_OPTIONS, type TDatabase } from '../src/db/client';
import { createUser, type TCreatedUser, type TUserOverrides } from '../src/factories';
import { createMemoryCounterStore, type TCounterStore } from '../src/lib/limiter';
import { startSmtpServer, type TSmtp } from './smtp';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let databasePromise: Promise<TDatabase> | undefined;
let smtpPromise: Promise<TSmtp> | undefined;

/**
 * A new database with no tables: PGlite in memory, or on PostgreSQL a database of its own, created fresh from the
 * server's default one and named after TEST_DB_PREFIX (which keeps two checkouts apart), the worker and `suffix`.
 */
export async function newEmptyDatabase(suffix = ''): Promise<TDatabase> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const name = `${process.env.TEST_DB_PREFIX ?? 'farmaponte_test'}_${process.env.VITEST_POOL_ID ?? '1'}${suffix}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    // A test's commits need not wait for the disk: a crash of the test server loses nothing a test relies on (the
    // fault tests run their own PostgreSQL with its defaults). On a slow disk this halves the API tests' time.
    target.searchParams.set('options', '-c synchronous_commit=off');
    return openDatabase({ databaseUrl: target.toString() });
  }
  return openDatabase({ pglite: await PGlite.create(PGLITE_OPTIONS) });
}

/** One database per worker, reused across files (creating a PGlite database costs seconds and hundreds of MB). */
async function createDatabase(): Promise<TDatabase> {
  const database = await newEmptyDatabase();
  await database.migrate();
  return database;
}

export function testDatabase(): Promise<TDatabase> {
  databasePromise ??= createDatabase();
  return databasePromise;
}

export function testSmtp(): Promise<TSmtp> {
  smtpPromise ??= startSmtpServer();
  return smtpPromise;
}

/** The rows of a raw query, whichever driver answered it. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

async function tableNames(database: TDatabase): Promise<string[]> {
  const result = await database.db.execute(
    sql`select tablename from pg_tables where schemaname = 'public' and tablename not like '__drizzle%' order by tablename`,
  );
  return rowsOf<{ tablename: string }>(result).map((row) => row.tablename);
}

/**
 * Empties every table and restarts every sequence, as a new database would have them. Only the tables a test filled
 * are touched, by DELETE with the foreign keys' triggers off for the transaction (`session_replication_role`): a
 * TRUNCATE of every table gives each table and index a new file on PostgreSQL, which made emptying cost more than
 * most tests.
 */
export async function emptyDatabase(database: TDatabase) {
  const tables = await tableNames(database);
  if (!tables.length) return;
  const filled = rowsOf<{ name: string }>(
    await database.db.execute(
      sql.raw(tables.map((name) => `select '${name}' as name where exists (select 1 from "${name}")`).join(' union all ')),
    ),
  ).map((row) => row.name);
  await database.db.transaction(async (tx) => {
    if (filled.length) {
      await tx.execute(sql.raw('set local session_replication_role = replica'));
      for (const name of filled) await tx.execute(sql.raw(`delete from "${name}"`));
    }
    await tx.execute(
      sql.raw(
        "select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) from pg_sequences where schemaname = 'public' and last_value is not null",
      ),
    );
  });
}

/** Every table's row count and a digest of its rows: equal snapshots mean nothing was written in between. */
export async function tableSnapshot(database: TDatabase): Promise<Record<string, string>> {
  const selects = (await tableNames(database)).map(
    (name) =>
      `select '${name}' as name, count(*) || ' ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
  );
  const rows = rowsOf<{ name: string; digest: string }>(await database.db.execute(sql.raw(selects.join(' union all '))));
  return Object.fromEntries(rows.map((row) => [row.name, row.digest]));
}

export interface TTestApp {
  app: FastifyInstance;
  database: TDatabase;
  smtp: TSmtp;
  config: TConfig;
  /** Moves the app's clock (token expiry, reset links, offers' dates). */
  clock: { now: Date; advance(ms: number): void };
}

/**
 * The test app; `counters` replaces its in-memory counter store (e.g. with Redis), `onRoute` sees every route, `logger`
 * and `logStream` turn its log on (LOG_LEVEL in env) and catch its lines. `database`: one of the test's own, taken with
 * the rows it has (a migration's test), instead of the worker's, emptied.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  {
    counters,
    database: ownDatabase,
    ...deps
  }: { counters?: TCounterStore; database?: TDatabase } & Pick<
    TAppDeps,
    'onRoute' | 'logger' | 'logStream' | 'pushOrigins' | 'vapid'
  > = {},
): Promise<TTestApp> {
  const [database, smtp] = await Promise.all([ownDatabase ?? testDatabase(), testSmtp()]);
  if (!ownDatabase) await emptyDatabase(database);
  smtp.received.length = 0;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: '/tmp/farmaponte-test-data',
    PUBLIC_URL: 'http://farmaponte.test',
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    ...env,
  });
  const clock = {
    now: new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp(config, {
    database,
    jwtSecret: TEST_JWT_SECRET,
    counters: counters ?? createMemoryCounterStore(() => clock.now.getTime()),
    now: () => clock.now,
    logger: false,
    checkAnswers: true,
    ...deps,
  });
  await app.ready();
  return { app, database, smtp, config, clock };
}

/**
 * Another instance of the same app on the same database and clock, as a second server behind a load balancer sees
 * it: its own caches (session users, open offers) and its own per-instance counters. Close it in the test.
 */
export async function buildOtherInstance(t: TTestApp): Promise<FastifyInstance> {
  const app = await buildApp(t.config, {
    database: t.database,
    jwtSecret: TEST_JWT_SECRET,
    counters: createMemoryCounterStore(() => t.clock.now.getTime()),
    now: () => t.clock.now,
    logger: false,
    checkAnswers: true,
  });
  await app.ready();
  return app;
}

/**
 * A fresh test app for each test of the calling file (built before, closed after). The returned object is the same
 * one throughout; its fields are the current test's app, database, smtp, config and clock.
 */
export function useTestApp(env: Record<string, string> = {}): TTestApp {
  const current = {} as TTestApp;
  beforeEach(async () => {
    Object.assign(current, await buildTestApp(env));
  });
  afterEach(async () => {
    await current.app.close();
  });
  return current;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Logs in through the API and returns the token pair. */
export async function login(app: FastifyInstance, username: string, password: string): Promise<TTokenPair> {
  const response = await app.inject({ method: 'POST', url: '/api/token/', payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as TTokenPair;
}

/**
 * Opens the confirmation link the outbox mailed to this address (to the test's SMTP server), as its owner does: a
 * registration logs in only after it (decision 054).
 */
export async function confirmFromMail(t: TTestApp, email: string): Promise<void> {
  await t.app.outbox.runOnce();
  const token = t.smtp.lastTo(email)?.text.match(/\/conferma-email\/([A-Za-z0-9_-]+)/)?.[1];
  const response = await t.app.inject({ method: 'POST', url: '/api/user/verify-email/', payload: { token } });
  if (response.statusCode !== 200) throw new Error(`confirming ${email}: ${response.statusCode} ${response.body}`);
}

export interface TSignedIn extends TTokenPair {
  user: TCreatedUser;
  /** The Authorization header of the access token. */
  headers: { authorization: string };
}

/**
 * A new user of this role (the factory's realistic profile, with overrides), logged in through the API. An address not
 * confirmed cannot log in (decision 054): such a user's session (one that began before that rule) is made by logging in
 * confirmed, then taking the confirmation back.
 */
/** The same user logged in again: after the clock moves, the access token has expired. */
export async function signedInAgain(app: FastifyInstance, who: TSignedIn): Promise<TSignedIn> {
  const tokens = await login(app, who.user.email, who.user.password);
  return { ...who, ...tokens, headers: bearer(tokens.access) };
}

export async function signedIn(app: FastifyInstance, role: TRole, overrides: TUserOverrides = {}): Promise<TSignedIn> {
  const unconfirmed = (overrides.emailConfirmed ?? overrides.verified) === false;
  const user = await createUser(app.db, role, { ...overrides, emailConfirmed: true });
  const tokens = await login(app, user.email, user.password);
  if (unconfirmed) await app.db.execute(sql`update users set email_verified_at = null where id = ${user.id}`);
  return { user, ...tokens, headers: bearer(tokens.access) };
}
