/**
 * What a browser's push subscription may be (decision 096). The endpoint is where the server will POST, so its host is
 * the SSRF guard: only the push services browsers use (FCM for Chrome and Edge on Android, Mozilla's autopush, Apple's,
 * Windows'), over https. A test adds its local endpoint by the app's option (`TAppDeps.push.extraOrigins`), never a
 * server by default. The keys must be what RFC 8291 encrypts with: a P-256 point and a 16-byte secret.
 */
import { createECDH } from 'node:crypto';
import { PUSH_MESSAGES, type TPushSubscriptionInput } from '@farmaponte/shared';
import { badRequest } from '../../lib/errors';

/** An exact host, or a suffix (`.push.apple.com`: any host under it). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  '.push.services.mozilla.com',
  '.push.apple.com',
  '.notify.windows.com',
] as const;

function knownPushHost(host: string): boolean {
  return PUSH_SERVICE_HOSTS.some((allowed) => (allowed.startsWith('.') ? host.endsWith(allowed) : host === allowed));
}

/**
 * Whether the server may send to this endpoint: https on a known push service's host, default port, no credentials;
 * or an address under one of `extraOrigins` (a test's local push service).
 */
export function isAllowedEndpoint(endpoint: string, extraOrigins: readonly string[] = []): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  if (extraOrigins.includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && knownPushHost(url.hostname.toLowerCase());
}

/** One ECDH of ours, to check a browser's key is a point of the curve (OpenSSL refuses any other). */
const probe = createECDH('prime256v1');
probe.generateKeys();

function isCurvePoint(key: Buffer): boolean {
  if (key.length !== 65 || key[0] !== 0x04) return false;
  try {
    probe.computeSecret(key);
    return true;
  } catch {
    return false;
  }
}

/** The keys of PushSubscription.toJSON(), base64url with or without padding. */
const decode = (value: string) => Buffer.from(value.replace(/=+$/, ''), 'base64url');

/** A subscription the server can send to, with its keys in base64url without padding; else 400 with the field's message. */
export function checkSubscription(input: TPushSubscriptionInput, extraOrigins: readonly string[]): TPushSubscriptionInput {
  if (!isAllowedEndpoint(input.endpoint, extraOrigins))
    throw badRequest(PUSH_MESSAGES.endpointNotAllowed, 'push_endpoint_not_allowed', {
      endpoint: PUSH_MESSAGES.endpointNotAllowed,
    });
  const p256dh = decode(input.keys.p256dh);
  const auth = decode(input.keys.auth);
  if (!isCurvePoint(p256dh))
    throw badRequest(PUSH_MESSAGES.keysInvalid, 'push_keys_invalid', { 'keys.p256dh': PUSH_MESSAGES.keysInvalid });
  if (auth.length !== 16)
    throw badRequest(PUSH_MESSAGES.keysInvalid, 'push_keys_invalid', { 'keys.auth': PUSH_MESSAGES.keysInvalid });
  return { endpoint: input.endpoint, keys: { p256dh: p256dh.toString('base64url'), auth: auth.toString('base64url') } };
}
