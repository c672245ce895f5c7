import { describe, expect, it } from 'vitest';
import type { TProfessionalFile } from '../../../lib/api/engagement';
import { birthPlaceLabel, ecmPeriodStarts, fileFormValues, filePayload, placeLabel, readNumber } from './file-form-values';

const stored: TProfessionalFile = {
  codice_fiscale: 'RSSMRA85T10A562S',
  birth_date: '1985-12-10',
  birth_place: { code: 'A794', name: 'Bergamo', province: 'BG' },
  partita_iva: '12345678903',
  tax_regime: 'forfettario',
  insurance: {
    company: 'Assicurazioni Sanità',
    policy_number: 'RC-2026-001',
    cover: 1_000_000,
    expires_on: '2027-12-31',
    document: null,
  },
  ecm: { period_start: 2026, period: '2026–2028', credits: 60, required: 150 },
  fiscal_address: { street: 'Via Dante 12', cap: '20121', comune_istat: '015146', comune: 'Milano', provincia: 'MI' },
  iban: 'IT60X0542811101000000123456',
  ready_for_freelance: true,
  missing_for_freelance: [],
  updated_at: '2026-11-28T10:00:00Z',
};

describe("the professional file's form", () => {
  it('fills from the stored file and sends it back unchanged', () => {
    const values = fileFormValues(stored);
    expect(values).toMatchObject({
      birth_place_code: 'A794',
      insurance_cover: '1000000',
      ecm_period_start: '2026',
      ecm_credits: '60',
    });
    expect(filePayload(values)).toEqual({
      codice_fiscale: 'RSSMRA85T10A562S',
      birth_date: '1985-12-10',
      birth_place_code: 'A794',
      partita_iva: '12345678903',
      tax_regime: 'forfettario',
      insurance_company: 'Assicurazioni Sanità',
      insurance_policy_number: 'RC-2026-001',
      insurance_cover: 1_000_000,
      insurance_expires_on: '2027-12-31',
      ecm_period_start: 2026,
      ecm_credits: 60,
      fiscal_street: 'Via Dante 12',
      fiscal_cap: '20121',
      fiscal_comune_istat: '015146',
      iban: 'IT60X0542811101000000123456',
    });
  });

  it('starts empty for a file never filled, and sends emptied fields as cleared', () => {
    const empty = fileFormValues(undefined);
    expect(Object.values(empty).every((value) => value === '')).toBe(true);
    expect(filePayload(empty)).toMatchObject({
      birth_date: null,
      birth_place_code: null,
      tax_regime: null,
      insurance_cover: null,
      insurance_expires_on: null,
      ecm_credits: null,
    });
  });

  it('writes the codice fiscale in capitals and the partita IVA without spaces', () => {
    const payload = filePayload({
      ...fileFormValues(undefined),
      codice_fiscale: ' rssmra85t10a562s ',
      partita_iva: '123 456 789 03',
    });
    expect(payload.codice_fiscale).toBe('RSSMRA85T10A562S');
    expect(payload.partita_iva).toBe('12345678903');
  });

  it('sends the IBAN in capitals without spaces, as the server keeps it', () => {
    const payload = filePayload({ ...fileFormValues(undefined), iban: ' it60 x054 2811 1010 0000 0123 456 ' });
    expect(payload.iban).toBe('IT60X0542811101000000123456');
  });

  it('reads euros as Italians write them, and leaves anything else as typed for the server to refuse', () => {
    expect(readNumber('1.000.000')).toBe(1_000_000);
    expect(readNumber('150000,50')).toBe(150_000.5);
    expect(readNumber('2 000 000 €')).toBe(2_000_000);
    expect(readNumber('')).toBeNull();
    expect(readNumber('un milione')).toBe('un milione');
    expect(readNumber('-5')).toBe('-5');
  });

  it('offers the ECM period of today and the one before', () => {
    expect(ecmPeriodStarts('2026-11-28')).toEqual([2023, 2026]);
    expect(ecmPeriodStarts('2029-01-01')).toEqual([2026, 2029]);
  });

  it('names a birth place with its province, a foreign state alone', () => {
    expect(birthPlaceLabel({ code: 'A794', name: 'Bergamo', province: 'BG' })).toBe('Bergamo (BG)');
    expect(birthPlaceLabel({ code: 'Z110', name: 'Francia', province: '' })).toBe('Francia');
    expect(birthPlaceLabel(null)).toBe('');
    expect(placeLabel('Milano', 'MI')).toBe('Milano (MI)');
  });
});
