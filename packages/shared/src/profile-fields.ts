/**
 * The profile's fields, defined once. The request and response schemas, the database columns and their mapping,
 * the forms' empty values and the test factories are all derived from this table: a new field is one entry here,
 * one migration and one form component.
 */

/** How a field is read and checked (schemas/common.ts has the zod type of each). */
export type TProfileFieldKind = 'text' | 'date' | 'phone' | 'vat' | 'province' | 'region' | 'consent';

export interface TProfileFieldDefinition {
  /** The property name in the database module (Drizzle), usually the API name in camelCase. */
  readonly key: string;
  /** The SQL column. */
  readonly column: string;
  readonly kind: TProfileFieldKind;
  /** Longest accepted text; the default is LIMITS.textMaxLength. */
  readonly max?: number;
  /** Only this role has the field; the other role's copy is always blank. */
  readonly role?: 'farmacista' | 'titolare';
  /** Written at registration only: the profile save ignores it (docs/rules.md#profiles). */
  readonly readOnly?: boolean;
  /**
   * The owner's pharmacy and VAT number: written at registration and by the profile save while the owner is not
   * verified; once an admin has verified them the save ignores it (decision 048).
   */
  readonly fixedOnceVerified?: boolean;
  /** Not written through the profile at all: it has an endpoint of its own, or is set once at registration. */
  readonly ownEndpoint?: boolean;
  /**
   * A body that does not name it leaves it as it is (a blank value clears it): the original client's registration and
   * profile save never send these fields, and must not erase them (decision 084).
   */
  readonly keptWhenAbsent?: boolean;
}

export const PROFILE_FIELDS = {
  name: { key: 'name', column: 'name', kind: 'text', max: 100 },
  surname: { key: 'surname', column: 'surname', kind: 'text', max: 100 },
  dob: { key: 'dob', column: 'dob', kind: 'date' },
  placeOfBirth: { key: 'placeOfBirth', column: 'place_of_birth', kind: 'text' },
  telephone: { key: 'telephone', column: 'telephone', kind: 'phone' },
  regione_residenza: { key: 'regioneResidenza', column: 'regione_residenza', kind: 'region' },
  provincia_residenza: { key: 'provinciaResidenza', column: 'provincia_residenza', kind: 'province' },
  comune: { key: 'comune', column: 'comune', kind: 'text' },
  via: { key: 'via', column: 'via', kind: 'text' },
  /**
   * The albo entry: its number, Ordine (province sigla) and date, what an admin checks (decision 050). Editable: a
   * change of any of the three after a check asks for a new one (docs/rules.md#albo). It may be kept partial (the
   * original client sends the number alone): the check is asked once all three are there (decision 084).
   */
  numero_iscrizione_albo: {
    key: 'numeroIscrizioneAlbo',
    column: 'numero_iscrizione_albo',
    kind: 'text',
    max: 50,
    role: 'farmacista',
  },
  ordine_provincia: {
    key: 'ordineProvincia',
    column: 'ordine_provincia',
    kind: 'province',
    role: 'farmacista',
    keptWhenAbsent: true,
  },
  data_iscrizione_albo: {
    key: 'dataIscrizioneAlbo',
    column: 'data_iscrizione_albo',
    kind: 'date',
    role: 'farmacista',
    keptWhenAbsent: true,
  },
  titolo: { key: 'titolo', column: 'titolo', kind: 'text', role: 'farmacista' },
  preferredRegion: { key: 'preferredRegion', column: 'preferred_region', kind: 'region', role: 'farmacista' },
  communicationConsent: { key: 'communicationConsent', column: 'communication_consent', kind: 'consent' },
  privacyPolicyConsent: {
    key: 'privacyPolicyConsent',
    column: 'privacy_policy_consent',
    kind: 'consent',
    readOnly: true,
    ownEndpoint: true,
  },
  /** With a registry code, the registry's name, address and comune; typed by the owner only without one (decision 048). */
  denominazione_farmacia: {
    key: 'denominazioneFarmacia',
    column: 'denominazione_farmacia',
    kind: 'text',
    role: 'titolare',
    fixedOnceVerified: true,
  },
  indirizzo_farmacia: {
    key: 'indirizzoFarmacia',
    column: 'indirizzo_farmacia',
    kind: 'text',
    role: 'titolare',
    fixedOnceVerified: true,
  },
  partita_iva: { key: 'partitaIva', column: 'partita_iva', kind: 'vat', role: 'titolare', fixedOnceVerified: true },
  comune_farmacia: {
    key: 'comuneFarmacia',
    column: 'comune_farmacia',
    kind: 'text',
    role: 'titolare',
    fixedOnceVerified: true,
  },
  /** The Ministry registry's code of the owner's pharmacy; blank when the owner entered a pharmacy the registry lacks. */
  cod_farmacia: { key: 'codFarmacia', column: 'cod_farmacia', kind: 'text', max: 20, role: 'titolare', fixedOnceVerified: true },
  descrizione: { key: 'descrizione', column: 'descrizione', kind: 'text', max: 2000, ownEndpoint: true },
} as const satisfies Record<string, TProfileFieldDefinition>;

type TDefinitions = typeof PROFILE_FIELDS;
export type TProfileFieldName = keyof TDefinitions;

/** A field's value as the API answers it. */
type TValueOf<K extends TProfileFieldName> = TDefinitions[K]['kind'] extends 'consent' ? boolean : string;

/** Every profile field with its value (the API's answer, less userRole and pdf_file). */
export type TProfileValues = { [K in TProfileFieldName]: TValueOf<K> };

/** The names of the fields the profile form and registration write (not those with an endpoint of their own). */
export type TWritableProfileFieldName = {
  [K in TProfileFieldName]: TDefinitions[K] extends { ownEndpoint: true } ? never : K;
}[TProfileFieldName];

export const PROFILE_FIELD_NAMES = Object.keys(PROFILE_FIELDS) as TProfileFieldName[];

export const WRITABLE_PROFILE_FIELD_NAMES = PROFILE_FIELD_NAMES.filter(
  (name) => !(PROFILE_FIELDS[name] as TProfileFieldDefinition).ownEndpoint,
) as TWritableProfileFieldName[];

/** A profile with nothing filled in: the forms' defaults, and what an account without a profile row answers. */
export function emptyProfileValues(): TProfileValues {
  const values: Record<string, string | boolean> = {};
  for (const name of PROFILE_FIELD_NAMES) values[name] = PROFILE_FIELDS[name].kind === 'consent' ? false : '';
  return values as TProfileValues;
}

/** Fields a role never has (blanked on write): a pharmacist carries no VAT number and an owner no albo number. */
export function foreignProfileFields(role: string): TProfileFieldName[] {
  return PROFILE_FIELD_NAMES.filter((name) => {
    const owner = (PROFILE_FIELDS[name] as TProfileFieldDefinition).role;
    return owner !== undefined && owner !== role;
  });
}

/** Fields the profile save ignores for this role: set at registration, read-only afterwards (docs/rules.md#profiles). */
export function readOnlyProfileFields(role: string): TProfileFieldName[] {
  return PROFILE_FIELD_NAMES.filter((name) => {
    const field = PROFILE_FIELDS[name] as TProfileFieldDefinition;
    return field.readOnly && (field.role === undefined || field.role === role);
  });
}

/** The owner's pharmacy fields: editable until the owner is verified, then ignored by the profile save (decision 048). */
export function fixedOnceVerifiedFields(role: string): TProfileFieldName[] {
  return PROFILE_FIELD_NAMES.filter((name) => {
    const field = PROFILE_FIELDS[name] as TProfileFieldDefinition;
    return field.fixedOnceVerified && field.role === role;
  });
}

export type TWritableProfileValues = Pick<TProfileValues, TWritableProfileFieldName>;

/** The fields a profile form edits, from a whole profile (the API's answer, or emptyProfileValues()). */
export function writableProfileValues(values: TProfileValues): TWritableProfileValues {
  const out: Record<string, string | boolean> = {};
  for (const name of WRITABLE_PROFILE_FIELD_NAMES) out[name] = values[name];
  return out as TWritableProfileValues;
}
