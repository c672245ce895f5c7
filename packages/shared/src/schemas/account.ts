import { z } from 'zod';
import { ageInYears, isIsoDate, todayInItaly } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { isProvinceSigla, provincesOf, REGION_NAMES } from '../places';
import {
  PROFILE_FIELD_NAMES,
  PROFILE_FIELDS,
  type TProfileFieldDefinition,
  type TProfileValues,
  type TWritableProfileFieldName,
  WRITABLE_PROFILE_FIELD_NAMES,
} from '../profile-fields';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  SELF_SERVICE_ROLES,
  vatNumberProblem,
  ZMessageSchema,
  ZRoleSchema,
  zBool,
  zPhone,
  zProvince,
  zRegion,
  zText,
  zVatNumber,
} from './common';
import { ZCvUploadSchema } from './cv';
import { ZVerificationStatusSchema } from './verifications';

/**
 * The zod type of each profile field: how its kind is normalised and bounded, the same in the form and the API. A
 * field kept when absent stays undefined when the body does not name it, so the save leaves it as it is.
 */
function zProfileField(field: TProfileFieldDefinition): z.ZodType<string | boolean, unknown> {
  const zKind = zProfileKind(field);
  return field.keptWhenAbsent ? (zKind.optional() as z.ZodType<string | boolean, unknown>) : zKind;
}

function zProfileKind(field: TProfileFieldDefinition): z.ZodType<string | boolean, unknown> {
  switch (field.kind) {
    case 'consent':
      return zBool;
    case 'phone':
      return zPhone;
    case 'vat':
      return zVatNumber;
    case 'province':
      return zProvince;
    case 'region':
      return zRegion;
    case 'date':
      return zText(10);
    default:
      return zText(field.max);
  }
}

type TProfileShape = { [K in TWritableProfileFieldName]: z.ZodType<TProfileValues[K], unknown> };

/** Profile fields a user may write (docs/rules.md#profiles), from PROFILE_FIELDS. Read-only ones are dropped by the server per role. */
const profileShape = Object.fromEntries(
  WRITABLE_PROFILE_FIELD_NAMES.map((name) => [name, zProfileField(PROFILE_FIELDS[name])]),
) as TProfileShape;

export type TProfileDraft = { [K in keyof typeof profileShape]: z.infer<(typeof profileShape)[K]> };

/**
 * An albo number as the Ordini write it: digits, sometimes with letters, and slashes, dashes, dots or spaces between
 * the parts ("12345", "A/1234", "1234-B"); at least one digit.
 */
export const ALBO_NUMBER_PATTERN = /^(?=.*\d)[A-Za-z0-9]+(?:[ ./-][A-Za-z0-9]+)*$/;

/** The three fields of the albo entry, in the order the form shows them. */
export const ALBO_FIELDS = ['ordine_provincia', 'data_iscrizione_albo', 'numero_iscrizione_albo'] as const;

/**
 * The albo entry (decision 050): the Ordine a province; the date a real day, not in the future and not before the 18th
 * birthday when the date of birth is known; the number as the Ordini write it. Each field given is checked; one left
 * out is allowed (decision 084: the original client registers with the number alone) and the check by an admin is
 * asked only once all three are there (the profile says which are missing).
 */
function checkAlboEntry(p: TProfileDraft, issue: (field: string, message: string) => void): boolean {
  const date = p.data_iscrizione_albo;
  const adultSince = p.dob && isIsoDate(p.dob) ? `${Number(p.dob.slice(0, 4)) + LIMITS.minimumAgeYears}${p.dob.slice(4)}` : '';
  const wrong: [string, string] | undefined =
    p.ordine_provincia && !isProvinceSigla(p.ordine_provincia)
      ? ['ordine_provincia', MESSAGES.invalidOrdine]
      : date && (!isIsoDate(date) || date > todayInItaly() || (adultSince !== '' && date < adultSince))
        ? ['data_iscrizione_albo', MESSAGES.invalidAlboDate]
        : p.numero_iscrizione_albo && !ALBO_NUMBER_PATTERN.test(p.numero_iscrizione_albo)
          ? ['numero_iscrizione_albo', MESSAGES.invalidAlboNumber]
          : undefined;
  if (wrong) issue(...wrong);
  return !wrong;
}

/** Checks shared by registration and profile save, in the order the form shows them after the first ones. */
function checkProfileDetails(p: TProfileDraft, ctx: z.RefinementCtx, path: (string | number)[], role?: string) {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [...path, field] });
  if (p.telephone && !PHONE_PATTERN.test(p.telephone)) return issue('telephone', MESSAGES.invalidPhone);
  if (p.dob && (!isIsoDate(p.dob) || ageInYears(p.dob) < LIMITS.minimumAgeYears || ageInYears(p.dob) > 120))
    return issue('dob', MESSAGES.invalidDob);
  if (p.regione_residenza && !REGION_NAMES.includes(p.regione_residenza))
    return issue('regione_residenza', MESSAGES.invalidRegion);
  if (p.provincia_residenza && !provincesOf(p.regione_residenza).some((pr) => pr.sigla === p.provincia_residenza))
    return issue('provincia_residenza', MESSAGES.invalidProvince);
  // An owner's registration never keeps a pharmacist's fields (the server drops them): nothing to check.
  if (role !== 'titolare' && !checkAlboEntry(p, issue)) return;
  if (p.preferredRegion && !REGION_NAMES.includes(p.preferredRegion)) return issue('preferredRegion', MESSAGES.invalidRegion);
  const vatProblem = p.partita_iva ? vatNumberProblem(p.partita_iva) : undefined;
  if (vatProblem) return issue('partita_iva', vatProblem);
}

/**
 * An owner names their pharmacy by its registry code, or types name, address and comune of one the registry lacks;
 * the VAT number is required either way (the server compares it with the registry's: decision 048).
 */
export function checkOwnerPharmacy(p: TProfileDraft, ctx: z.RefinementCtx, path: (string | number)[]) {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [...path, field] });
  if (!p.cod_farmacia) {
    const typed = (['denominazione_farmacia', 'indirizzo_farmacia', 'comune_farmacia'] as const).filter((f) => p[f]);
    if (typed.length === 0) issue('cod_farmacia', MESSAGES.pharmacyRequired);
    else
      for (const field of ['denominazione_farmacia', 'indirizzo_farmacia', 'comune_farmacia'] as const)
        if (!p[field]) issue(field, MESSAGES.requiredFields);
  }
  if (!p.partita_iva) issue('partita_iva', MESSAGES.vatRequired);
}

export const ZProfileInputSchema = z.object(profileShape);

/** PUT /api/user/details/ {profile}: profile save (docs/rules.md#profiles). */
export const ZProfileUpdateSchema = z.object({
  profile: ZProfileInputSchema.superRefine((p, ctx) => {
    if (!p.name || !p.surname || !p.dob || !p.telephone) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.requiredFields, path: ['name'] });
      return;
    }
    checkProfileDetails(p, ctx, []);
  }),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdateSchema>;

/** PUT /api/user/details/ takes either a profile save or a CV upload. */
export const ZDetailsUpdateSchema = z.union([ZCvUploadSchema, ZProfileUpdateSchema]);
export type TDetailsUpdate = z.infer<typeof ZDetailsUpdateSchema>;

/**
 * What a registration holds, flat as the form shows it: the one definition of its fields. The form adds the password
 * confirmation; the API takes the same fields with the profile's nested under `profile`.
 */
const ZRegistrationFieldsSchema = z.object({
  username: zText(254),
  password: z.preprocess((v) => (v == null ? '' : v), z.string().max(LIMITS.passwordMaxLength, MESSAGES.fieldTooLong)),
  privacyPolicyConsent: zBool,
  userRole: zText(20),
  ...profileShape,
});
type TRegistrationFields = z.infer<typeof ZRegistrationFieldsSchema>;
type TRegistrationFieldName = keyof TRegistrationFields | 'confirmPassword';
const ACCOUNT_FIELDS: readonly TRegistrationFieldName[] = ['username', 'password', 'confirmPassword'];

/**
 * The registration's checks, in the order of docs/product.md#registration: required fields, e-mail, password length,
 * passwords equal (only where a confirmation is given: the form), terms, role; then the details. The account's
 * fields are at the top; the profile's at `profilePath` (the top in the form, `profile` in the API's body).
 */
function checkRegistration(f: TRegistrationFields & { confirmPassword?: string }, ctx: z.RefinementCtx, profilePath: string[]) {
  const pathOf = (field: TRegistrationFieldName) => (ACCOUNT_FIELDS.includes(field) ? [field] : [...profilePath, field]);
  const issue = (field: TRegistrationFieldName, message: string) =>
    ctx.addIssue({ code: 'custom', message, path: pathOf(field) });
  const hasConfirmation = f.confirmPassword !== undefined;
  const required = [
    'username',
    'password',
    ...(hasConfirmation ? (['confirmPassword'] as const) : []),
    'name',
    'surname',
    'dob',
    'telephone',
    'userRole',
  ] as const;
  // Every empty field is named (in the form's order), so the form can mark them all; the message is MESSAGES.requiredFields.
  const missing = required.filter((field) => !f[field]);
  for (const field of missing) issue(field, MESSAGES.requiredFields);
  if (missing.length) return;
  if (!EMAIL_PATTERN.test(f.username)) return issue('username', MESSAGES.invalidEmail);
  if (f.password.length < LIMITS.passwordMinLength) return issue('password', MESSAGES.passwordTooShort);
  if (hasConfirmation && f.password !== f.confirmPassword) return issue('confirmPassword', MESSAGES.passwordsDontMatchRegister);
  if (!f.privacyPolicyConsent) return issue('privacyPolicyConsent', MESSAGES.acceptTerms);
  if (!(SELF_SERVICE_ROLES as readonly string[]).includes(f.userRole)) return issue('userRole', MESSAGES.invalidRole);
  checkProfileDetails(f, ctx, profilePath, f.userRole);
  if (f.userRole === 'titolare') checkOwnerPharmacy(f, ctx, profilePath);
}

/** The registration form (docs/product.md#registration): the registration's fields and the password confirmation. */
export const ZRegisterFormSchema = ZRegistrationFieldsSchema.extend({
  confirmPassword: z.preprocess((v) => (v == null ? '' : v), z.string()),
}).superRefine((f, ctx) => checkRegistration(f, ctx, []));
export type TRegisterForm = z.input<typeof ZRegisterFormSchema>;

/** POST /api/user/register/ payload: the same fields and checks, the profile's under `profile`, no confirmation. */
export const ZRegisterSchema = ZRegistrationFieldsSchema.pick({ username: true, password: true })
  .extend({ profile: z.preprocess((v) => v ?? {}, ZRegistrationFieldsSchema.omit({ username: true, password: true })) })
  .superRefine(({ profile, ...account }, ctx) => checkRegistration({ ...profile, ...account }, ctx, ['profile']));
export type TRegister = z.infer<typeof ZRegisterSchema>;

type TProfileAnswerShape = { [K in keyof TProfileValues]: z.ZodType<TProfileValues[K]> };
/**
 * The 201 answer of POST /api/user/register/: the same for a new address and a taken one (decision 054), so it names
 * nothing the request did not say: no id, no session.
 */
export const ZRegisteredSchema = z.object({ username: z.string(), role: ZRoleSchema, message: z.string() });
export type TRegistered = z.infer<typeof ZRegisteredSchema>;

/** A profile as the API answers it (GET /api/user/details/). pdf_file is a signed URL or null, never bytes. */
export const ZProfileSchema = z.object({
  userRole: ZRoleSchema,
  ...(Object.fromEntries(
    PROFILE_FIELD_NAMES.map((name): [string, z.ZodType<string | boolean>] => [
      name,
      PROFILE_FIELDS[name].kind === 'consent' ? z.boolean() : z.string(),
    ]),
  ) as TProfileAnswerShape),
  pdf_file: z.string().nullable(),
});
export type TProfile = z.infer<typeof ZProfileSchema>;

export const ZUserDetailsSchema = z.object({
  id: z.number(),
  username: z.string(),
  role: ZRoleSchema,
  preferredRegion: z.string(),
  profile: ZProfileSchema,
  /** Whether the user opened the confirmation link of their e-mail (decision 047). */
  email_verified: z.boolean(),
  /** The admin's check of the user (decision 049): null when there is none (admins, pharmacists not declared yet). */
  verification: ZVerificationStatusSchema.nullable(),
  /** Why the admin rejected it, shown to the user; null otherwise. */
  verification_reason: z.string().nullable(),
  /** When the owner's document for the admin was uploaded; null without one. */
  verification_document_uploaded_at: z.string().nullable(),
});
export type TUserDetails = z.infer<typeof ZUserDetailsSchema>;

export const ZDescriptionSchema = z.object({ descrizione: z.string() });
export type TDescription = z.infer<typeof ZDescriptionSchema>;

export const ZDescriptionUpdateSchema = z.object({
  descrizione: z.preprocess(
    (v) => (v == null ? '' : v),
    z.string().trim().min(1, MESSAGES.emptyDescription).max(LIMITS.descriptionMaxLength, MESSAGES.fieldTooLong),
  ),
});
export type TDescriptionUpdate = z.infer<typeof ZDescriptionUpdateSchema>;

/** The answer of PUT /api/profile-descrizione/: the saved text and the message. */
export const ZDescriptionSavedSchema = ZDescriptionSchema.extend(ZMessageSchema.shape);
export type TDescriptionSaved = z.infer<typeof ZDescriptionSavedSchema>;
