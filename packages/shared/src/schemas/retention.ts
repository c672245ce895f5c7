/** Retention (decision 068): the keep link of a warning mail, and the periods the privacy page states. */
import { z } from 'zod';
import { MESSAGES } from '../messages';

const token = z
  .string({ error: MESSAGES.retentionLinkInvalid })
  .min(1, MESSAGES.retentionLinkInvalid)
  .max(200, MESSAGES.retentionLinkInvalid);

/** POST /api/retention/keep/ {token}; GET /api/retention/keep/?token= asks the same token. */
export const ZRetentionTokenSchema = z.object({ token });
export type TRetentionToken = z.infer<typeof ZRetentionTokenSchema>;

export const RETENTION_KINDS = ['account', 'cv'] as const;
export type TRetentionKind = (typeof RETENTION_KINDS)[number];

/** What a warning's link would keep, and when it would otherwise be erased (ISO). */
export const ZRetentionNoticeSchema = z.object({
  kind: z.enum(RETENTION_KINDS),
  erases_at: z.string(),
});
export type TRetentionNotice = z.infer<typeof ZRetentionNoticeSchema>;

export const ZRetentionKeptSchema = z.object({ kind: z.enum(RETENTION_KINDS), message: z.string() });
export type TRetentionKept = z.infer<typeof ZRetentionKeptSchema>;

/** GET /api/privacy/retention/: the configured periods, as the privacy page states them. */
export const ZRetentionPeriodsSchema = z.object({
  contact_days: z.number().int(),
  account_inactivity_months: z.number().int(),
  cv_months: z.number().int(),
  warning_days: z.number().int(),
  read_notification_months: z.number().int(),
  sent_mail_days: z.number().int(),
  audit_days: z.number().int(),
});
export type TRetentionPeriods = z.infer<typeof ZRetentionPeriodsSchema>;

/**
 * The periods' defaults: the server's settings fall back to them (config.ts), and the privacy page states them while
 * the configured ones load or when they cannot be read.
 */
export const RETENTION_DEFAULTS = {
  contact_days: 90,
  account_inactivity_months: 24,
  cv_months: 24,
  warning_days: 30,
  read_notification_months: 12,
  sent_mail_days: 30,
  audit_days: 730,
} as const satisfies TRetentionPeriods;
