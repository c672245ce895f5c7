import { z } from 'zod';
import { LIMITS } from '../limits';
import { MESSAGES } from '../messages';
import { zId } from './common';

/**
 * What a notification is about, and who receives it: the owner (application_received, application_withdrawn), the
 * pharmacist (application_accepted, application_rejected, application_cancelled, offer_closed, offer_deleted).
 */
export const NOTIFICATION_TYPES = [
  'application_received',
  'application_withdrawn',
  'application_accepted',
  'application_rejected',
  'application_cancelled',
  /** Her waiting applications for the same hours, withdrawn when she was confirmed for a shift (to the pharmacist). */
  'applications_withdrawn_booked',
  'offer_closed',
  'offer_deleted',
  /** New offers for one of the pharmacist's saved searches (decision 026). */
  'offer_alert',
  /** A verified albo entry due for its yearly check is pending again (decision 050). */
  'albo_recheck',
  /** An admin approved or rejected the user's verification (decision 049). */
  'verification_approved',
  'verification_rejected',
  /** Find each other (decision 069): an owner invited the pharmacist to an offer; the pharmacist answered. */
  'invitation_received',
  'invitation_accepted',
  'invitation_declined',
  /** A new message in an application's thread (at most one mail per thread every 15 minutes). */
  'message_received',
  /** After the shift (decision 073): the reminder the day before, the invitation to review, a review published. */
  'shift_reminder',
  'review_request',
  'review_published',
  /** The pharmacist corrected the hours worked (to the owner); the owner confirmed or disputed them (to the pharmacist). */
  'hours_submitted',
  'hours_answered',
  /** Her professional insurance ends within INSURANCE.reminderDays (decision 093), once per expiry (to the pharmacist). */
  'insurance_expiring',
  /** The contract of a freelance engagement (decision 093): a version to confirm or a new one (to the pharmacist), both confirmed (to both). */
  'contract_to_confirm',
  'contract_updated',
  'contract_confirmed',
  /**
   * A negotiation on the pay (decision 094): her proposal (to the owner), the owner's answer to it (to the pharmacist),
   * her answer to the owner's counter (to the owner).
   */
  'proposal_received',
  'proposal_decided',
  'counter_decided',
  /**
   * From hours to invoice (decision 095): her invoice issued (to the pharmacy), marked paid (to her), past its due day
   * and unpaid (to the pharmacy, once).
   */
  'invoice_issued',
  'invoice_paid',
  'invoice_overdue',
  /** An owner marked a shift urgent (decision 096): the pharmacists free that day within their radius (push, then mail). */
  'urgent_shift',
] as const;
export const ZNotificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationTypeSchema>;

export const ZNotificationSchema = z.object({
  id: z.number(),
  type: ZNotificationTypeSchema,
  title: z.string(),
  body: z.string(),
  /** The page it is about, as a path of the web app (`/mie_candidature`, `/candidature?offer_id=3`). */
  link: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotificationSchema>;

/** GET /api/notifications/?page&page_size: newest first, paged like /api/users/all/, with the unread total. */
export const ZNotificationsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(LIMITS.notificationsMaxPageSize).default(LIMITS.notificationsPageSize),
});
export type TNotificationsQuery = z.infer<typeof ZNotificationsQuerySchema>;

export const ZNotificationsPageSchema = z.object({
  count: z.number(),
  unread: z.number(),
  /** Messages of the user's application threads not read yet (decision 072), apart from the notifications. */
  messages_unread: z.number(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(ZNotificationSchema),
});
export type TNotificationsPage = z.infer<typeof ZNotificationsPageSchema>;

/** POST /api/notifications/read/: `{ids}` marks those (only one's own count), no body (or no ids) marks all. */
export const ZNotificationsReadInputSchema = z
  .object({ ids: z.array(zId).max(LIMITS.notificationsReadMaxIds, MESSAGES.invalidInput).optional() })
  .nullish()
  .transform((body) => ({ ids: body?.ids }));
export type TNotificationsReadInput = z.input<typeof ZNotificationsReadInputSchema>;

export const ZNotificationsReadSchema = z.object({ message: z.string(), unread: z.number() });
export type TNotificationsRead = z.infer<typeof ZNotificationsReadSchema>;

/** E-mail on or off for each type (every type is on until turned off). */
export const ZEmailPreferencesSchema = z.object(
  Object.fromEntries(NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<TNotificationType, z.ZodBoolean>,
);
/** GET /api/notifications/preferences/ and the answer of PUT. */
export const ZNotificationPreferencesSchema = z.object({ email: ZEmailPreferencesSchema });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferencesSchema>;

/** PUT /api/notifications/preferences/: the types named change, the others stay as they are. */
export const ZNotificationPreferencesInputSchema = z.object({
  email: ZEmailPreferencesSchema.partial(),
});
export type TNotificationPreferencesInput = z.infer<typeof ZNotificationPreferencesInputSchema>;

/** GET/POST /api/notifications/unsubscribe/?token=…: the signed one-click link of an e-mail (no login). */
export const ZUnsubscribeQuerySchema = z.object({ token: z.string().max(1000).default('') });
