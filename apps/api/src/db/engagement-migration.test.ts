/**
 * Migration 0021 (decision 093): offers written before legal forms existed become what a client that sends none
 * publishes, an employee shift at the CCNL's first level, and their applications were made as employees. On PGlite and
 * PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../test/helpers';
import { useDatabaseBefore } from '../../test/migrations';

const migration = useDatabaseBefore('0021_lawful_engagement');

describe('migration 0021: every existing offer is an employee shift at the first level', () => {
  it('gives old offers and their applications the default form and level', { timeout: 60_000 }, async () => {
    const database = await migration.before();
    const db = database.db;
    const [owner] = rowsOf<{ id: number }>(
      await db.execute(sql`insert into users (email, password_hash, role) values ('o@example.it', 'x', 'titolare') returning id`),
    );
    const [pharmacist] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into users (email, password_hash, role) values ('f@example.it', 'x', 'farmacista') returning id`,
      ),
    );
    const [offer] = rowsOf<{ id: number }>(
      await db.execute(
        sql`insert into offers (owner_id, title, description) values (${owner?.id}, 'Turno sabato', 'Banco') returning id`,
      ),
    );
    await db.execute(sql`insert into applications (offer_id, farmacista_id) values (${offer?.id}, ${pharmacist?.id})`);

    await database.migrate();

    expect(rowsOf(await db.execute(sql`select legal_forms, ccnl_level from offers`))).toEqual([
      { legal_forms: ['dipendente'], ccnl_level: '1' },
    ]);
    expect(rowsOf(await db.execute(sql`select legal_form from applications`))).toEqual([{ legal_form: 'dipendente' }]);
    expect(rowsOf(await db.execute(sql`select count(*)::int as n from professional_files`))).toEqual([{ n: 0 }]);
  });
});
