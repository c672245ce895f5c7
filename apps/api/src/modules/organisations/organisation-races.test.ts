/**
 * Two requests at once on an organisation's people and pharmacies (decision 089): each write locks the organisation's
 * row first, so of two that cannot both hold one wins and the other gets its Italian answer, never a 500 or a
 * deadlock. Meant for PostgreSQL, where the requests truly overlap; PGlite runs them one after the other.
 */
import { ORGANISATION_MESSAGES as M } from '@farmaponte/shared/organisation';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf, signedIn, useTestApp } from '../../../test/helpers';
import { addedPharmacy, invitationTokenTo, staffMember } from '../../../test/organisation';
import { organisationMembers } from '../../db/schema';

const t = useTestApp();

const send = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string> | undefined, payload: object) =>
  t.app.inject({ method, url, headers, payload });

describe('an organisation under two requests at once', () => {
  it('two answers to one invitation link: one joins, the other finds it used', async () => {
    const titolare = await signedIn(t.app, 'titolare');
    const second = await addedPharmacy(t, titolare, 'Farmacia del Borgo');
    await send('POST', '/api/organisation/invitations/', titolare.headers, {
      email: 'doppio@example.it',
      role: 'responsabile',
      pharmacy_ids: [second],
    });
    const token = await invitationTokenTo(t, 'doppio@example.it');
    const body = { token, name: 'Dora', surname: 'Doppi', password: 'password-sicura', privacyPolicyConsent: true };
    const answers = await Promise.all([0, 1].map(() => send('POST', '/api/organisation/invitations/accept/', undefined, body)));
    const codes = answers.map((a) => a.statusCode).sort();
    // The loser either found the link used (410) or the address just taken by the winner's new account (409).
    expect(codes[0]).toBe(201);
    expect([409, 410]).toContain(codes[1]);
    const members = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from organisation_members m join users u on u.id = m.user_id where u.email = 'doppio@example.it'`,
      ),
    );
    expect(members[0]?.n).toBe(1);
  });

  it('the same pharmacy added twice at once: one is added, the other is told it is already the organisation’s', async () => {
    const titolare = await signedIn(t.app, 'titolare');
    await t.database.db.execute(
      sql`insert into pharmacies (cod_farmacia, name, address, comune, partita_iva) values ('88001', 'FARMACIA DEL LAGO', 'VIA LAGO 2', 'COMO', '')`,
    );
    const body = { cod_farmacia: '88001', partita_iva: '01234567897' };
    const answers = await Promise.all([0, 1].map(() => send('POST', '/api/organisation/pharmacies/', titolare.headers, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().message).toBe(M.pharmacyAlreadyYours);
  });

  it('two titolari stepping each other down at once: one does, and the organisation keeps a titolare', async () => {
    const titolare = await signedIn(t.app, 'titolare');
    const second = await addedPharmacy(t, titolare, 'Farmacia del Borgo');
    const marco = await staffMember(t, titolare, 'titolare', [], 'Marco', 'Gialli');
    const down = { role: 'responsabile', pharmacy_ids: [second] };
    const answers = await Promise.all([
      send('PATCH', `/api/organisation/members/${marco.user.id}/`, titolare.headers, down),
      send('PATCH', `/api/organisation/members/${titolare.user.id}/`, marco.headers, down),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    // The second to run finds itself no longer a titolare (403) or the other the last one (409).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const titolari = await t.database.db.select().from(organisationMembers).where(eq(organisationMembers.role, 'titolare'));
    expect(titolari.filter((m) => [titolare.user.id, marco.user.id].includes(m.userId))).toHaveLength(1);
  });

  it('one address invited twice at once: one invitation and one mail', async () => {
    const titolare = await signedIn(t.app, 'titolare');
    const body = { email: 'una@example.it', role: 'titolare' };
    const answers = await Promise.all([0, 1].map(() => send('POST', '/api/organisation/invitations/', titolare.headers, body)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    await t.app.outbox.runOnce();
    expect(t.smtp.received.filter((mail) => mail.to.includes('una@example.it'))).toHaveLength(1);
  });
});
