/**
 * Migration 0020 (decision 089): a database as the release before left it, with owners of one pharmacy each and a
 * pharmacist, is migrated as a server start migrates it; then every owner is the titolare of an organisation named
 * after their pharmacy, with its VAT number and that one pharmacy, logs in and works as before. On PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, rowsOf } from '../../test/helpers';
import { useDatabaseBefore } from '../../test/migrations';
import { hashPassword } from '../lib/passwords';

const migration = useDatabaseBefore('0020_groups_and_teams');

describe('migration 0020: every owner becomes an organisation', () => {
  it('makes each owner the titolare of an organisation with their pharmacy, and they work as before', {
    timeout: 60_000,
  }, async () => {
    const database = await migration.before();
    const db = database.db;
    const hash = await hashPassword('password-sicura');
    const person = async (
      email: string,
      role: string,
      profile: { name: string; surname: string; pharmacy?: string; vat?: string },
    ) => {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into users (email, password_hash, role, email_verified_at) values (${email}, ${hash}, ${role}, now()) returning id`,
        ),
      );
      const id = row?.id as number;
      await db.execute(
        sql`insert into profiles (user_id, name, surname, denominazione_farmacia, partita_iva, comune_farmacia) values (${id}, ${profile.name}, ${profile.surname}, ${profile.pharmacy ?? ''}, ${profile.vat ?? ''}, ${profile.pharmacy ? 'Torino' : ''})`,
      );
      if (role === 'titolare') await db.execute(sql`insert into verifications (user_id, status) values (${id}, 'verified')`);
      return id;
    };
    const rossi = await person('rossi@example.it', 'titolare', {
      name: 'Marco',
      surname: 'Rossi',
      pharmacy: 'Farmacia Centrale',
      vat: '01234567897',
    });
    // An owner who never named a pharmacy: the organisation takes their name.
    const bianchi = await person('bianchi@example.it', 'titolare', { name: 'Anna', surname: 'Bianchi' });
    await person('giulia@example.it', 'farmacista', { name: 'Giulia', surname: 'Verdi' });
    await db.execute(
      sql`insert into offers (owner_id, title, description, date_from, date_to) values (${rossi}, 'Turno sabato', 'Banco', '2099-01-10', '2099-01-10')`,
    );

    await database.migrate();

    const organisations = rowsOf<{ pharmacy_id: number; name: string; partita_iva: string; member: number; role: string }>(
      await db.execute(
        sql`select p.pharmacy_id, o.name, o.partita_iva, m.user_id as member, m.role from organisations o join organisation_pharmacies p on p.organisation_id = o.id join organisation_members m on m.organisation_id = o.id order by p.pharmacy_id`,
      ),
    );
    expect(organisations).toEqual([
      { pharmacy_id: rossi, name: 'Farmacia Centrale', partita_iva: '01234567897', member: rossi, role: 'titolare' },
      { pharmacy_id: bianchi, name: 'Anna Bianchi', partita_iva: '', member: bianchi, role: 'titolare' },
    ]);
    const [{ n } = { n: -1 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from organisations`));
    expect(n).toBe(2);

    const t = await migration.app();
    const { access } = await login(t.app, 'rossi@example.it', 'password-sicura');
    const mine = await t.app.inject({ method: 'GET', url: '/api/offers/mine/', headers: bearer(access) });
    expect(mine.json().map((o: { title: string }) => o.title)).toEqual(['Turno sabato']);
    const organisation = await t.app.inject({ method: 'GET', url: '/api/organisation/', headers: bearer(access) });
    expect(organisation.json()).toMatchObject({ name: 'Farmacia Centrale', my_role: 'titolare', pharmacies: [{ id: rossi }] });
  });
});
