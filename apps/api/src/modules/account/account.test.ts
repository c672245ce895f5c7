import { MESSAGES } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, signedIn, useTestApp } from '../../../test/helpers';
import { cvFiles, profiles, refreshTokens, users } from '../../db/schema';
import { createPharmacist, giveCv, ownerProfile, pharmacistProfile } from '../../factories';

const t = useTestApp();

const details = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/details/', headers });
const saveProfile = (headers: Record<string, string>, profile: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/details/', headers, payload: { profile } });

describe('who may call the account endpoints', () => {
  it.each([
    ['GET', '/api/user/details/'],
    ['PUT', '/api/user/details/'],
    ['DELETE', '/api/user/delete/'],
    ['GET', '/api/profile-descrizione/'],
    ['PUT', '/api/profile-descrizione/'],
  ] as const)('%s %s needs a session (401)', async (method, url) => {
    const response = await t.app.inject({ method, url, payload: method === 'PUT' ? {} : undefined });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MESSAGES.notAuthenticated);
  });

  it("a deleted user's still-valid access token stops working (401)", async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers })).statusCode).toBe(204);
    expect((await details(headers)).statusCode).toBe(401);
  });
});

describe('GET/PUT /api/user/details/', () => {
  it('saves the profile and answers with the saved details', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const response = await saveProfile(headers, {
      ...pharmacistProfile(),
      name: 'Giulia Maria',
      telephone: '3479876543',
      regione_residenza: 'Piemonte',
      provincia_residenza: 'TO',
      comune: 'moncalieri',
      preferredRegion: 'Liguria',
      communicationConsent: false,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      name: 'Giulia Maria',
      telephone: '3479876543',
      provincia_residenza: 'TO',
      comune: 'Moncalieri',
      preferredRegion: 'Liguria',
      communicationConsent: false,
    });
    expect((await details(headers)).json().profile.name).toBe('Giulia Maria');
  });

  it("ignores read-only fields: a pharmacist's e-mail and role stay as they were (the albo entry is editable)", async () => {
    const { user, headers } = await signedIn(t.app, 'farmacista');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers,
      payload: {
        username: 'altro@example.it',
        role: 'admin',
        profile: {
          ...pharmacistProfile(),
          userRole: 'admin',
          denominazione_farmacia: 'Abusiva',
        },
      },
    });
    expect(response.statusCode).toBe(200);
    const body = (await details(headers)).json();
    expect(body).toMatchObject({ username: user.email, role: 'farmacista' });
    expect(body.profile).toMatchObject({
      userRole: 'farmacista',
      denominazione_farmacia: '',
    });
    const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, user.id));
    expect(row?.role).toBe('farmacista');
  });

  it("ignores a verified owner's pharmacy and VAT number, whatever the save sends (decision 048)", async () => {
    const { headers } = await signedIn(t.app, 'titolare');
    const response = await saveProfile(headers, {
      ...ownerProfile(),
      denominazione_farmacia: 'Nuovo Nome',
      indirizzo_farmacia: 'Altrove 1',
      comune_farmacia: 'Torino',
      partita_iva: '99999999990',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      denominazione_farmacia: 'Farmacia San Giovanni',
      indirizzo_farmacia: 'Via Appia Nuova 98, Roma',
      comune_farmacia: 'Roma',
      partita_iva: '01234567897',
    });
  });

  it.each([
    ['an empty name', { name: '' }, MESSAGES.requiredFields],
    ['an empty telephone', { telephone: '' }, MESSAGES.requiredFields],
    ['a phone with letters', { telephone: '333 12345 ab' }, MESSAGES.invalidPhone],
    ['a phone of 7 digits', { telephone: '1234567' }, MESSAGES.invalidPhone],
    ['a date of birth that is not a date', { dob: '15/04/1992' }, MESSAGES.invalidDob],
    ['an unknown preferred region', { preferredRegion: 'Baviera' }, MESSAGES.invalidRegion],
    ['a comune not in the province', { comune: 'Torino' }, MESSAGES.invalidComune],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, MESSAGES.fieldTooLong],
  ])('refuses %s with the Italian message and changes nothing', async (_, change, message) => {
    const { headers } = await signedIn(t.app, 'farmacista');
    const before = (await details(headers)).json();
    const response = await saveProfile(headers, { ...pharmacistProfile(), ...change });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect((await details(headers)).json()).toEqual(before);
  });
});

describe('profile description', () => {
  it('starts empty, is saved trimmed and read back', async () => {
    const { headers } = await signedIn(t.app, 'titolare');
    expect((await t.app.inject({ method: 'GET', url: '/api/profile-descrizione/', headers })).json()).toEqual({
      descrizione: '',
    });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/profile-descrizione/',
      headers,
      payload: { descrizione: '  Farmacia di quartiere, aperta 7 giorni su 7.  ' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(MESSAGES.descriptionUpdated);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile-descrizione/', headers })).json()).toEqual({
      descrizione: 'Farmacia di quartiere, aperta 7 giorni su 7.',
    });
  });

  it('refuses a blank or missing description, keeping the old one', async () => {
    const { headers } = await signedIn(t.app, 'farmacista');
    await t.app.inject({ method: 'PUT', url: '/api/profile-descrizione/', headers, payload: { descrizione: 'Prima' } });
    for (const payload of [{ descrizione: '   ' }, {}]) {
      const response = await t.app.inject({ method: 'PUT', url: '/api/profile-descrizione/', headers, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.emptyDescription);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/profile-descrizione/', headers })).json().descrizione).toBe('Prima');
  });

  it("is each user's own", async () => {
    const a = await signedIn(t.app, 'farmacista');
    const b = await signedIn(t.app, 'farmacista');
    await t.app.inject({ method: 'PUT', url: '/api/profile-descrizione/', headers: a.headers, payload: { descrizione: 'Di A' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/profile-descrizione/', headers: b.headers })).json().descrizione).toBe(
      '',
    );
  });
});

describe('DELETE /api/user/delete/', () => {
  it('erases the user, profile, CV and sessions; the account can no longer log in', async () => {
    const { user, headers, refresh } = await signedIn(t.app, 'farmacista');
    await giveCv(t.database.db, user.id);
    const other = await signedIn(t.app, 'farmacista');

    const response = await t.app.inject({ method: 'DELETE', url: '/api/user/delete/', headers });
    expect(response.statusCode).toBe(204);

    const db = t.database.db;
    expect(await db.select().from(users).where(eq(users.id, user.id))).toHaveLength(0);
    expect(await db.select().from(profiles).where(eq(profiles.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(cvFiles).where(eq(cvFiles.userId, user.id))).toHaveLength(0);
    expect(await db.select().from(refreshTokens).where(eq(refreshTokens.userId, user.id))).toHaveLength(0);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.email, password: user.password },
    });
    expect(relogin.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } })).statusCode).toBe(401);
    // Nobody else is touched.
    expect((await details(other.headers)).statusCode).toBe(200);
  });
});

describe('admin bootstrap (ADMIN_EMAIL/ADMIN_PASSWORD at start, create-admin command)', () => {
  it('creates the admin once, who can log in as admin, and never turns an existing user into one', async () => {
    const { ensureAdmin } = await import('./registration');
    expect(await ensureAdmin(t.database.db, 'capo@example.it', 'password-admin')).toBe('created');
    expect(await ensureAdmin(t.database.db, 'capo@example.it', 'altra-password')).toBe('exists');
    const tokens = await login(t.app, 'capo@example.it', 'password-admin');
    expect((await details(bearer(tokens.access))).json().role).toBe('admin');

    const pharmacist = await createPharmacist(t.database.db);
    await expect(ensureAdmin(t.database.db, pharmacist.email, 'password-admin')).rejects.toThrow(/esiste già come farmacista/);
    const [row] = await t.database.db.select({ role: users.role }).from(users).where(eq(users.id, pharmacist.id));
    expect(row?.role).toBe('farmacista');
  });
});
