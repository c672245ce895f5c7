/**
 * The pharmacist's professional file (decision 093): GET and PUT /api/me/professional-file/ and the places of birth.
 * A PUT names only what it changes (absent = unchanged, '' or null = cleared). The shape and each field's own rules are
 * checked here, for the web form and the API alike; the agreement of the codice fiscale with the name, surname, birth
 * date and place (which may come from what is stored) is the server's.
 */
import { z } from 'zod';
import { CODICE_CATASTALE_PATTERN, codiceFiscaleProblem, normaliseCodiceFiscale } from '../codice-fiscale';
import { isIsoDate, todayInItaly } from '../dates';
import { ECM, ecmPeriodStartOf, TAX_REGIMES } from '../engagement';
import { MESSAGES } from '../messages';
import { PROFESSIONAL_FILE_MESSAGES as M } from '../messages-professional-file';
import { CONTROL_CHARACTERS, vatNumberProblem } from './common';

/** An IBAN as typed, without spaces, in capitals. */
export const normaliseIban = (iban: string) => iban.replace(/\s+/g, '').toUpperCase();

/**
 * Whether an IBAN (normalised) is well formed and its check digits agree (ISO 13616: the country and check digits moved
 * to the end, letters as 10–35, the number modulo 97 is 1); an Italian one has 27 characters.
 */
export function isValidIban(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('IT') && iban.length !== 27) return false;
  const digits = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55));
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1;
}

/** The largest cover a policy is written with (euros). */
export const INSURANCE_COVER_MAX = 100_000_000;
export const ECM_CREDITS_MAX = 500;
/** The largest PDF of a policy. */
export const INSURANCE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** null as '' (cleared); absent stays absent. */
const blankAsEmpty = (v: unknown) => (v === null ? '' : v);
/** '' and null as null (cleared); absent stays absent. */
const blankAsNull = (v: unknown) => (v === '' ? null : v);

const text = (max: number, tooLong: string) =>
  z
    .preprocess(blankAsEmpty, z.string().trim().max(max, tooLong))
    .refine((value) => !CONTROL_CHARACTERS.test(value), MESSAGES.invalidCharacters)
    .optional();

const day = (message: string, past = false) =>
  z
    .preprocess(blankAsNull, z.string({ error: message }).trim().nullable())
    .refine((value) => value === null || (isIsoDate(value) && (!past || value < todayInItaly())), message)
    .optional();

const codiceFiscaleMessages = { format: M.codiceFiscaleFormat, check: M.codiceFiscaleCheck, date: M.codiceFiscaleDate };

export const isEcmPeriodStart = (year: number) =>
  Number.isInteger(year) && year >= ECM.firstPeriodStart && year <= 2100 && ecmPeriodStartOf(`${year}-01-01`) === year;

export const ZProfessionalFileInputSchema = z.object({
  codice_fiscale: z
    .preprocess(blankAsEmpty, z.string({ error: M.codiceFiscaleFormat }).max(40, M.codiceFiscaleFormat))
    .transform(normaliseCodiceFiscale)
    .superRefine((code, ctx) => {
      const problem = code ? codiceFiscaleProblem(code) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: codiceFiscaleMessages[problem] });
    })
    .optional(),
  birth_date: day(M.birthDateInvalid, true),
  birth_place_code: z
    .preprocess(blankAsNull, z.string({ error: M.birthPlaceInvalid }).trim().toUpperCase().nullable())
    .refine((code) => code === null || CODICE_CATASTALE_PATTERN.test(code), M.birthPlaceInvalid)
    .optional(),
  partita_iva: z
    .preprocess(blankAsEmpty, z.string({ error: MESSAGES.invalidVat }).max(30, MESSAGES.invalidVat))
    .transform((v) => v.replace(/[\s./()-]/g, '').replace(/^IT/i, ''))
    .superRefine((vat, ctx) => {
      const problem = vat ? vatNumberProblem(vat) : undefined;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  tax_regime: z.preprocess(blankAsNull, z.enum(TAX_REGIMES, { error: M.taxRegimeInvalid }).nullable()).optional(),
  insurance_company: text(200, M.insuranceTextTooLong),
  insurance_policy_number: text(200, M.insuranceTextTooLong),
  insurance_cover: z
    .preprocess(
      blankAsNull,
      z
        .number({ error: M.insuranceCoverInvalid })
        .min(0.01, M.insuranceCoverInvalid)
        .max(INSURANCE_COVER_MAX, M.insuranceCoverInvalid)
        .transform((euros) => Math.round(euros * 100) / 100)
        .nullable(),
    )
    .optional(),
  insurance_expires_on: day(M.insuranceExpiresInvalid),
  ecm_period_start: z
    .preprocess(
      blankAsNull,
      z
        .number({ error: M.ecmPeriodInvalid(String(ECM.firstPeriodStart + 6)) })
        .refine(isEcmPeriodStart, M.ecmPeriodInvalid(String(ECM.firstPeriodStart + 6)))
        .nullable(),
    )
    .optional(),
  ecm_credits: z
    .preprocess(
      blankAsNull,
      z
        .number({ error: M.ecmCreditsInvalid })
        .int(M.ecmCreditsInvalid)
        .min(0, M.ecmCreditsInvalid)
        .max(ECM_CREDITS_MAX, M.ecmCreditsInvalid)
        .nullable(),
    )
    .optional(),
  fiscal_street: text(200, M.fiscalStreetInvalid),
  fiscal_cap: z
    .preprocess(blankAsEmpty, z.string({ error: M.fiscalCapInvalid }).trim())
    .refine((cap) => cap === '' || /^\d{5}$/.test(cap), M.fiscalCapInvalid)
    .optional(),
  fiscal_comune_istat: z
    .preprocess(blankAsEmpty, z.string({ error: M.fiscalComuneInvalid }).trim())
    .refine((istat) => istat === '' || /^\d{6}$/.test(istat), M.fiscalComuneInvalid)
    .optional(),
  iban: z
    .preprocess(blankAsEmpty, z.string({ error: M.ibanInvalid }).max(60, M.ibanInvalid))
    .transform(normaliseIban)
    .refine((iban) => iban === '' || isValidIban(iban), M.ibanInvalid)
    .optional(),
});
export type TProfessionalFileInput = z.input<typeof ZProfessionalFileInputSchema>;
export type TProfessionalFileChanges = z.output<typeof ZProfessionalFileInputSchema>;

/** The API code of a refused field: its own for the codice fiscale and the partita IVA, `validation_error` otherwise. */
export function professionalFileErrorCode(field: string): string {
  if (field === 'codice_fiscale') return 'codice_fiscale_invalid';
  if (field === 'partita_iva') return 'partita_iva_invalid';
  if (field === 'iban') return 'iban_invalid';
  return 'validation_error';
}

export const ZBirthPlaceSchema = z.object({ code: z.string(), name: z.string(), province: z.string() });
export type TBirthPlace = z.infer<typeof ZBirthPlaceSchema>;
export const ZBirthPlaceListSchema = z.array(ZBirthPlaceSchema);
export const ZBirthPlacesQuerySchema = z.object({
  q: z.preprocess((v) => (v == null ? '' : v), z.string().trim().max(100)),
});

export const ZInsuranceDocumentSchema = z.object({ name: z.string(), size: z.number(), sha256: z.string() });

export const ZProfessionalFileSchema = z.object({
  codice_fiscale: z.string(),
  birth_date: z.string().nullable(),
  birth_place: ZBirthPlaceSchema.nullable(),
  partita_iva: z.string(),
  tax_regime: z.enum(TAX_REGIMES).nullable(),
  insurance: z.object({
    company: z.string(),
    policy_number: z.string(),
    cover: z.number().nullable(),
    expires_on: z.string().nullable(),
    document: ZInsuranceDocumentSchema.nullable(),
  }),
  ecm: z.object({
    period_start: z.number(),
    /** '2026–2028' */
    period: z.string(),
    credits: z.number().nullable(),
    required: z.number(),
  }),
  /** The domicilio fiscale her invoices name (decision 095); null while none of it is given. */
  fiscal_address: z
    .object({ street: z.string(), cap: z.string(), comune_istat: z.string(), comune: z.string(), provincia: z.string() })
    .nullable(),
  /** Where her invoices ask to be paid, without spaces; '' when not given. */
  iban: z.string(),
  ready_for_freelance: z.boolean(),
  /** What is missing for freelance work, one Italian sentence each. */
  missing_for_freelance: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type TProfessionalFile = z.infer<typeof ZProfessionalFileSchema>;

export const ZProfessionalFileSavedSchema = ZProfessionalFileSchema.extend({ message: z.string() });
export const ZInsuranceDocumentSavedSchema = z.object({ message: z.string(), document: ZInsuranceDocumentSchema });
