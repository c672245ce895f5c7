/**
 * Reviews after the shift (decisions 073 and 074): each side of an accepted application reviews the other once, within
 * LIMITS.reviewWindowDays of the shift's end; both are published together (double blind).
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { REVIEW_MESSAGES } from '../review-messages';
import { ZRatingSummarySchema, zId, zText } from './common';
import { REPORT_REASONS } from './reports';

const zScore = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(5, message);
const zOptionalScore = z.preprocess((v) => (v === '' ? undefined : v), zScore(REVIEW_MESSAGES.score).optional());

export const ZReviewParamsSchema = z.object({ id: zId });

/**
 * POST /api/applications/{id}/review/: the overall rating, an optional comment, and the author's side's questions (the
 * owner: punctuality, communication, handover, would hire again; the pharmacist: welcome, task clarity, pay as agreed).
 * The other side's questions are dropped by the server.
 */
export const ZReviewInputSchema = z.object({
  rating: zScore(REVIEW_MESSAGES.rating),
  comment: zText(LIMITS.reviewCommentMaxLength, REVIEW_MESSAGES.commentTooLong).optional(),
  punctuality: zOptionalScore,
  communication: zOptionalScore,
  handover: zOptionalScore,
  would_hire_again: z.boolean({ error: REVIEW_MESSAGES.wouldHireAgain }).optional(),
  welcome: zOptionalScore,
  task_clarity: zOptionalScore,
  pay_as_agreed: zOptionalScore,
});
export type TReviewInput = z.infer<typeof ZReviewInputSchema>;

/** POST /api/reviews/{id}/reply/: the subject's one reply. */
export const ZReviewReplyInputSchema = z.object({
  reply: zText(LIMITS.reviewReplyMaxLength, REVIEW_MESSAGES.replyTooLong).refine(Boolean, REVIEW_MESSAGES.replyEmpty),
});
export type TReviewReplyInput = z.infer<typeof ZReviewReplyInputSchema>;

/** POST /api/admin/reviews/{id}/hide/: the admin's reason. */
export const ZReviewHideInputSchema = z.object({
  reason: zText(LIMITS.reportDetailsMaxLength, MESSAGES.reportDetailsTooLong).refine(Boolean, REVIEW_MESSAGES.hideReason),
});
export type TReviewHideInput = z.infer<typeof ZReviewHideInputSchema>;

/** POST /api/reviews/{id}/report/: like a report of a person (decision 062), details required with `other`. */
export const ZReviewReportInputSchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { error: MESSAGES.reportReasonInvalid }),
    details: zText(LIMITS.reportDetailsMaxLength, MESSAGES.reportDetailsTooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.details)
      ctx.addIssue({ code: 'custom', path: ['details'], message: MESSAGES.reportDetailsRequired });
  });
export type TReviewReportInput = z.infer<typeof ZReviewReportInputSchema>;

/** GET /api/users/{id}/reviews/?page&page_size */
export const ZReviewsQuerySchema = z.object({
  page: z.coerce.number({ error: MESSAGES.invalidInput }).int(MESSAGES.invalidInput).min(1, MESSAGES.invalidInput).default(1),
  page_size: z.coerce
    .number({ error: MESSAGES.invalidInput })
    .int(MESSAGES.invalidInput)
    .min(1, MESSAGES.invalidInput)
    .max(LIMITS.reviewsMaxPageSize, MESSAGES.invalidInput)
    .default(LIMITS.reviewsPageSize),
});
export type TReviewsQuery = z.infer<typeof ZReviewsQuerySchema>;

export const REVIEW_AUTHOR_ROLES = ['titolare', 'farmacista'] as const;

/** A review as answered: published ones to anyone allowed, an unpublished one only to its author. */
export const ZReviewSchema = z.object({
  id: z.number(),
  application_id: z.number(),
  author_role: z.enum(REVIEW_AUTHOR_ROLES),
  /** The pharmacy's name (an owner's review) or the pharmacist's first name and initial. */
  author_name: z.string(),
  subject_id: z.number(),
  offer_title: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  punctuality: z.number().nullable(),
  communication: z.number().nullable(),
  handover: z.number().nullable(),
  would_hire_again: z.boolean().nullable(),
  welcome: z.number().nullable(),
  task_clarity: z.number().nullable(),
  pay_as_agreed: z.number().nullable(),
  created_at: z.string(),
  /** Null while waiting for the other side (only its author sees it then). */
  published_at: z.string().nullable(),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
});
export type TReview = z.infer<typeof ZReviewSchema>;

/** GET /api/users/{id}/reviews/ */
export const ZReviewsPageSchema = ZRatingSummarySchema.extend({ results: z.array(ZReviewSchema) });
export type TReviewsPage = z.infer<typeof ZReviewsPageSchema>;

/** An application's review as its two sides see it: the window, one's own review, the other's once published. */
export const ZApplicationReviewSchema = z.object({
  application_id: z.number(),
  offer_title: z.string(),
  /** The other side: whom the review is about. */
  subject: z.object({ id: z.number(), name: z.string(), role: z.enum(REVIEW_AUTHOR_ROLES) }),
  my_role: z.enum(REVIEW_AUTHOR_ROLES),
  /** When the shift ended and when the window closes (ISO), null for an offer without dates. */
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
  can_review: z.boolean(),
  mine: ZReviewSchema.nullable(),
  theirs: ZReviewSchema.nullable(),
});
export type TApplicationReview = z.infer<typeof ZApplicationReviewSchema>;

/** GET /api/reviews/pending/: the shifts one may review now (window open, not yet written). */
export const ZPendingReviewsSchema = z.object({ results: z.array(ZApplicationReviewSchema) });
export type TPendingReviews = z.infer<typeof ZPendingReviewsSchema>;

export const ZReviewSavedSchema = z.object({ message: z.string(), review: ZReviewSchema });
export type TReviewSaved = z.infer<typeof ZReviewSavedSchema>;
