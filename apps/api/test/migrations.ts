/** A database as an older release left it, for the tests of a migration: migrated up to the one before `tag`. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { MIGRATIONS_FOLDER, type TDatabase } from '../src/db/client';
import { buildTestApp, newEmptyDatabase, type TTestApp } from './helpers';

/**
 * For a migration's tests: `before()` is a new database migrated by drizzle's migrator as a server of the release
 * before `tag` did (`database.migrate()` then applies the rest, as the next server start does), `app()` the test app on
 * it; both are closed and the copied migrations removed after each test.
 */
export function useDatabaseBefore(tag: string) {
  let database: TDatabase | undefined;
  let t: TTestApp | undefined;
  let folder: string | undefined;
  afterEach(async () => {
    await t?.app.close();
    await database?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
    t = undefined;
    database = undefined;
    folder = undefined;
  });
  return {
    async before(): Promise<TDatabase> {
      folder = mkdtempSync(join(tmpdir(), 'farmaponte-migrations-'));
      cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
      const journalPath = join(folder, 'meta', '_journal.json');
      const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
      const cut = journal.entries.findIndex((entry) => entry.tag === tag);
      if (cut <= 0) throw new Error(`no migration ${tag}`);
      writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
      database = await newEmptyDatabase('_migration');
      await database.migrate(folder);
      return database;
    },
    async app(): Promise<TTestApp> {
      if (!database) throw new Error('before() first');
      t = await buildTestApp({}, { database });
      return t;
    },
  };
}
