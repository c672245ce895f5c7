import { z } from 'zod';
import { PUSH_MESSAGES } from '../messages-push';
import type { TRole } from './common';
import type { TNotificationType } from './notifications';

/**
 * What a push carries to the service worker (decision 096), encrypted for the browser (RFC 8291): the notification's
 * type, its title and sentence, the page it opens (a path of the site) and a tag, so a newer push about the same thing
 * replaces the older one on the phone's screen.
 */
export interface TPushPayload {
  type: TNotificationType;
  title: string;
  body: string;
  /** A path of the site ('/mie_candidature'), opened when the notification is tapped. */
  url: string;
  tag: string;
}

/**
 * The types that may reach a phone (decision 096): what cannot wait for the next visit. `application_received` reaches
 * an owner only when the offer is urgent (the hiring subscriber says so); the others always, unless turned off.
 */
export const PUSH_NOTIFICATION_TYPES = [
  'invitation_received',
  'application_accepted',
  'application_rejected',
  'application_cancelled',
  'message_received',
  'shift_reminder',
  'urgent_shift',
  'application_received',
] as const satisfies readonly TNotificationType[];
export type TPushNotificationType = (typeof PUSH_NOTIFICATION_TYPES)[number];

/** The pushed types each role receives: a pharmacist's news, an owner's messages, reminders and urgent applications. */
export const PUSH_TYPES_BY_ROLE: Record<TRole, readonly TPushNotificationType[]> = {
  farmacista: [
    'invitation_received',
    'application_accepted',
    'application_rejected',
    'application_cancelled',
    'message_received',
    'shift_reminder',
    'urgent_shift',
  ],
  titolare: ['application_received', 'message_received', 'shift_reminder'],
  admin: [],
};

export function isPushNotificationType(type: string): type is TPushNotificationType {
  return (PUSH_NOTIFICATION_TYPES as readonly string[]).includes(type);
}

/** The longest endpoint a push service gives (FCM's are about 200 characters, Apple's and Mozilla's shorter). */
const ENDPOINT_MAX_LENGTH = 1000;

/** A base64url key of PushSubscription.toJSON() (padding tolerated); its decoded length is checked by the server. */
const zBase64Url = z
  .string({ error: PUSH_MESSAGES.keysInvalid })
  .max(200, PUSH_MESSAGES.keysInvalid)
  .regex(/^[A-Za-z0-9_-]+={0,2}$/, PUSH_MESSAGES.keysInvalid);

/** A push endpoint: an address of a known push service, which the server checks against its allow-list. */
const zEndpoint = z
  .string({ error: PUSH_MESSAGES.endpointInvalid })
  .trim()
  .min(1, PUSH_MESSAGES.endpointInvalid)
  .max(ENDPOINT_MAX_LENGTH, PUSH_MESSAGES.endpointInvalid);

/** POST /api/push/subscriptions/: what PushSubscription.toJSON() gives (expirationTime and the rest are ignored). */
export const ZPushSubscriptionInputSchema = z.object({
  endpoint: zEndpoint,
  keys: z.object({ p256dh: zBase64Url, auth: zBase64Url }, { error: PUSH_MESSAGES.keysInvalid }),
});
export type TPushSubscriptionInput = z.infer<typeof ZPushSubscriptionInputSchema>;

/** DELETE /api/push/subscriptions/: the endpoint this browser stops receiving on. */
export const ZPushUnsubscribeInputSchema = z.object({ endpoint: zEndpoint });
export type TPushUnsubscribeInput = z.infer<typeof ZPushUnsubscribeInputSchema>;

/** GET /api/push/key/: the server's VAPID public key (base64url), the browser's applicationServerKey. */
export const ZPushKeySchema = z.object({ public_key: z.string() });
export type TPushKey = z.infer<typeof ZPushKeySchema>;

/** The answer of a subscription saved or removed. */
export const ZPushSubscriptionSavedSchema = z.object({ message: z.string() });

/** Push on or off for each pushed type (every type is on until turned off). */
export const ZPushTypePreferencesSchema = z.object(
  Object.fromEntries(PUSH_NOTIFICATION_TYPES.map((type) => [type, z.boolean()])) as Record<TPushNotificationType, z.ZodBoolean>,
);
/** GET /api/push/preferences/ and the answer of PUT: the switches, and how many browsers of the user receive pushes. */
export const ZPushPreferencesSchema = z.object({ push: ZPushTypePreferencesSchema, devices: z.number() });
export type TPushPreferences = z.infer<typeof ZPushPreferencesSchema>;

/** PUT /api/push/preferences/: the types named change, the others stay as they are. */
export const ZPushPreferencesInputSchema = z.object({ push: ZPushTypePreferencesSchema.partial().strict() });
export type TPushPreferencesInput = z.infer<typeof ZPushPreferencesInputSchema>;
