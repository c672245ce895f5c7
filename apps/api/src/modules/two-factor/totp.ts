/**
 * The authenticator app's codes (RFC 6238 through otpauth: SHA-1, 6 digits, 30 s) and the recovery codes, with no SQL.
 * A code is checked against the step before, the current one and the one after (a phone's clock a little off), and
 * answers the step it matched, which the caller records so that no step is accepted twice.
 */
import { createHash, randomInt } from 'node:crypto';
import { LIMITS } from '@farmaponte/shared';
import { Secret, TOTP } from 'otpauth';

const PERIOD_SECONDS = 30;
const ISSUER = 'Farmaponte';

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: ISSUER, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });

/** A new secret (160 bits, base32) and the otpauth:// URI an app reads from its QR code. */
export function newSecret(accountLabel: string): { secret: string; uri: string } {
  const secret = new Secret({ size: 20 }).base32;
  return { secret, uri: totpOf(secret, accountLabel).toString() };
}

/** Six digits (spaces ignored) that the app shows within one step of now: the step they belong to, else undefined. */
export function matchingStep(secret: string, typed: string, now: Date): number | undefined {
  const token = typed.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret).validate({ token, timestamp: now.getTime(), window: 1 });
  if (delta === null) return undefined;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

/** Looks like an app's code (six digits), not a recovery code. */
export const isAppCode = (typed: string) => /^\d{6}$/.test(typed.replace(/\s/g, ''));

// No 0/o, 1/l/i: a code read from paper is typed back without doubt.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_LENGTH = 10;

/** Ten recovery codes as shown to the user: `xxxxx-xxxxx` (ten characters from 31, about 49 bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: LIMITS.recoveryCodeCount }, () => {
    const chars = Array.from({ length: RECOVERY_LENGTH }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** The stored form of a recovery code as typed (case, spaces and dashes ignored), or undefined when it cannot be one. */
export function recoveryCodeHash(typed: string): string | undefined {
  const normalised = typed.toLowerCase().replace(/[\s-]/g, '');
  if (normalised.length !== RECOVERY_LENGTH || ![...normalised].every((c) => RECOVERY_ALPHABET.includes(c))) return undefined;
  return createHash('sha256').update(normalised).digest('hex');
}
