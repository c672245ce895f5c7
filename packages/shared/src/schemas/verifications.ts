/** The admin's verification queue and decisions, and an owner's document (decision 049). */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { CONTROL_CHARACTERS, zId } from './common';

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export const ZVerificationStatusSchema = z.enum(VERIFICATION_STATUSES);
export type TVerificationStatus = z.infer<typeof ZVerificationStatusSchema>;

/** The roles an admin checks. */
export const VERIFIED_ROLES = ['titolare', 'farmacista'] as const;
export const ZVerifiedRoleSchema = z.enum(VERIFIED_ROLES);
export type TVerifiedRole = z.infer<typeof ZVerifiedRoleSchema>;

const blankAsMissing = (v: unknown) => (v === '' || v == null ? undefined : v);

/** GET /api/admin/verifications/?status&role&page&page_size, paged like /api/users/all/. */
export const ZVerificationsQuerySchema = z.object({
  status: z.preprocess(blankAsMissing, ZVerificationStatusSchema.default('pending')),
  role: z.preprocess(blankAsMissing, ZVerifiedRoleSchema.optional()),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIMITS.usersMaxPageSize).default(LIMITS.usersPageSize),
});
export type TVerificationsQuery = z.infer<typeof ZVerificationsQuerySchema>;

/** What the user typed: an owner's name and pharmacy, or a pharmacist's albo entry (the other role's keys are absent). */
export const ZVerificationEnteredSchema = z.object({
  name: z.string(),
  surname: z.string(),
  denominazione_farmacia: z.string().optional(),
  indirizzo_farmacia: z.string().optional(),
  comune_farmacia: z.string().optional(),
  partita_iva: z.string().optional(),
  cod_farmacia: z.string().optional(),
  ordine_provincia: z.string().optional(),
  numero_iscrizione_albo: z.string().optional(),
  data_iscrizione_albo: z.string().optional(),
});
export type TVerificationEntered = z.infer<typeof ZVerificationEnteredSchema>;

/** The Ministry registry's row for the owner's cod_farmacia. */
export const ZVerificationRegistrySchema = z.object({
  cod_farmacia: z.string(),
  name: z.string(),
  address: z.string(),
  cap: z.string(),
  comune: z.string(),
  sigla_provincia: z.string(),
  partita_iva: z.string(),
});
export type TVerificationRegistry = z.infer<typeof ZVerificationRegistrySchema>;

export const ZVerificationRowSchema = z.object({
  user_id: z.number(),
  email: z.string(),
  role: ZVerifiedRoleSchema,
  entered: ZVerificationEnteredSchema,
  /** null: no registry row (an owner's pharmacy entered by hand, or a pharmacist). */
  registry: ZVerificationRegistrySchema.nullable(),
  /** A signed link to the owner's document for this admin, or null without one. */
  document_url: z.string().nullable(),
  requested_at: z.string(),
  /** Pending for more than one working day (Monday–Friday, Italian public holidays excepted). */
  late: z.boolean(),
  status: ZVerificationStatusSchema,
  reason: z.string().nullable(),
  /**
   * Other owners who named the same registry pharmacy (its code), oldest first: a double claim the admin settles
   * before approving (decision 083). Empty for a pharmacist or a pharmacy entered by hand.
   */
  other_claims: z.array(
    z.object({
      user_id: z.number(),
      email: z.string(),
      name: z.string(),
      surname: z.string(),
      status: ZVerificationStatusSchema,
    }),
  ),
});
export type TVerificationRow = z.infer<typeof ZVerificationRowSchema>;

export const ZVerificationsPageSchema = z.object({
  count: z.number(),
  /** Of the pending requests matching the role: how many have waited more than one working day. */
  late: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZVerificationRowSchema),
});
export type TVerificationsPage = z.infer<typeof ZVerificationsPageSchema>;

export const ZVerificationParamsSchema = z.object({ user_id: zId });

/** POST /api/admin/verifications/{user_id}/: the reason is required to reject, at most LIMITS.verificationReasonMaxLength. */
export const ZVerificationDecisionSchema = z
  .object({
    decision: z.enum(['verified', 'rejected'], { error: MESSAGES.verificationDecisionInvalid }),
    reason: z.preprocess(
      (v) => (v == null ? '' : v),
      z
        .string({ error: MESSAGES.invalidInput })
        .trim()
        .max(LIMITS.verificationReasonMaxLength, MESSAGES.verificationReasonTooLong)
        .refine((text) => !CONTROL_CHARACTERS.test(text), MESSAGES.invalidCharacters),
    ),
  })
  .superRefine((body, ctx) => {
    if (body.decision === 'rejected' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.verificationReasonRequired });
  });
export type TVerificationDecision = z.infer<typeof ZVerificationDecisionSchema>;
/** The form's values before parsing (the dialog starts with an empty reason). */
export type TVerificationDecisionInput = z.input<typeof ZVerificationDecisionSchema>;

/** The answer of a decision: the request as it now is, and the message. */
export const ZVerificationDecidedSchema = z.object({ message: z.string(), verification: ZVerificationRowSchema });
export type TVerificationDecided = z.infer<typeof ZVerificationDecidedSchema>;

/** PUT /api/user/verification-document/ (the PDF as the body): when the stored document was uploaded. */
export const ZVerificationDocumentSavedSchema = z.object({ message: z.string(), uploaded_at: z.string() });
export type TVerificationDocumentSaved = z.infer<typeof ZVerificationDocumentSavedSchema>;

/** GET /api/verification-document/{userId}/?viewer&expires&signature: a signed link, like a CV's (decision 008). */
export const ZVerificationDocumentParamsSchema = z.object({ userId: zId });
