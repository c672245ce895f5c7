/**
 * The preparation lock (`exclusively`), which the server's start and the commands that migrate take: on PostgreSQL a
 * process that finds it held says it waits and starts its work only once the holder lets go; a failing work gives the
 * lock back. The embedded database belongs to one process and runs the work at once.
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../../test/helpers';
import { PREPARE_LOCK_KEY } from './client';

describe('the preparation lock', () => {
  it('waits while another session holds it, runs the work after, and gives it back even when the work fails', async () => {
    const database = await testDatabase();
    if (database.kind === 'pglite') {
      expect(await database.exclusively(async () => 'done')).toBe('done');
      return;
    }
    // Another instance preparing: a session of its own holding the lock.
    const other = await (database.db as unknown as { $client: pg.Pool }).$client.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [PREPARE_LOCK_KEY]);
      const steps: string[] = [];
      const waiting = database.exclusively(
        async () => {
          steps.push('work');
          return 'done';
        },
        () => steps.push('waiting'),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(steps).toEqual(['waiting']);
      await other.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]);
      expect(await waiting).toBe('done');
      expect(steps).toEqual(['waiting', 'work']);

      await expect(database.exclusively(() => Promise.reject(new Error('migration failed')))).rejects.toThrow('migration failed');
      // Given back: another session takes it at once.
      const { rows } = await other.query<{ got: boolean }>('select pg_try_advisory_lock($1) as got', [PREPARE_LOCK_KEY]);
      expect(rows[0]?.got).toBe(true);
      await other.query('select pg_advisory_unlock($1)', [PREPARE_LOCK_KEY]);
    } finally {
      other.release();
    }
  });
});
