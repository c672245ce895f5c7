import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TConfig } from '../config';

/** JWT_SECRET from env; in embedded mode a random one is generated once and kept under DATA_DIR. */
export function resolveJwtSecret(config: TConfig): string {
  if (config.JWT_SECRET) return config.JWT_SECRET;
  if (config.DATABASE_URL)
    throw new Error('JWT_SECRET is required with DATABASE_URL: every instance must sign tokens with the same key.');
  const file = join(config.dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The server's Web Push identity (decision 096): its VAPID key pair, base64url, and the subject the push services see. */
export interface TVapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** A new P-256 pair in the base64url shapes VAPID uses: the uncompressed public point (65 bytes), the private scalar (32). */
export function generateVapidKeys(): Pick<TVapidKeys, 'publicKey' | 'privateKey'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  // The scalar as 32 bytes: OpenSSL drops its leading zero bytes.
  const scalar = ecdh.getPrivateKey();
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: privateKey.toString('base64url') };
}

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY from env (a fleet sets them, so every instance signs alike); otherwise a pair
 * generated once into DATA_DIR/vapid-keys.json (0600). Written whole to a file of its own and linked into place, which
 * fails when the name exists: two workers starting at once keep the one linked first and never read half a file. A browser subscribed with one public key receives nothing signed by another, so the file is kept.
 */
export function resolveVapidKeys(config: TConfig): TVapidKeys {
  const subject = config.VAPID_SUBJECT;
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject };
  const file = join(config.dataDir, 'vapid-keys.json');
  mkdirSync(config.dataDir, { recursive: true });
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(draft, JSON.stringify(generateVapidKeys()), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string')
    throw new Error(`${file} holds no VAPID key pair: delete it to have a new one generated (browsers then subscribe again).`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject };
}
