import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
