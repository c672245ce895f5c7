/** The admin audit log (decisions 060 and 061): the actions it records and the admin's paged, filtered list. */
import { z } from 'zod';
import { isIsoDate } from '../dates';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zText } from './common';

/** Every action the log knows; the admin's page filters by these names (labels in ADMIN_TEXT.auditActions). */
export const AUDIT_ACTIONS = [
  'verification.verify',
  'verification.reject',
  'verification.document_open',
  'user.suspend',
  'user.reinstate',
  'user.view',
  'cv.open',
  'report.resolve',
  'pharmacy.set_coordinates',
  'registry.import',
  'review.hide',
  'user.second_step_reset',
  'owners.list',
  'verifications.list',
  'reports.list',
  // What the people of an organisation do for it (decision 089).
  'organisation.update',
  'organisation.pharmacy_add',
  'member.invite',
  'member.update',
  'member.remove',
  'invitation.revoke',
  'invitation.accept',
  'pharmacy.settings',
  'offer.publish',
  'application.decide',
  // A contract confirmed by either side (decision 093): who, when, its version and SHA-256.
  'contract.confirm',
  // A step of the pharmacy in a negotiation on the pay (decision 094): its decision on her proposal, with the terms.
  'proposal.decide',
  // The pharmacy's answer to worked hours and to an expense (decision 095): who answered, and what.
  'hours.review',
  'expense.review',
  // Invoices (decision 095): issued, marked sent by her, marked paid for the pharmacy, undone by a credit note.
  'invoice.issue',
  'invoice.sent',
  'invoice.paid',
  'invoice.credit',
] as const;
export const ZAuditActionSchema = z.enum(AUDIT_ACTIONS, { error: MESSAGES.auditUnknownAction });
export type TAuditAction = z.infer<typeof ZAuditActionSchema>;

const blankAsMissing = (v: unknown) => (v === '' || v == null ? undefined : v);
const zDay = (message: string) =>
  z.preprocess(blankAsMissing, z.string({ error: message }).refine(isIsoDate, message).optional());
/** A person as the filters name them: an id (digits) or a part of an e-mail address. */
const zPerson = z.preprocess(blankAsMissing, zText(254).optional());

/**
 * GET /api/admin/audit/?actor&action&target_user&from&to&page&page_size. `actor` and `target_user`: an id or a part
 * of an e-mail; `from` and `to`: Italian calendar days (YYYY-MM-DD), both included.
 */
export const ZAuditQuerySchema = z
  .object({
    actor: zPerson,
    action: z.preprocess(blankAsMissing, ZAuditActionSchema.optional()),
    target_user: zPerson,
    from: zDay(MESSAGES.auditDate),
    to: zDay(MESSAGES.auditDate),
    page: z.coerce.number({ error: MESSAGES.invalidInput }).int(MESSAGES.invalidInput).min(1, MESSAGES.invalidInput).default(1),
    page_size: z.coerce
      .number({ error: MESSAGES.invalidInput })
      .int(MESSAGES.invalidInput)
      .min(1, MESSAGES.invalidInput)
      .max(LIMITS.usersMaxPageSize, MESSAGES.invalidInput)
      .default(LIMITS.usersPageSize),
  })
  .superRefine((query, ctx) => {
    if (query.from && query.to && query.to < query.from)
      ctx.addIssue({ code: 'custom', message: MESSAGES.auditDateOrder, path: ['to'] });
  });
export type TAuditQuery = z.infer<typeof ZAuditQuerySchema>;

export const ZAuditLogEntrySchema = z.object({
  id: z.number(),
  /** When, as an ISO 8601 timestamp. */
  at: z.string(),
  /** Who acted: an admin (id and e-mail as they were), or a command-line tool (id null). */
  actor: z.object({ id: z.number().nullable(), email: z.string() }),
  action: ZAuditActionSchema,
  /** The user the action concerns; e-mail null once that account is erased. */
  target_user: z.object({ id: z.number(), email: z.string().nullable() }).nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** What the action's entry keeps (e.g. role and reason of a decision, old and new coordinates, an import's counts). */
  details: z.record(z.string(), z.unknown()),
});
export type TAuditLogEntry = z.infer<typeof ZAuditLogEntrySchema>;

export const ZAuditPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZAuditLogEntrySchema),
});
export type TAuditPage = z.infer<typeof ZAuditPageSchema>;
