/** Environment parsed once at boot; nothing else reads process.env. Defaults make `npm start` work with nothing set. */
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { RETENTION_DEFAULTS, UI_TEXT } from '@farmaponte/shared';
import { z } from 'zod';
import { apiPath } from './lib/api-root';
import { tileUrlProblem } from './lib/tiles';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** A comma-separated list; unset or empty: none. */
const commaList = () =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      ),
  );

const optionalUrl = z.preprocess(emptyToUndefined, z.string().url().optional());

/** A whole number in [min, max], refused in one line (after the variable's name) in Italian and English with the range. */
function wholeNumber(min: number, max: number, what: string, fallback: number) {
  const message = `deve essere un numero intero da ${min} a ${max} (${what}) / must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).default(fallback),
  );
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as Fastify accepts them. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  // A prefix length, or (IPv4 only) a dotted netmask, as proxy-addr takes them.
  if (/^\d{1,3}$/.test(prefix)) return Number(prefix) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(prefix) === 4;
}

/**
 * Which reverse proxies in front of the server are trusted to say the client's address (X-Forwarded-For), in the
 * shapes Fastify's `trustProxy` takes: a hop count, or a comma-separated list of proxy addresses, CIDR ranges and
 * proxy-addr's names. Trusting every hop would take the left-most address, which the client writes itself, so
 * `true` means one hop (the proxy the server sees), never "trust everything". Unset or `false`: no proxy.
 */
const ZTrustProxySchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string => {
      const trimmed = value.trim();
      if (trimmed === 'false' || trimmed === '0') return false;
      if (trimmed === 'true') return 1;
      if (/^\d+$/.test(trimmed)) return Number(trimmed);
      const entries = trimmed.split(',').map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isProxyAddress(entry));
      if (!wrong.length) return entries.join(',');
      ctx.addIssue({
        code: 'custom',
        message: `expected a number of proxy hops (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,127.0.0.1); not an address: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }),
);

const EMAIL = /^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/;

/**
 * Where security researchers write (security.txt's Contact, RFC 9116): a mailto: or https:// address, or a bare e-mail
 * address (taken as mailto:). Unset: the contact address the site's footer shows.
 */
const ZSecurityContactSchema = z.preprocess(
  emptyToUndefined,
  z
    .string()
    .default(`mailto:${UI_TEXT.contactEmail}`)
    .transform((value, ctx) => {
      const trimmed = value.trim();
      if (EMAIL.test(trimmed)) return `mailto:${trimmed}`;
      if (/^mailto:/i.test(trimmed) && EMAIL.test(trimmed.slice('mailto:'.length))) return trimmed;
      if (/^https:\/\/[^\s/]+/i.test(trimmed) && URL.canParse(trimmed)) return trimmed;
      ctx.addIssue({
        code: 'custom',
        message: `expected an e-mail address, mailto:address or https:// address (e.g. mailto:security@example.it); got: ${trimmed}`,
      });
      return z.NEVER;
    }),
);

export const ZConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * The embedded database, the generated JWT key and the filed mails. Unset: the repository's data/ folder, whatever
   * folder the command runs in (npm runs a workspace's scripts in apps/api). A relative path is taken from the folder
   * the command was typed in (see dataDirOf).
   */
  DATA_DIR: z.string().default(apiPath('../../data')),
  DATABASE_URL: optionalUrl,
  /** Unset: derived from HOST and the port the server really listens on (lib/public-url.ts). */
  PUBLIC_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Farmaponte <no-reply@farmaponte.it>'),
  /** SMTP connections kept open and sending at once, by the outbox and the direct mails (docs/decisions/042). */
  SMTP_MAX_CONNECTIONS: wholeNumber(1, 50, 'connessioni SMTP aperte insieme / SMTP connections open at once', 5),
  /** Days an admin audit log entry is kept before the nightly audit-prune job deletes it (docs/decisions/061). */
  AUDIT_RETENTION_DAYS: wholeNumber(
    30,
    36_500,
    'giorni di conservazione del registro attività / days audit entries are kept',
    RETENTION_DEFAULTS.audit_days,
  ),
  /**
   * How long we keep what a user gave us (docs/decisions/065; the privacy page states each one). An owner sees an
   * applicant's phone, residence and CV while the application is open and this many days after the offer's last day.
   */
  CONTACT_RETENTION_DAYS: wholeNumber(
    1,
    3650,
    "giorni in cui il titolare vede i contatti dopo l'ultimo giorno / days an owner keeps an applicant's contact data",
    RETENTION_DEFAULTS.contact_days,
  ),
  /** Months without a login after which an account is erased (after a warning). */
  ACCOUNT_INACTIVITY_MONTHS: wholeNumber(
    1,
    120,
    'mesi senza accesso prima della cancellazione / months without login before erasure',
    RETENTION_DEFAULTS.account_inactivity_months,
  ),
  /** Months without an update after which a CV is deleted (after a warning). */
  CV_RETENTION_MONTHS: wholeNumber(
    1,
    120,
    'mesi senza aggiornamento del CV / months a CV is kept without an update',
    RETENTION_DEFAULTS.cv_months,
  ),
  /** Days between the warning mail and the erasure it announces. */
  RETENTION_WARNING_DAYS: wholeNumber(
    1,
    365,
    "giorni tra l'avviso e la cancellazione / days between warning and erasure",
    RETENTION_DEFAULTS.warning_days,
  ),
  /** Months a read notification is kept. */
  READ_NOTIFICATION_RETENTION_MONTHS: wholeNumber(
    1,
    120,
    'mesi di conservazione delle notifiche lette / months read notifications are kept',
    RETENTION_DEFAULTS.read_notification_months,
  ),
  /** Days a sent mail stays in the outbox. */
  SENT_MAIL_RETENTION_DAYS: wholeNumber(
    1,
    3650,
    'giorni di conservazione delle mail inviate / days sent mails are kept',
    RETENTION_DEFAULTS.sent_mail_days,
  ),
  /**
   * How long the outbox's claim on a batch holds without renewal (docs/decisions/042): the sender renews it while it
   * sends, so this is how late a crashed sender's mails go out at most.
   */
  OUTBOX_LEASE_SECONDS: wholeNumber(
    5,
    300,
    'secondi per cui un invio tiene le mail prese / seconds a sender holds the mails it took',
    30,
  ),
  /**
   * The Web Push keys (decision 096), as `npx web-push generate-vapid-keys` prints them (base64url): every instance of a
   * fleet must send with the same pair, so set both there. Unset: a pair generated once into DATA_DIR/vapid-keys.json.
   */
  VAPID_PUBLIC_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{87}$/, 'expected a base64url P-256 public key (87 characters)')
      .optional(),
  ),
  VAPID_PRIVATE_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, 'expected a base64url P-256 private key (43 characters)')
      .optional(),
  ),
  /** Who the push services may write to about our pushes: a mailto: or https: address. Unset: the site's contact address. */
  VAPID_SUBJECT: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'expected mailto:address or https://address')
      .default(`mailto:${UI_TEXT.contactEmail}`),
  ),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).optional()),
  REDIS_URL: optionalUrl,
  /**
   * Hosts ('localhost') or host:port pairs the outbound fetcher may reach although they are private (lib/outbound-fetch.ts,
   * decision 096), comma-separated: for tests and a local demo serving calendars on this machine, never in production.
   * Unset: none, every private address is refused.
   */
  OUTBOUND_FETCH_ALLOW: commaList(),
  /**
   * Origins ('http://127.0.0.1:4000') of push services besides the public ones (FCM, Mozilla, Apple, Windows) that
   * subscriptions may name, comma-separated (decision 096): for the browser journeys' local push service, never in
   * production. Unset: none.
   */
  PUSH_ALLOW_ORIGINS: commaList(),
  /** Seconds a fetch of an external calendar may take in all (redirects and body included). */
  CALENDAR_FETCH_TIMEOUT_SECONDS: wholeNumber(
    1,
    60,
    'secondi per leggere un calendario esterno / seconds to fetch an external calendar',
    10,
  ),
  /** The map's tiles (a Leaflet template with {z}, {x}, {y}); unset: OpenStreetMap's standard tiles (lib/tiles.ts). */
  TILE_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .superRefine((value, ctx) => {
        const problem = tileUrlProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  ),
  /** Its attribution, as HTML (the tile provider's licence asks for it); shown in the map's corner. */
  TILE_ATTRIBUTION: z.preprocess(emptyToUndefined, z.string().max(500).optional()),
  WEB_DIST: z.string().default(apiPath('../web/dist')),
  /** /.well-known/security.txt's Contact (modules/well-known, decision 056). */
  SECURITY_CONTACT: ZSecurityContactSchema,
  /** Unset: no metrics. Set: GET /metrics (Prometheus) on this port, apart from the public one (lib/metrics-server.ts). */
  METRICS_PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(65535).optional()),
  /** Where the metrics' port listens: this machine only, unless told otherwise. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
  /**
   * Admins must turn on the two-step login (decision 063): until they do, every admin route answers 403
   * `second_step_setup_required`. Off by default (and in the demo).
   */
  REQUIRE_ADMIN_2FA: z.preprocess((v) => v === 'true' || v === '1', z.boolean()).default(false),
  /** Failed logins (or reset requests) for one e-mail from one address per window. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(5),
  /**
   * Failed logins (or reset requests) for one e-mail from all addresses together per window: the ceiling against a
   * spread-out attack. Once reached, only addresses with no failures of their own for that e-mail may still try.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(100),
  /** Requests one IP may make to login/forgot per window: generous, a pharmacy's staff share one address. */
  AUTH_MAX_PER_IP: z.coerce.number().int().positive().default(100),
  /** Registry lookups (GET /api/pharmacies/lookup/, no login) one IP may make per window: an owner types a few dozen. */
  REGISTRY_LOOKUP_MAX_PER_IP: z.coerce.number().int().positive().default(300),
  /**
   * Calendar feed reads (GET /api/calendar/{token}.ics, no login) one IP may make per window: a calendar asks every
   * hour or so, an office behind one address has a few dozen; an unknown token counts too, so tokens are not guessed.
   */
  CALENDAR_FEED_MAX_PER_IP: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** On SIGTERM, how long in-flight requests may take before the remaining connections are cut. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().positive().max(300).default(10),
  /**
   * On SIGTERM, how long readiness (GET /api/health/) answers 503 shutting_down while every other request is still
   * served, before the shutdown above: the time a balancer (a Kubernetes Service) takes to stop sending new requests.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  TRUST_PROXY: ZTrustProxySchema,
  /**
   * Processes serving on PostgreSQL (node:cluster, docs/decisions/029). Unset: one per core with REDIS_URL, else 1, so
   * the login limits' counters stay exact in one process's memory. 1: no cluster. The embedded database is always 1.
   */
  WEB_CONCURRENCY: z.preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).optional()),
  /** Whether this process runs the background jobs (mail outbox); the cluster's primary gives them to one worker. */
  BACKGROUND_JOBS: z.preprocess((v) => v !== 'false' && v !== '0', z.boolean()).default(true),
  /**
   * A fault drill, never for use: `kill-after-commit:<event type>` kills the process (SIGKILL, as the machine dying
   * would) right after the first write recording that event has committed, before anything after the commit runs. The
   * drill shows what a write owes is committed with it (decision 087). Refused with NODE_ENV=production.
   */
  FAULT_DRILL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^kill-after-commit:[a-z_.]+$/)
      .optional(),
  ),
});

export type TConfig = z.infer<typeof ZConfigSchema> & { dataDir: string; workers: number };

/**
 * DATA_DIR as an absolute path. A relative one is resolved from the folder the command was typed in: npm gives it as
 * INIT_CWD to the scripts it runs (`DATA_DIR=demo-data npm start` at the root means ./demo-data there, not in apps/api);
 * without npm, the working directory.
 */
function dataDirOf(dataDir: string, env: Record<string, string | undefined>): string {
  return resolve(env.INIT_CWD || process.cwd(), dataDir);
}

export function loadConfig(env: Record<string, string | undefined> = process.env): TConfig {
  const parsed = ZConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const { DATABASE_URL, REDIS_URL, WEB_CONCURRENCY, FAULT_DRILL, NODE_ENV } = parsed.data;
  if (FAULT_DRILL && NODE_ENV === 'production') throw new Error('Invalid configuration:\n  FAULT_DRILL: not in production');
  if (!parsed.data.VAPID_PUBLIC_KEY !== !parsed.data.VAPID_PRIVATE_KEY)
    throw new Error(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both, or neither (a pair is then generated in DATA_DIR)',
    );
  const workers = DATABASE_URL ? (WEB_CONCURRENCY ?? (REDIS_URL ? availableParallelism() : 1)) : 1;
  return { ...parsed.data, dataDir: dataDirOf(parsed.data.DATA_DIR, env), workers };
}
