/** Input as people and the seed system write it: provinces by name ("Milano", "Monza e Brianza") stored and answered as the sigla; numbers with separators stored as digits. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '@farmaponte/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, confirmFromMail, login, type TTestApp } from '../../../test/helpers';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { profiles } from '../../db/schema';
import { createPharmacist, pharmacistProfile } from '../../factories';

let t: TTestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const registration = (profile: Record<string, unknown>) => ({
  username: 'seed.system@example.it',
  password: 'password-sicura',
  profile: {
    name: 'Sara',
    surname: 'Seme',
    dob: '1990-01-01',
    telephone: '3331234567',
    userRole: 'farmacista',
    privacyPolicyConsent: true,
    ...profile,
  },
});

describe('provinces by name or sigla', () => {
  it('registers with a province by name and answers its sigla', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration({ regione_residenza: 'Lombardia', provincia_residenza: 'Monza e Brianza', comune: 'Monza' }),
    });
    expect(response.statusCode).toBe(201);
    await confirmFromMail(t, 'seed.system@example.it');
    const { access } = await login(t.app, 'seed.system@example.it', 'password-sicura');
    const details = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) });
    expect(details.json().profile).toMatchObject({ regione_residenza: 'Lombardia', provincia_residenza: 'MB', comune: 'Monza' });
  });

  it.each([
    ['Emilia-Romagna', 'Forlì-Cesena', 'FC'],
    ['emilia romagna', 'forli cesena', 'FC'],
    ['Lombardia', 'milano', 'MI'],
    ['Lombardia', 'mi', 'MI'],
  ])('saves region %s, province %s as %s', async (regione, provincia, sigla) => {
    const user = await createPharmacist(t.database.db);
    const headers = bearer((await login(t.app, user.email, user.password)).access);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers,
      payload: { profile: { ...pharmacistProfile(), regione_residenza: regione, provincia_residenza: provincia, comune: '' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile.provincia_residenza).toBe(sigla);
  });

  it('still refuses a province that is not in the region, or not a province at all', async () => {
    for (const provincia of ['Roma', 'Gotham']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/user/register/',
        payload: registration({ regione_residenza: 'Lombardia', provincia_residenza: provincia }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.invalidProvince);
    }
  });

  it('lists the comuni of a province given by name', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/geo/comuni/?provincia=Monza%20e%20Brianza&q=vime' });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((c: { nome: string }) => c.nome)).toContain('Vimercate');
  });
});

describe('telephone and VAT numbers as typed', () => {
  it('stores them as digits, the same as the form sends them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/register/',
      payload: registration({
        telephone: '333 123-45.67',
        userRole: 'titolare',
        partita_iva: 'IT 012.345-678 97',
        denominazione_farmacia: 'Farmacia Centrale',
        indirizzo_farmacia: 'Via Roma 1',
        comune_farmacia: 'Milano',
      }),
    });
    expect(response.statusCode).toBe(201);
    await confirmFromMail(t, 'seed.system@example.it');
    const { access } = await login(t.app, 'seed.system@example.it', 'password-sicura');
    const details = await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) });
    expect(details.json().profile).toMatchObject({ telephone: '3331234567', partita_iva: '01234567897' });
  });
});

describe('profiles moved over from the seed system', () => {
  it('the migration stores their provinces as sigla and their regions by official name', async () => {
    const legacy = [
      ['Lombardia', 'Monza e Brianza', 'lombardia', 'Lombardia', 'MB', 'Lombardia'],
      ['emilia romagna', 'Forlì-Cesena', 'Emilia-Romagna', 'Emilia-Romagna', 'FC', 'Emilia-Romagna'],
      ['Lazio', 'roma', '', 'Lazio', 'RM', ''],
      ['Lombardia', 'MI', 'Atlantide', 'Lombardia', 'MI', 'Atlantide'],
    ] as const;
    const ids: number[] = [];
    for (const [regione, provincia, preferred] of legacy) {
      const user = await createPharmacist(t.database.db);
      await t.database.db
        .update(profiles)
        .set({ regioneResidenza: regione, provinciaResidenza: provincia, preferredRegion: preferred })
        .where(eq(profiles.userId, user.id));
      ids.push(user.id);
    }
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0004_place_names_canonical.sql'), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.database.db.execute(sql.raw(statement));

    for (const [index, [, , , regione, provincia, preferred]] of legacy.entries()) {
      const [row] = await t.database.db
        .select({
          regione: profiles.regioneResidenza,
          provincia: profiles.provinciaResidenza,
          preferred: profiles.preferredRegion,
        })
        .from(profiles)
        .where(eq(profiles.userId, ids[index] ?? 0));
      expect(row).toEqual({ regione, provincia, preferred });
    }
  });
});
