/** A database as an older release left it, for the tests of a migration: migrated up to the one before `tag`. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, type TDatabase } from '../src/db/client';
import { newEmptyDatabase } from './helpers';

/**
 * A new database migrated by drizzle's migrator, as a server of the release before `tag` did, and a `remove` for the
 * folder of migrations it was given; `database.migrate()` then applies the rest, as the next server start does.
 */
export async function databaseBefore(tag: string): Promise<{ database: TDatabase; remove: () => void }> {
  const folder = mkdtempSync(join(tmpdir(), 'farmaponte-migrations-'));
  const remove = () => rmSync(folder, { recursive: true, force: true });
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag}`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  const database = await newEmptyDatabase('_migration');
  await database.migrate(folder);
  return { database, remove };
}
