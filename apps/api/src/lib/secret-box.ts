/**
 * Encrypts the few secrets the server must read back (the authenticator secrets of the two-step login, decision 063)
 * with a key derived from the server's secret (JWT_SECRET, lib/secrets.ts): AES-256-GCM, a fresh IV each time, and the
 * row the value belongs to as associated data, so a value copied to another row does not open. A stolen database
 * alone gives no secret; the server's secret and the database together give them all.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export function createSecretBox(serverSecret: string) {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'farmaponte', 'secret-box v1', 32));
  return {
    /** The value sealed for this context (e.g. `two-factor:<user id>`): `v1.<iv>.<tag>.<ciphertext>`, base64url. */
    seal(plain: string, context: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    /** The plain value, or undefined when it was sealed with another key or context, or is not a sealed value. */
    open(sealed: string, context: string): string | undefined {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url')).setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return undefined;
      }
    },
  };
}
export type TSecretBox = ReturnType<typeof createSecretBox>;
