/**
 * An owner's pharmacy from the Ministry registry (decision 048): registration by code or by hand, the VAT number's check
 * digit and the registry's VAT number, and the profile save before and after an admin's verification.
 */
import { MESSAGES } from '@farmaponte/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, confirmFromMail, login, signedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { registryFile } from '../../../test/registry-rows';
import { profiles, verifications } from '../../db/schema';
import { ownerProfile } from '../../factories';
import { importRegistry } from '../pharmacies';

const t = useTestApp();

/** Brera has a VAT number in the registry, Del Corso none (the file leaves it blank for some pharmacies). */
const BRERA = { code: '30001', vat: '00743110157' };
const DEL_CORSO = { code: '30002' };

async function importSmallRegistry() {
  await importRegistry(
    t.database.db,
    registryFile([
      { code: BRERA.code, name: 'FARMACIA BRERA', address: 'VIA BRERA 3', vat: BRERA.vat },
      { code: DEL_CORSO.code, name: 'FARMACIA DEL CORSO', address: 'CORSO BUENOS AIRES 20', frazione: 'GRECO' },
    ]),
  );
}

const HAND_ENTRY = {
  denominazione_farmacia: 'Farmacia Nuova Apertura',
  indirizzo_farmacia: 'Via Padova 100',
  comune_farmacia: 'milano',
};

const register = (profile: Record<string, unknown>, username = 'nuovo.titolare@example.it') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/register/',
    payload: {
      username,
      password: 'password-sicura',
      profile: {
        ...ownerProfile({ denominazione_farmacia: '', indirizzo_farmacia: '', comune_farmacia: '', partita_iva: '' }),
        userRole: 'titolare',
        ...profile,
      },
    },
  });

async function detailsOf(username: string) {
  await confirmFromMail(t, username);
  const { access } = await login(t.app, username, 'password-sicura');
  return (await t.app.inject({ method: 'GET', url: '/api/user/details/', headers: bearer(access) })).json();
}

const saveProfile = (headers: Record<string, string>, profile: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/user/details/', headers, payload: { profile: { ...ownerProfile(), ...profile } } });

const verificationOf = async (userId: number) =>
  (await t.database.db.select().from(verifications).where(eq(verifications.userId, userId)))[0];

describe("registering an owner's pharmacy", () => {
  it('takes name, address and comune from the registry row of the code, whatever was typed', async () => {
    await importSmallRegistry();
    const response = await register({
      cod_farmacia: BRERA.code,
      partita_iva: `IT ${BRERA.vat}`,
      denominazione_farmacia: 'Nome inventato',
      indirizzo_farmacia: 'Via Falsa 1',
      comune_farmacia: 'Napoli',
    });
    expect(response.statusCode).toBe(201);
    const details = await detailsOf('nuovo.titolare@example.it');
    expect(details.profile).toMatchObject({
      cod_farmacia: BRERA.code,
      denominazione_farmacia: 'FARMACIA BRERA',
      indirizzo_farmacia: 'VIA BRERA 3',
      comune_farmacia: 'Milano',
      partita_iva: BRERA.vat,
    });
    expect(details.verification).toBe('pending');
  });

  it('accepts any valid VAT number when the registry row has none, and adds the frazione to the address', async () => {
    await importSmallRegistry();
    expect((await register({ cod_farmacia: DEL_CORSO.code, partita_iva: '01234567897' })).statusCode).toBe(201);
    expect((await detailsOf('nuovo.titolare@example.it')).profile).toMatchObject({
      denominazione_farmacia: 'FARMACIA DEL CORSO',
      indirizzo_farmacia: 'CORSO BUENOS AIRES 20, GRECO',
      partita_iva: '01234567897',
    });
  });

  it('accepts a pharmacy typed by hand, without a code, for the admin to check', async () => {
    expect((await register({ ...HAND_ENTRY, partita_iva: '01234567897' })).statusCode).toBe(201);
    const details = await detailsOf('nuovo.titolare@example.it');
    expect(details.profile).toMatchObject({
      cod_farmacia: '',
      denominazione_farmacia: 'Farmacia Nuova Apertura',
      indirizzo_farmacia: 'Via Padova 100',
      comune_farmacia: 'Milano',
    });
    expect(details.verification).toBe('pending');
  });

  it.each([
    ['an unknown code', { cod_farmacia: '99999', partita_iva: BRERA.vat }, 'cod_farmacia', MESSAGES.pharmacyNotInRegistry],
    [
      'a VAT number other than the registry row’s',
      { cod_farmacia: BRERA.code, partita_iva: '01234567897' },
      'partita_iva',
      MESSAGES.vatNotRegistry,
    ],
    [
      'a VAT number failing the check digit',
      { ...HAND_ENTRY, partita_iva: '00743110158' },
      'partita_iva',
      MESSAGES.invalidVatCheckDigit,
    ],
    ['a VAT number of 10 digits', { ...HAND_ENTRY, partita_iva: '0074311015' }, 'partita_iva', MESSAGES.invalidVat],
    ['no VAT number', { cod_farmacia: BRERA.code }, 'partita_iva', MESSAGES.vatRequired],
    ['neither a code nor a pharmacy typed', { partita_iva: BRERA.vat }, 'cod_farmacia', MESSAGES.pharmacyRequired],
    [
      'a typed pharmacy without its comune',
      { ...HAND_ENTRY, comune_farmacia: '', partita_iva: BRERA.vat },
      'comune_farmacia',
      MESSAGES.requiredFields,
    ],
  ])('refuses %s with 400 on the field, and stores nothing', async (_case, profile, field, message) => {
    await importSmallRegistry();
    const before = await tableSnapshot(t.database);
    const response = await register(profile);
    expect(response.statusCode).toBe(400);
    const fieldName = response.json().fields[field] === undefined ? `profile.${field}` : field;
    expect(response.json()).toMatchObject({ message, fields: { [fieldName]: message } });
    expect(await tableSnapshot(t.database)).toEqual(before);
  });
});

describe("the pharmacy in an owner's profile", () => {
  it('a pending owner may change it: to a registry pharmacy, then to one typed by hand', async () => {
    await importSmallRegistry();
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    const pending = await verificationOf(owner.user.id);

    const toRegistry = await saveProfile(owner.headers, { cod_farmacia: BRERA.code, partita_iva: BRERA.vat });
    expect(toRegistry.statusCode).toBe(200);
    expect(toRegistry.json().profile).toMatchObject({
      cod_farmacia: BRERA.code,
      denominazione_farmacia: 'FARMACIA BRERA',
      comune_farmacia: 'Milano',
      partita_iva: BRERA.vat,
    });

    const byHand = await saveProfile(owner.headers, { cod_farmacia: '', ...HAND_ENTRY, partita_iva: '01234567897' });
    expect(byHand.statusCode).toBe(200);
    expect(byHand.json().profile).toMatchObject({ cod_farmacia: '', ...HAND_ENTRY, comune_farmacia: 'Milano' });
    // Still waiting, from the same moment: a pending request is not sent to the back of the queue.
    expect(await verificationOf(owner.user.id)).toMatchObject({ status: 'pending', requestedAt: pending?.requestedAt });
  });

  it("a pending owner's change is checked like a registration: unknown code, registry VAT number", async () => {
    await importSmallRegistry();
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    const unknown = await saveProfile(owner.headers, { cod_farmacia: '99999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ cod_farmacia: MESSAGES.pharmacyNotInRegistry });
    // The factory's VAT number is kept, and it is not Brera's.
    const otherVat = await saveProfile(owner.headers, { cod_farmacia: BRERA.code });
    expect(otherVat.statusCode).toBe(400);
    expect(otherVat.json().fields).toEqual({ partita_iva: MESSAGES.vatNotRegistry });
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, owner.user.id));
    expect(row).toMatchObject({ codFarmacia: '', denominazioneFarmacia: 'Farmacia San Giovanni' });
  });

  it('a save that names no pharmacy (some fields only, as the original client sends) leaves it as it is', async () => {
    await importSmallRegistry();
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    await saveProfile(owner.headers, { cod_farmacia: BRERA.code, partita_iva: BRERA.vat });
    const { cod_farmacia: _code, comune_farmacia: _comune, ...original } = ownerProfile({ name: 'Marcello' });
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: owner.headers,
      payload: { profile: { ...original, partita_iva: '' } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      name: 'Marcello',
      cod_farmacia: BRERA.code,
      denominazione_farmacia: 'FARMACIA BRERA',
      partita_iva: BRERA.vat,
    });
  });

  it('a verified owner cannot: the pharmacy and the VAT number sent are ignored', async () => {
    await importSmallRegistry();
    const owner = await signedIn(t.app, 'titolare');
    const response = await saveProfile(owner.headers, { cod_farmacia: BRERA.code, partita_iva: BRERA.vat, name: 'Mario' });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({
      name: 'Mario',
      cod_farmacia: '',
      denominazione_farmacia: 'Farmacia San Giovanni',
      partita_iva: '01234567897',
    });
    expect((await verificationOf(owner.user.id))?.status).toBe('verified');
  });

  it('a rejected owner who changes it asks again: pending, since now, the reason cleared', async () => {
    await importSmallRegistry();
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    await t.database.db
      .update(verifications)
      .set({
        status: 'rejected',
        reason: 'La farmacia non corrisponde alla visura.',
        decidedAt: new Date('2026-01-10T10:00:00Z'),
      })
      .where(eq(verifications.userId, owner.user.id));

    // Saving the same pharmacy again is not a change: still rejected.
    expect((await saveProfile(owner.headers, {})).statusCode).toBe(200);
    expect((await verificationOf(owner.user.id))?.status).toBe('rejected');

    t.clock.advance(60_000);
    const response = await saveProfile(owner.headers, { cod_farmacia: BRERA.code, partita_iva: BRERA.vat });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ verification: 'pending', verification_reason: null });
    expect(await verificationOf(owner.user.id)).toMatchObject({
      status: 'pending',
      reason: null,
      decidedAt: null,
      requestedAt: t.clock.now,
    });
  });

  it('a pharmacist sending a pharmacy code changes nothing of it', async () => {
    await importSmallRegistry();
    const pharmacist = await signedIn(t.app, 'farmacista');
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      headers: pharmacist.headers,
      payload: {
        profile: {
          name: 'Giulia',
          surname: 'Bianchi',
          dob: '1992-04-15',
          telephone: '3331234567',
          cod_farmacia: BRERA.code,
          denominazione_farmacia: 'FARMACIA BRERA',
          partita_iva: BRERA.vat,
        },
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().profile).toMatchObject({ cod_farmacia: '', denominazione_farmacia: '', partita_iva: '' });
    expect(response.json().verification).toBeNull();
  });

  it('logged out, the profile save is 401', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/user/details/',
      payload: { profile: { cod_farmacia: BRERA.code } },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('races (two requests at once on PostgreSQL; one after the other on PGlite)', () => {
  it("a rejected owner's two saves at once: no 500, one pharmacy stored, pending once", async () => {
    await importSmallRegistry();
    const owner = await signedIn(t.app, 'titolare', { verified: false });
    await t.database.db
      .update(verifications)
      .set({ status: 'rejected', reason: 'No.' })
      .where(eq(verifications.userId, owner.user.id));
    const [a, b] = await Promise.all([
      saveProfile(owner.headers, { cod_farmacia: BRERA.code, partita_iva: BRERA.vat }),
      saveProfile(owner.headers, { cod_farmacia: DEL_CORSO.code, partita_iva: '01234567897' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const [row] = await t.database.db.select().from(profiles).where(eq(profiles.userId, owner.user.id));
    const stored = row?.codFarmacia === BRERA.code ? BRERA.vat : '01234567897';
    expect([BRERA.code, DEL_CORSO.code]).toContain(row?.codFarmacia);
    expect(row?.partitaIva).toBe(stored);
    expect(await verificationOf(owner.user.id)).toMatchObject({ status: 'pending', reason: null });
  });
});
