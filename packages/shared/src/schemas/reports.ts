/** Reports, the admins' desk and suspensions (decision 062). */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { ZRoleSchema, zId, zText } from './common';

export const REPORT_TARGET_TYPES = ['offer', 'user'] as const;
export const REPORT_REASONS = ['fake', 'inappropriate', 'spam', 'other'] as const;
/** What an admin chooses when resolving a report on the desk. */
export const REPORT_ACTIONS = ['dismiss', 'hide_offer', 'suspend_user'] as const;
/** How a report was resolved: a desk action, or the review it names hidden (decision 074). */
export const REPORT_RESOLVED_ACTIONS = [...REPORT_ACTIONS, 'hide_review'] as const;
export type TReportTargetType = (typeof REPORT_TARGET_TYPES)[number];
export type TReportReason = (typeof REPORT_REASONS)[number];
export type TReportAction = (typeof REPORT_ACTIONS)[number];
export type TReportResolvedAction = (typeof REPORT_RESOLVED_ACTIONS)[number];

/** POST /api/reports/: details are optional, except with the reason `other`. */
export const ZReportInputSchema = z
  .object({
    target_type: z.enum(REPORT_TARGET_TYPES, { error: MESSAGES.reportTargetInvalid }),
    target_id: zId,
    reason: z.enum(REPORT_REASONS, { error: MESSAGES.reportReasonInvalid }),
    details: zText(LIMITS.reportDetailsMaxLength, MESSAGES.reportDetailsTooLong).optional(),
    /** 'Segnala' on a message of an application's thread (decision 072): the person reported is its author. */
    message_id: zId.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.message_id !== undefined && value.target_type !== 'user')
      ctx.addIssue({ code: 'custom', path: ['message_id'], message: MESSAGES.reportTargetInvalid });
    if (value.reason === 'other' && !value.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: MESSAGES.reportDetailsRequired });
  });
export type TReportInput = z.infer<typeof ZReportInputSchema>;

export const ZReportCreatedSchema = z.object({ id: z.number(), message: z.string() });
export type TReportCreated = z.infer<typeof ZReportCreatedSchema>;

export const ZReportStatusSchema = z.enum(['open', 'resolved']);
export const ZReportsQuerySchema = z.object({
  status: z.preprocess((v) => (v === '' || v == null ? 'open' : v), ZReportStatusSchema),
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIMITS.reportsMaxPageSize).default(LIMITS.reportsPageSize),
});
export type TReportsQuery = z.infer<typeof ZReportsQuerySchema>;

/** What the desk shows of a report's target: the offer (while it exists) and the person it is about. */
export const ZReportTargetSchema = z.object({
  /** The offer's title, or the user's name; '' when the offer is gone. */
  label: z.string(),
  offer_status: z.string().nullable(),
  offer_hidden: z.boolean(),
  user_id: z.number().nullable(),
  user_email: z.string().nullable(),
  user_name: z.string().nullable(),
  user_role: ZRoleSchema.nullable(),
  /** The person's verification (owners' approval, pharmacists' albo check): pending, verified, rejected, or null. */
  verification_status: z.string().nullable(),
  suspended: z.boolean(),
});

/** The review a report of a review names (decision 074): what the desk shows of it, and whether it is hidden already. */
export const ZReportReviewSchema = z.object({
  id: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  offer_title: z.string(),
  hidden: z.boolean(),
});
export type TReportReview = z.infer<typeof ZReportReviewSchema>;

export const ZAdminReportSchema = z.object({
  id: z.number(),
  target_type: z.enum(REPORT_TARGET_TYPES),
  target_id: z.number(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  status: ZReportStatusSchema,
  created_at: z.string(),
  reporter_email: z.string(),
  target: ZReportTargetSchema,
  /** The review reported, for a 'Segnala' on a review; null otherwise, or once the review is gone. */
  review: ZReportReviewSchema.nullable(),
  /** Reports about the same person already resolved, and how: the history the desk weighs. */
  earlier_reports: z.number(),
  earlier_actions: z.array(z.string()),
  resolved_action: z.enum(REPORT_RESOLVED_ACTIONS).nullable(),
  resolved_note: z.string().nullable(),
  resolved_at: z.string().nullable(),
});
export type TAdminReport = z.infer<typeof ZAdminReportSchema>;

export const ZAdminReportsPageSchema = z.object({
  count: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZAdminReportSchema),
});
export type TAdminReportsPage = z.infer<typeof ZAdminReportsPageSchema>;

export const ZReportIdParamsSchema = z.object({ id: zId });

export const ZReportResolutionSchema = z.object({
  action: z.enum(REPORT_ACTIONS, { error: MESSAGES.reportActionInvalid }),
  note: zText(LIMITS.suspensionReasonMaxLength, MESSAGES.reportNoteTooLong),
});
export type TReportResolution = z.infer<typeof ZReportResolutionSchema>;

export const ZReportResolvedSchema = z.object({ message: z.string(), resolved: z.number() });
export type TReportResolved = z.infer<typeof ZReportResolvedSchema>;

export const ZSuspensionSchema = z.object({
  reason: zText(LIMITS.suspensionReasonMaxLength, MESSAGES.suspendReasonTooLong).refine(
    (v) => v.length > 0,
    MESSAGES.suspendReasonRequired,
  ),
});
export type TSuspension = z.infer<typeof ZSuspensionSchema>;
