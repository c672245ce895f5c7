/**
 * The professional file's form (decisions 093 and 095): its fields as typed, filled from GET /api/me/professional-file/, and
 * the body of PUT: every field sent (an emptied one clears it: '' or null), figures as numbers when they read as one
 * (Italian comma allowed), otherwise as typed so the server says what is wrong on the field.
 */
import { ecmPeriodStartOf } from '@farmaponte/shared/engagement';
import type { TBirthPlace, TProfessionalFile } from '../../../lib/api/engagement';

export interface TFileFormValues {
  codice_fiscale: string;
  birth_date: string;
  /** The codice catastale of the place picked in the combobox. */
  birth_place_code: string;
  partita_iva: string;
  tax_regime: '' | 'forfettario' | 'ordinario';
  insurance_company: string;
  insurance_policy_number: string;
  insurance_cover: string;
  insurance_expires_on: string;
  ecm_period_start: string;
  ecm_credits: string;
  fiscal_street: string;
  fiscal_cap: string;
  /** The ISTAT code of the comune picked in the combobox. */
  fiscal_comune_istat: string;
  iban: string;
}

export const FILE_FIELDS = [
  'codice_fiscale',
  'birth_date',
  'birth_place_code',
  'partita_iva',
  'tax_regime',
  'insurance_company',
  'insurance_policy_number',
  'insurance_cover',
  'insurance_expires_on',
  'ecm_period_start',
  'ecm_credits',
  'fiscal_street',
  'fiscal_cap',
  'fiscal_comune_istat',
  'iban',
] as const satisfies readonly (keyof TFileFormValues)[];

export type TFilePayload = {
  codice_fiscale: string;
  birth_date: string | null;
  birth_place_code: string | null;
  partita_iva: string;
  tax_regime: 'forfettario' | 'ordinario' | null;
  insurance_company: string;
  insurance_policy_number: string;
  insurance_cover: number | string | null;
  insurance_expires_on: string | null;
  ecm_period_start: number | string | null;
  ecm_credits: number | string | null;
  fiscal_street: string;
  fiscal_cap: string;
  fiscal_comune_istat: string;
  iban: string;
};

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export function fileFormValues(file: TProfessionalFile | undefined): TFileFormValues {
  return {
    codice_fiscale: file?.codice_fiscale ?? '',
    birth_date: file?.birth_date ?? '',
    birth_place_code: file?.birth_place?.code ?? '',
    partita_iva: file?.partita_iva ?? '',
    tax_regime: file?.tax_regime || '',
    insurance_company: file?.insurance.company ?? '',
    insurance_policy_number: file?.insurance.policy_number ?? '',
    insurance_cover: text(file?.insurance.cover),
    insurance_expires_on: file?.insurance.expires_on ?? '',
    ecm_period_start: text(file?.ecm.period_start),
    ecm_credits: text(file?.ecm.credits),
    fiscal_street: file?.fiscal_address?.street ?? '',
    fiscal_cap: file?.fiscal_address?.cap ?? '',
    fiscal_comune_istat: file?.fiscal_address?.comune_istat ?? '',
    iban: file?.iban ?? '',
  };
}

/** '150.000', '150000,50' and '1.000.000' read as euros; anything else is left as typed. */
export function readNumber(typed: string): number | string | null {
  const value = typed.trim().replace(/\s|€/g, '');
  if (!value) return null;
  const plain = /^\d{1,3}(\.\d{3})+(,\d+)?$/.test(value) ? value.replace(/\./g, '') : value;
  const number = Number(plain.replace(',', '.'));
  return Number.isFinite(number) && /^\d+([.,]\d+)?$/.test(plain) ? number : typed.trim();
}

export function filePayload(values: TFileFormValues): TFilePayload {
  return {
    codice_fiscale: values.codice_fiscale.trim().toUpperCase(),
    birth_date: values.birth_date || null,
    birth_place_code: values.birth_place_code || null,
    partita_iva: values.partita_iva.replace(/\s/g, ''),
    tax_regime: values.tax_regime || null,
    insurance_company: values.insurance_company.trim(),
    insurance_policy_number: values.insurance_policy_number.trim(),
    insurance_cover: readNumber(values.insurance_cover),
    insurance_expires_on: values.insurance_expires_on || null,
    ecm_period_start: readNumber(values.ecm_period_start),
    ecm_credits: readNumber(values.ecm_credits),
    fiscal_street: values.fiscal_street.trim(),
    fiscal_cap: values.fiscal_cap.trim(),
    fiscal_comune_istat: values.fiscal_comune_istat,
    iban: values.iban.replace(/\s/g, '').toUpperCase(),
  };
}

/** The ECM periods the form offers: the one of today and the one before (2023–2025, 2026–2028 in 2026). */
export function ecmPeriodStarts(today: string): number[] {
  const current = ecmPeriodStartOf(today);
  return [current - 3, current];
}

/** A place as a combobox shows it: 'Bergamo (BG)', or the name alone when it has no province (a foreign state). */
export const placeLabel = (name: string, province?: string) => (name && province ? `${name} (${province})` : name);

/** The birth place shown in the combobox: 'Bergamo (BG)'. */
export const birthPlaceLabel = (place: TBirthPlace | null | undefined) => (place ? placeLabel(place.name, place.province) : '');
