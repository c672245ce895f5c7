/**
 * A deadlock on demand: a trigger makes the first `times` writes of one kind on a table fail with SQLSTATE 40P01, as
 * PostgreSQL ends a transaction caught in a deadlock, so a test meets the error the way a real write would (on PGlite
 * and PostgreSQL alike). The database outlives a test file: `removeDeadlocks` in its afterEach drops the trigger.
 */
import { sql } from 'drizzle-orm';
import type { TDb } from '../src/db/client';

export async function injectDeadlocks(
  db: TDb,
  { table, on, times }: { table: 'applications' | 'audit_log'; on: 'insert' | 'update'; times: number },
): Promise<void> {
  await db.execute(sql.raw('create sequence if not exists test_deadlock_tries'));
  await db.execute(
    sql.raw(`
    create or replace function test_raise_deadlock() returns trigger language plpgsql as $$
    begin
      if nextval('test_deadlock_tries') <= ${times} then
        raise exception 'deadlock detected (raised by the test)' using errcode = '40P01';
      end if;
      return new;
    end $$`),
  );
  await db.execute(
    sql.raw(`create trigger test_deadlock before ${on} on ${table} for each row execute function test_raise_deadlock()`),
  );
}

export async function removeDeadlocks(db: TDb, table: 'applications' | 'audit_log'): Promise<void> {
  await db.execute(sql.raw(`drop trigger if exists test_deadlock on ${table}`));
  await db.execute(sql.raw('drop function if exists test_raise_deadlock()'));
  await db.execute(sql.raw('drop sequence if exists test_deadlock_tries'));
}
