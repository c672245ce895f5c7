/**
 * The professional file (decision 093): hers to read and write, each refusal in Italian with its code and nothing
 * written, the codice fiscale checked against her name, surname, birth date and place. The default pharmacist of the
 * factories is Giulia Bianchi, born 1992-04-15 in Bergamo (A794): BNCGLI92D55A794P (worked out by hand in
 * packages/shared/src/codice-fiscale.test.ts).
 */
import { ECM } from '@farmaponte/shared';
import { PROFESSIONAL_FILE_MESSAGES as M } from '@farmaponte/shared/messages-professional-file';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedIn, type TSignedIn, tableSnapshot, useTestApp } from '../../../test/helpers';
import { profiles } from '../../db/schema';

const t = useTestApp();

const GIULIA_CF = 'BNCGLI92D55A794P';
const VALID_VAT = '01234567897';
const URL = '/api/me/professional-file/';

const put = (who: TSignedIn | undefined, payload: object) =>
  t.app.inject({ method: 'PUT', url: URL, headers: who?.headers, payload });
const get = (who: TSignedIn | undefined) => t.app.inject({ method: 'GET', url: URL, headers: who?.headers });

const full = {
  codice_fiscale: 'bncgli 92d55 a794p',
  birth_date: '1992-04-15',
  birth_place_code: 'a794',
  partita_iva: 'IT 01234567897',
  tax_regime: 'forfettario',
  insurance_company: 'Assicurazioni Esempio',
  insurance_policy_number: 'RC-2026-001',
  insurance_cover: 1_000_000,
  insurance_expires_on: '2099-12-31',
  ecm_period_start: 2026,
  ecm_credits: 45,
};

describe('GET and PUT /api/me/professional-file/', () => {
  it('answers an empty file, then the saved one, ready for freelance work', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const empty = await get(giulia);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      codice_fiscale: '',
      birth_date: null,
      birth_place: null,
      partita_iva: '',
      tax_regime: null,
      insurance: { company: '', policy_number: '', cover: null, expires_on: null, document: null },
      ecm: { credits: null, required: ECM.creditsPerPeriod },
      ready_for_freelance: false,
      missing_for_freelance: [M.missing.partitaIva, M.missing.insurance],
      updated_at: null,
    });

    const saved = await put(giulia, full);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(M.saved);
    const file = (await get(giulia)).json();
    expect(file).toMatchObject({
      codice_fiscale: GIULIA_CF,
      birth_date: '1992-04-15',
      birth_place: { code: 'A794', name: 'Bergamo', province: 'BG' },
      partita_iva: VALID_VAT,
      tax_regime: 'forfettario',
      insurance: { company: 'Assicurazioni Esempio', policy_number: 'RC-2026-001', cover: 1_000_000, expires_on: '2099-12-31' },
      ecm: { period_start: 2026, period: '2026–2028', credits: 45, required: 150 },
      ready_for_freelance: true,
      missing_for_freelance: [],
    });
    expect(file.updated_at).toBe(t.clock.now.toISOString());
  });

  it('changes only the fields named; blank or null clears one', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    await put(giulia, full);
    expect((await put(giulia, { ecm_credits: 60 })).statusCode).toBe(200);
    expect((await put(giulia, { insurance_company: '', insurance_expires_on: null, tax_regime: '' })).statusCode).toBe(200);
    const file = (await get(giulia)).json();
    expect(file).toMatchObject({
      codice_fiscale: GIULIA_CF,
      partita_iva: VALID_VAT,
      tax_regime: null,
      insurance: { company: '', expires_on: null, cover: 1_000_000 },
      ecm: { credits: 60 },
      ready_for_freelance: false,
      missing_for_freelance: [M.missing.insurance],
    });
  });

  it('says an expired policy is missing, with its day', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    await put(giulia, { ...full, insurance_expires_on: '2020-03-31' });
    expect((await get(giulia)).json()).toMatchObject({
      ready_for_freelance: false,
      missing_for_freelance: [M.missing.insuranceExpired('31/03/2020')],
    });
  });

  it('takes a birth abroad by its Z code, and a comune no more in the list by its code', async () => {
    const abroad = await signedIn(t.app, 'farmacista', { profile: { name: 'Gianfranco', surname: 'Fo' } });
    expect((await put(abroad, { codice_fiscale: 'FOXGFR65T31Z110W', birth_place_code: 'Z110' })).statusCode).toBe(200);
    expect((await get(abroad)).json().birth_place).toEqual({ code: 'Z110', name: 'Stato estero (Z110)', province: 'EE' });
    const giulia = await signedIn(t.app, 'farmacista');
    expect((await put(giulia, { birth_place_code: 'A000' })).statusCode).toBe(200);
    expect((await get(giulia)).json().birth_place).toEqual({ code: 'A000', name: M.unknownComune('A000'), province: '' });
  });

  const refusals: [string, object, number, string, string][] = [
    ['a code of the wrong shape', { codice_fiscale: 'BNCGLI92D55A794' }, 400, 'codice_fiscale_invalid', 'codice_fiscale'],
    ['a wrong check character', { codice_fiscale: 'BNCGLI92D55A794Q' }, 400, 'codice_fiscale_invalid', 'codice_fiscale'],
    ["another person's code", { codice_fiscale: 'RSSMRA80A01H501U' }, 400, 'codice_fiscale_mismatch', 'codice_fiscale'],
    ['a birth date the code does not hold', { ...full, birth_date: '1992-04-16' }, 400, 'codice_fiscale_mismatch', 'birth_date'],
    [
      'a birth place the code does not hold',
      { ...full, birth_place_code: 'H501' },
      400,
      'codice_fiscale_mismatch',
      'birth_place_code',
    ],
    ['a partita IVA with a wrong check digit', { partita_iva: '01234567890' }, 400, 'partita_iva_invalid', 'partita_iva'],
    ['a partita IVA too short', { partita_iva: '123' }, 400, 'partita_iva_invalid', 'partita_iva'],
    ['prestazione occasionale as tax regime', { tax_regime: 'occasionale' }, 400, 'validation_error', 'tax_regime'],
    ['a cover of zero', { insurance_cover: 0 }, 400, 'validation_error', 'insurance_cover'],
    ['a negative cover', { insurance_cover: -5 }, 400, 'validation_error', 'insurance_cover'],
    ['a cover below a cent', { insurance_cover: 0.001 }, 400, 'validation_error', 'insurance_cover'],
    ['a cover above 100 million', { insurance_cover: 100_000_001 }, 400, 'validation_error', 'insurance_cover'],
    ['a cover as text', { insurance_cover: 'tanto' }, 400, 'validation_error', 'insurance_cover'],
    ['an expiry that does not exist', { insurance_expires_on: '2027-02-30' }, 400, 'validation_error', 'insurance_expires_on'],
    ['a birth date in the future', { birth_date: '2099-01-01' }, 400, 'validation_error', 'birth_date'],
    ['a birth place that is no code', { birth_place_code: 'Roma' }, 400, 'validation_error', 'birth_place_code'],
    ['an ECM period that starts in the middle', { ecm_period_start: 2027 }, 400, 'validation_error', 'ecm_period_start'],
    ['an ECM period before the first', { ecm_period_start: 2017 }, 400, 'validation_error', 'ecm_period_start'],
    ['credits above 500', { ecm_credits: 501 }, 400, 'validation_error', 'ecm_credits'],
    ['negative credits', { ecm_credits: -1 }, 400, 'validation_error', 'ecm_credits'],
    ['credits with decimals', { ecm_credits: 2.5 }, 400, 'validation_error', 'ecm_credits'],
  ];
  it.each(refusals)('refuses %s in Italian, writing nothing', async (_what, body, status, code, field) => {
    const giulia = await signedIn(t.app, 'farmacista');
    const before = await tableSnapshot(t.database);
    const response = await put(giulia, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
    expect(response.json().fields?.[field]).toBe(response.json().message);
    // Italian, never zod's English.
    expect(response.json().message).not.toMatch(/invalid|expected|received/i);
    expect(await tableSnapshot(t.database)).toEqual(before);
  });

  it('says which part of the code disagrees', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    expect((await put(giulia, { codice_fiscale: 'RSSMRA80A01H501U' })).json().message).toBe(M.codiceFiscaleMismatch.surname);
    const marta = await signedIn(t.app, 'farmacista', { profile: { name: 'Marta', surname: 'Rossi' } });
    expect((await put(marta, { codice_fiscale: 'RSSMRA80A01H501U' })).json().message).toBe(M.codiceFiscaleMismatch.name);
    expect((await put(giulia, { ...full, birth_date: '1991-04-15' })).json().message).toBe(M.codiceFiscaleMismatch.birth_date);
  });

  it('checks a stored code against a birth date or place saved later, and accepts an omocodia variant', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    expect((await put(giulia, { codice_fiscale: GIULIA_CF })).statusCode).toBe(200);
    const later = await put(giulia, { birth_place_code: 'F205' });
    expect(later.json()).toMatchObject({ code: 'codice_fiscale_mismatch', message: M.codiceFiscaleMismatch.birth_place });
    expect((await get(giulia)).json().birth_place).toBeNull();
    // A save of other fields is not held up by a profile name changed since the code was saved.
    await t.app.db.update(profiles).set({ surname: 'Verdi' }).where(eq(profiles.userId, giulia.user.id));
    expect((await put(giulia, { ecm_credits: 12 })).statusCode).toBe(200);
    expect((await put(giulia, { birth_date: '1992-04-15' })).json().message).toBe(M.codiceFiscaleMismatch.surname);
    await t.app.db.update(profiles).set({ surname: 'Bianchi' }).where(eq(profiles.userId, giulia.user.id));
    // Omocodia: the last digit of the place, 4, written Q; 119 - 9 (4 odd) + 6 (Q odd) = 116 → 116 mod 26 = 12 → M.
    expect((await put(giulia, { codice_fiscale: 'BNCGLI92D55A79QM', birth_place_code: 'A794' })).statusCode).toBe(200);
  });

  it("is the pharmacist's only: 401 without a session, 403 for an owner and an admin", async () => {
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await put(undefined, full)).statusCode).toBe(401);
    for (const role of ['titolare', 'admin'] as const) {
      const other = await signedIn(t.app, role);
      const before = await tableSnapshot(t.database);
      expect((await get(other)).json()).toMatchObject({ code: 'forbidden' });
      expect((await put(other, full)).statusCode).toBe(403);
      expect(await tableSnapshot(t.database)).toEqual(before);
    }
  });
});

describe('GET /api/places/birth-places/', () => {
  it('finds a comune by the start or part of its name, accents ignored, with its code and province', async () => {
    const bergamo = await t.app.inject({ method: 'GET', url: '/api/places/birth-places/?q=bergamo' });
    expect(bergamo.statusCode).toBe(200);
    expect(bergamo.json()[0]).toEqual({ code: 'A794', name: 'Bergamo', province: 'BG' });
    const forli = (await t.app.inject({ method: 'GET', url: '/api/places/birth-places/?q=forli' })).json();
    expect(forli).toContainEqual({ code: 'D704', name: 'Forlì', province: 'FC' });
    const many = (await t.app.inject({ method: 'GET', url: '/api/places/birth-places/?q=san' })).json();
    expect(many).toHaveLength(20);
    expect(many[0].name).toMatch(/^San/);
  });

  it('finds a place by its code, a state abroad by its Z code, and nothing for an empty query', async () => {
    const roma = (await t.app.inject({ method: 'GET', url: '/api/places/birth-places/?q=h501' })).json();
    expect(roma).toEqual([{ code: 'H501', name: 'Roma', province: 'RM' }]);
    const abroad = (await t.app.inject({ method: 'GET', url: '/api/places/birth-places/?q=Z110' })).json();
    expect(abroad).toEqual([{ code: 'Z110', name: 'Stato estero (Z110)', province: 'EE' }]);
    expect((await t.app.inject({ method: 'GET', url: '/api/places/birth-places/?q=' })).json()).toEqual([]);
  });
});

describe('the domicilio fiscale and the IBAN (decision 095)', () => {
  const save = (who: TSignedIn, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/me/professional-file/', headers: who.headers, payload });

  it('a comune with one of its CAPs and an IBAN with spaces: saved, named, cleared with empty strings', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const saved = await save(giulia, {
      fiscal_street: 'Via Dante 12',
      fiscal_cap: '20121',
      fiscal_comune_istat: '015146',
      iban: 'it60 x054 2811 1010 0000 0123 456',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      fiscal_address: { street: 'Via Dante 12', cap: '20121', comune_istat: '015146', comune: 'Milano', provincia: 'MI' },
      iban: 'IT60X0542811101000000123456',
    });
    // The CAP alone is checked against the stored comune.
    const otherCap = await save(giulia, { fiscal_cap: '00184' });
    expect(otherCap.statusCode).toBe(400);
    expect(otherCap.json()).toMatchObject({
      code: 'fiscal_cap_mismatch',
      fields: { fiscal_cap: 'Il CAP non è uno di quelli di Milano: controlla il CAP o il comune.' },
    });
    const cleared = await save(giulia, { fiscal_street: '', fiscal_cap: '', fiscal_comune_istat: '', iban: '' });
    expect(cleared.json()).toMatchObject({ fiscal_address: null, iban: '' });
  });

  it('a wrong CAP, an unknown comune, a bad IBAN: each named, nothing saved', async () => {
    const giulia = await signedIn(t.app, 'farmacista');
    const bad: [object, string, string][] = [
      [{ fiscal_cap: '2012' }, 'fiscal_cap', 'Il CAP deve avere 5 cifre (es. 20121).'],
      [{ fiscal_comune_istat: 'Milano' }, 'fiscal_comune_istat', "Scegli il comune del domicilio fiscale dall'elenco."],
      [{ fiscal_comune_istat: '999999' }, 'fiscal_comune_istat', "Scegli il comune del domicilio fiscale dall'elenco."],
      [
        { fiscal_comune_istat: '058091', fiscal_cap: '20121' },
        'fiscal_cap',
        'Il CAP non è uno di quelli di Roma: controlla il CAP o il comune.',
      ],
      [
        { fiscal_street: 'x'.repeat(201) },
        'fiscal_street',
        'Indica via e numero civico del domicilio fiscale (al massimo 200 caratteri).',
      ],
      [{ iban: 'IT60X0542811101000000123457' }, 'iban', expect.stringContaining("L'IBAN non è corretto")],
      [{ iban: 'IT60X05428111010000001234' }, 'iban', expect.stringContaining("L'IBAN non è corretto")],
      [{ iban: 'ciao' }, 'iban', expect.stringContaining("L'IBAN non è corretto")],
    ];
    for (const [payload, field, message] of bad) {
      const response = await save(giulia, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields[field], field).toEqual(message);
    }
    expect((await save(giulia, { iban: 'IT60X0542811101000000123457' })).json().code).toBe('iban_invalid');
    // A foreign IBAN with good check digits is fine.
    expect((await save(giulia, { iban: 'DE89 3704 0044 0532 0130 00' })).json().iban).toBe('DE89370400440532013000');
    const file = (await t.app.inject({ method: 'GET', url: '/api/me/professional-file/', headers: giulia.headers })).json();
    expect(file.fiscal_address).toBeNull();
  });
});
