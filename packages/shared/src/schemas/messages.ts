/** One thread per application, and the live stream that tells the browser what changed (decision 072). */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { THREAD_MESSAGES } from '../ui-text-messages';
import { zId, zText } from './common';

/** POST /api/applications/{id}/messages/: 1–2,000 characters once trimmed, no control characters. */
export const ZMessageInputSchema = z.object({
  body: zText(LIMITS.messageMaxLength, THREAD_MESSAGES.messageTooLong).refine(
    (text) => text.length > 0,
    THREAD_MESSAGES.messageRequired,
  ),
});
export type TMessageInput = z.input<typeof ZMessageInputSchema>;

/** GET /api/applications/{id}/messages/?before&page_size: the newest page, or the page before the message `before`. */
export const ZMessagesQuerySchema = z.object({
  before: zId.optional(),
  page_size: z.coerce.number().int().min(1).max(LIMITS.messagesMaxPageSize).default(LIMITS.messagesPageSize),
});
export type TMessagesQuery = z.infer<typeof ZMessagesQuerySchema>;

export const ZThreadMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** Written by the reader; otherwise by the other side of the application. */
  mine: z.boolean(),
  /** Read by its recipient (for the reader's own messages: the other side has opened the thread since). */
  read: z.boolean(),
  created_at: z.string(),
  /** Who of the pharmacy's staff wrote it (decision 089), by name; null for the pharmacist's and older messages. */
  author_name: z.string().nullable().optional(),
});
export type TThreadMessage = z.infer<typeof ZThreadMessageSchema>;

export const ZThreadSchema = z.object({
  application_id: z.number(),
  offer_title: z.string(),
  /** The other side as the reader knows them: the pharmacy's name for the pharmacist, the applicant's for the owner. */
  other_name: z.string(),
  /** The other side's account id: 'Segnala' on their messages reports them. */
  other_id: z.number(),
  /** Whether a message may still be written; a closed thread stays readable. */
  open: z.boolean(),
  /** When the thread closes (or closed); null while it has no end (an offer without a last day, application live). */
  closes_at: z.string().nullable(),
  /** Newest last. */
  results: z.array(ZThreadMessageSchema),
  /** The page of older messages, or null when this page holds the first message. */
  older: z.string().nullable(),
});
export type TThread = z.infer<typeof ZThreadSchema>;

/** GET /api/messages/unread/: messages waiting for the reader, in all and by application. */
export const ZMessagesUnreadSchema = z.object({
  total: z.number(),
  by_application: z.array(z.object({ application_id: z.number(), count: z.number() })),
});
export type TMessagesUnread = z.infer<typeof ZMessagesUnreadSchema>;

/** The live stream's events (GET /api/events/): kinds and ids, in a module of their own the browser imports. */
export { LIVE_EVENT_TYPES, LIVE_READY_EVENT, type TLiveEventData, type TLiveEventType } from '../live-events';
