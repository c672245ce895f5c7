/** Environment parsed once at boot; nothing else reads process.env. Defaults make `npm start` work with nothing set. */
import { resolve } from 'node:path';
import { z } from 'zod';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());

export const ZConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl,
  /** Unset: derived from HOST and the port the server really listens on (lib/public-url.ts). */
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Farmaponte <no-reply@farmaponte.it>'),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  REDIS_URL: optionalUrl,
  WEB_DIST: z.string().default(resolve(import.meta.dirname, '../../web/dist')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
  /** Failed logins (or reset requests) one e-mail may make per window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Requests one IP may make to login/forgot per window: generous, a pharmacy's staff share one address. */
  AUTH_MAX_PER_IP: z.coerce.number().int().positive().default(100),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** On SIGTERM, how long in-flight requests may take before the remaining connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  TRUST_PROXY: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
});

export type TConfig = z.infer<typeof ZConfigSchema> & { dataDir: string };

export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const parsed = ZConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  return { ...parsed.data, dataDir: resolve(parsed.data.DATA_DIR) };
}
