/**
 * Organisations, their pharmacies, their people and each pharmacy's settings (decision 089): the bodies and answers of
 * /api/organisation/.
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { ORGANISATION_MESSAGES as M } from '../messages-organisation';
import { checkOwnerPharmacy, type TProfileDraft } from './account';
import { EMAIL_PATTERN, vatNumberProblem, zText, zVatNumber } from './common';

export const MEMBER_ROLES = ['titolare', 'responsabile', 'consultazione'] as const;
export type TMemberRole = (typeof MEMBER_ROLES)[number];
export const ZMemberRoleSchema = z.enum(MEMBER_ROLES, { error: M.memberRoleInvalid });

const CODICE_FISCALE_PATTERN = /^(?:\d{11}|[A-Z]{6}\d{2}[A-Z]\d{2}[A-Z]\d{3}[A-Z])$/;
const SDI_PATTERN = /^[A-Z0-9]{7}$/;
const PEC_PATTERN = EMAIL_PATTERN;

/** PUT /api/organisation/: the legal entity's data for invoices; blank fields may be filled in later. */
export const ZOrganisationInputSchema = z
  .object({
    name: zText(200).pipe(z.string().min(1, M.nameRequired)),
    partita_iva: zVatNumber.default(''),
    codice_fiscale: zText(16)
      .transform((v) => v.replace(/\s+/g, '').toUpperCase())
      .default(''),
    sede_legale: zText(300).default(''),
    pec: zText(254)
      .transform((v) => v.toLowerCase())
      .default(''),
    codice_sdi: zText(7)
      .transform((v) => v.toUpperCase())
      .default(''),
  })
  .superRefine((o, ctx) => {
    const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [field] });
    const vat = o.partita_iva ? vatNumberProblem(o.partita_iva) : undefined;
    if (vat) issue('partita_iva', vat);
    if (o.codice_fiscale && !CODICE_FISCALE_PATTERN.test(o.codice_fiscale)) issue('codice_fiscale', M.codiceFiscaleInvalid);
    if (o.pec && !PEC_PATTERN.test(o.pec)) issue('pec', M.pecInvalid);
    if (o.codice_sdi && !SDI_PATTERN.test(o.codice_sdi)) issue('codice_sdi', M.sdiInvalid);
  });
export type TOrganisationInput = z.infer<typeof ZOrganisationInputSchema>;

/** A pharmacy of the organisation, as its people see it. */
export const ZOrganisationPharmacySchema = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string(),
  comune: z.string(),
  cod_farmacia: z.string(),
  partita_iva: z.string(),
  verification: z.enum(['pending', 'verified', 'rejected', 'none']),
  /** Whether the person asking may publish and decide for it (not consultazione). */
  can_write: z.boolean(),
});
export type TOrganisationPharmacy = z.infer<typeof ZOrganisationPharmacySchema>;

export const ZOrganisationSchema = z.object({
  id: z.number(),
  name: z.string(),
  partita_iva: z.string(),
  codice_fiscale: z.string(),
  sede_legale: z.string(),
  pec: z.string(),
  codice_sdi: z.string(),
  /** The person asking: their role, and the pharmacies they act for (every one for a titolare). */
  my_role: ZMemberRoleSchema,
  pharmacies: z.array(ZOrganisationPharmacySchema),
});
export type TOrganisation = z.infer<typeof ZOrganisationSchema>;

/**
 * POST /api/organisation/pharmacies/: a pharmacy added to the organisation, named as at registration: its registry
 * code, or name, address and comune of one the registry lacks, and its VAT number (checked against the registry's).
 */
export const ZNewPharmacySchema = z
  .object({
    cod_farmacia: zText(20).default(''),
    denominazione_farmacia: zText().default(''),
    indirizzo_farmacia: zText().default(''),
    comune_farmacia: zText().default(''),
    partita_iva: zVatNumber.default(''),
  })
  .superRefine((p, ctx) => {
    checkOwnerPharmacy(p as unknown as TProfileDraft, ctx, []);
    const vat = p.partita_iva ? vatNumberProblem(p.partita_iva) : undefined;
    if (vat) ctx.addIssue({ code: 'custom', message: vat, path: ['partita_iva'] });
  });
export type TNewPharmacy = z.infer<typeof ZNewPharmacySchema>;

const zPharmacyIds = z
  .array(z.number().int().positive(), { error: M.memberPharmacyUnknown })
  .max(LIMITS.organisationMaxPharmacies);

function checkScope(m: { role: TMemberRole; pharmacy_ids: number[] }, ctx: z.RefinementCtx) {
  if (m.role !== 'titolare' && m.pharmacy_ids.length === 0)
    ctx.addIssue({ code: 'custom', message: M.memberPharmaciesRequired, path: ['pharmacy_ids'] });
}

/** POST /api/organisation/invitations/: who is invited, with which role, for which pharmacies (none for a titolare). */
export const ZStaffInvitationInputSchema = z
  .object({
    email: zText(254).pipe(z.string().min(1, M.emailInvalid).regex(EMAIL_PATTERN, M.emailInvalid)),
    role: ZMemberRoleSchema,
    pharmacy_ids: zPharmacyIds.default([]),
  })
  .superRefine(checkScope);
export type TStaffInvitationInput = z.infer<typeof ZStaffInvitationInputSchema>;

/** PATCH /api/organisation/members/{userId}/: a member's new role and pharmacies. */
export const ZMemberUpdateSchema = z
  .object({ role: ZMemberRoleSchema, pharmacy_ids: zPharmacyIds.default([]) })
  .superRefine(checkScope);
export type TMemberUpdate = z.infer<typeof ZMemberUpdateSchema>;

export const ZMemberSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  email: z.string(),
  role: ZMemberRoleSchema,
  pharmacy_ids: z.array(z.number()),
  added_at: z.string(),
});
export type TMember = z.infer<typeof ZMemberSchema>;

export const ZPendingInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  role: ZMemberRoleSchema,
  pharmacy_ids: z.array(z.number()),
  created_at: z.string(),
  expires_at: z.string(),
});

export const ZTeamSchema = z.object({
  members: z.array(ZMemberSchema),
  invitations: z.array(ZPendingInvitationSchema),
});
export type TTeam = z.infer<typeof ZTeamSchema>;

/** GET /api/organisation/invitations/accept/?token=: what the link invites to, before the person answers. */
export const ZInvitationPreviewSchema = z.object({
  organisation: z.string(),
  email: z.string(),
  role: ZMemberRoleSchema,
  pharmacies: z.array(z.string()),
  /** Whether an account with this address exists (log in and accept) or not (set a password). */
  has_account: z.boolean(),
});
export type TInvitationPreview = z.infer<typeof ZInvitationPreviewSchema>;

const zName = (max: number) => zText(max).pipe(z.string().min(1, MESSAGES.requiredFields));

/**
 * POST /api/organisation/invitations/accept/: with a session of the invited address, joins with that account;
 * without, makes the account with a name, a surname and a password (the link proves the address).
 */
export const ZInvitationAcceptSchema = z.object({
  token: z.string({ error: M.invitationInvalid }).min(1, M.invitationInvalid).max(200, M.invitationInvalid),
  name: zName(100).optional(),
  surname: zName(100).optional(),
  password: z
    .string()
    .min(LIMITS.passwordMinLength, MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMaxLength, MESSAGES.fieldTooLong)
    .optional(),
  privacyPolicyConsent: z.boolean().optional(),
});
export type TInvitationAccept = z.infer<typeof ZInvitationAcceptSchema>;

/**
 * The page of an invitation's link, for an address with no account: the fields the accept needs then (the API refuses
 * the same ones missing: 400 `required_fields`, `terms_required`), and the password typed twice, compared here only.
 */
export const ZStaffAccountFormSchema = z
  .object({
    name: zName(100),
    surname: zName(100),
    password: z
      .string()
      .min(LIMITS.passwordMinLength, MESSAGES.passwordTooShort)
      .max(LIMITS.passwordMaxLength, MESSAGES.fieldTooLong),
    confirmPassword: z.string(),
    privacyPolicyConsent: z.boolean(),
  })
  .superRefine((f, ctx) => {
    if (f.password !== f.confirmPassword)
      ctx.addIssue({ code: 'custom', message: MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
    if (!f.privacyPolicyConsent) ctx.addIssue({ code: 'custom', message: MESSAGES.acceptTerms, path: ['privacyPolicyConsent'] });
  });
export type TStaffAccountForm = z.infer<typeof ZStaffAccountFormSchema>;

const zTime = z
  .string({ error: MESSAGES.offerTime })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MESSAGES.offerTime)
  .nullable();

/** PUT /api/organisation/pharmacies/{id}/settings/: the defaults of publishing and who of the staff is mailed. */
export const ZPharmacySettingsSchema = z.object({
  start_time: zTime.default(null),
  end_time: zTime.default(null),
  hourly_pay: z
    .number({ error: MESSAGES.offerHourlyPay })
    .min(LIMITS.hourlyPayMin, MESSAGES.offerHourlyPay)
    .max(LIMITS.hourlyPayMax, MESSAGES.offerHourlyPay)
    .nullable()
    .default(null),
  positions: z
    .number({ error: MESSAGES.offerPositions })
    .int(MESSAGES.offerPositions)
    .min(LIMITS.offerPositionsMin, MESSAGES.offerPositions)
    .max(LIMITS.offerPositionsMax, MESSAGES.offerPositions)
    .nullable()
    .default(null),
  note: zText(LIMITS.pharmacyNoteMaxLength, M.noteTooLong).default(''),
  /** The people mailed what the pharmacy is told; null: its titolari and its responsabili. */
  notify_user_ids: z.array(z.number().int().positive()).max(200).nullable().default(null),
});
export type TPharmacySettings = z.infer<typeof ZPharmacySettingsSchema>;

export const ZPharmacySettingsAnswerSchema = z.object({
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  hourly_pay: z.number().nullable(),
  positions: z.number().nullable(),
  note: z.string(),
  notify_user_ids: z.array(z.number()).nullable(),
});
