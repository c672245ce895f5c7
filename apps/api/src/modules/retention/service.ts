/**
 * Retention that runs by itself (decision 068): the last activity of a user, the warnings before an account or a CV
 * is erased for lack of use, the erasures, and the keep link of a warning (a single-use token, decision 086).
 *
 * Locks, in the order of docs/architecture.md: the user's row first (FOR NO KEY UPDATE when the user's activity decides,
 * FOR KEY SHARE for a CV step), then the CV's head row, then a keep link's token, then the notice. A login, a keep and
 * the erasure of the same user wait for each other, so an erasure never misses an activity that came first.
 */
import { MESSAGES, type TRetentionKind, todayInItaly } from '@farmaponte/shared';
import { and, asc, eq, gt, inArray, lt, lte, ne, sql } from 'drizzle-orm';
import type { TConfig } from '../../config';
import type { TDb } from '../../db/client';
import { contracts, cvFiles, invoices, retentionNotices, users } from '../../db/schema';
import { deleteInBatches } from '../../lib/batched-delete';
import { notFound } from '../../lib/errors';
import type { TEvents } from '../../lib/event-bus';
import { consumeToken, issueToken, liveTokenHolder, pruneExpiredTokens, tokenHolder } from '../../lib/single-use-tokens';
import { writeTransaction } from '../../lib/transactions';
import { eraseAccount } from '../account';
import { deleteCvVersion } from '../cv';
import { enqueueMail, pruneOldMails } from '../mail';
import { pruneReadNotifications } from '../notifications';
import { accountWarningMail, cvWarningMail } from './mail';

const DAY_MS = 86_400_000;
/** Users warned or erased per batch; each user is its own short transaction. */
export const RETENTION_BATCH = 50;
/** Old notifications, mails or tokens deleted per statement. */
const PRUNE_BATCH = 2_000;
/**
 * Days after a notice's day its keep link still works. The job acts on a notice the first night after its day, and the
 * link ends with the notice; this bound only ends a link whose notice the job never reached (migration 0018 uses it).
 */
const KEEP_LINK_DAYS_AFTER_ERASURE = 30;

export type TRetentionSettings = Pick<
  TConfig,
  | 'ACCOUNT_INACTIVITY_MONTHS'
  | 'CV_RETENTION_MONTHS'
  | 'RETENTION_WARNING_DAYS'
  | 'READ_NOTIFICATION_RETENTION_MONTHS'
  | 'SENT_MAIL_RETENTION_DAYS'
>;

/** The same instant `months` calendar months later (earlier when negative), in UTC. */
export function addMonths(at: Date, months: number): Date {
  const moved = new Date(at);
  moved.setUTCMonth(moved.getUTCMonth() + months);
  return moved;
}

const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * A session refresh is activity: `last_active_at` moves to now, written at most once a day per user so refreshes do
 * not write the row each time. Called with the refresh's transaction, which holds the user's row.
 */
export async function touchActivity(db: TDb, userId: number, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ lastActiveAt: now })
    .where(and(eq(users.id, userId), lt(users.lastActiveAt, new Date(now.getTime() - DAY_MS))));
}

/**
 * A login (the password, and the second step when it is on): activity, and the account's retention warning, if any,
 * is void. Runs before the session is issued: when the inactivity erasure got the row first, the login finds no
 * account. `loginActivity` is the same inside a transaction that already holds the user's row (the second step's).
 */
export async function loginActivity(tx: TDb, userId: number, now: Date): Promise<void> {
  await touchActivity(tx, userId, now);
  await tx.delete(retentionNotices).where(and(eq(retentionNotices.userId, userId), eq(retentionNotices.kind, 'account')));
}

export function recordLogin(db: TDb, userId: number, now: Date): Promise<void> {
  return writeTransaction(db, (tx) => loginActivity(tx, userId, now));
}

/** The line: activity (or a CV's update) before it is warned today. */
function warningLine(now: Date, months: number, warningDays: number): Date {
  return new Date(addMonths(now, -months).getTime() + warningDays * DAY_MS);
}

/** When a warning given now erases: the end of the term, and never sooner than the warning's days from now. */
function erasureDay(since: Date, now: Date, months: number, warningDays: number): Date {
  return later(addMonths(since, months), new Date(now.getTime() + warningDays * DAY_MS));
}

/** Walks the candidates by user id, a batch at a time, each handled on its own; answers how many were handled. */
async function eachInBatches(
  candidates: (afterUserId: number, limit: number) => Promise<number[]>,
  handle: (userId: number) => Promise<boolean>,
  signal?: AbortSignal,
): Promise<number> {
  let after = 0;
  let done = 0;
  for (;;) {
    signal?.throwIfAborted();
    const ids = await candidates(after, RETENTION_BATCH);
    for (const userId of ids) if (await handle(userId)) done++;
    if (ids.length < RETENTION_BATCH) return done;
    after = ids[ids.length - 1] as number;
  }
}

const noticeOf = (kind: TRetentionKind) =>
  sql`exists (select 1 from ${retentionNotices} where ${retentionNotices.userId} = ${users.id} and ${retentionNotices.kind} = ${kind})`;

/**
 * Gives one warning inside the transaction that holds what it is about: the notice (never twice: the primary key), its
 * keep link (a `retention_keep` single-use token issued at the notice's `warnedAt`, which ties the two) and its mail
 * through the outbox. False when another run gave it first.
 */
async function giveWarning(
  tx: TDb,
  deps: TRoundDeps,
  now: Date,
  warning: { userId: number; kind: TRetentionKind; email: string; since: Date; months: number },
): Promise<boolean> {
  const { userId, kind, months } = warning;
  const erasesAt = erasureDay(warning.since, now, months, deps.settings.RETENTION_WARNING_DAYS);
  const inserted = await tx
    .insert(retentionNotices)
    .values({ userId, kind, warnedAt: now, erasesAt })
    .onConflictDoNothing()
    .returning({ userId: retentionNotices.userId });
  if (inserted.length === 0) return false;
  const token = await issueToken(tx, {
    purpose: 'retention_keep',
    userId,
    now,
    expiresAt: new Date(erasesAt.getTime() + KEEP_LINK_DAYS_AFTER_ERASURE * DAY_MS),
    data: { kind },
  });
  const link = `${deps.publicUrl()}/conserva?token=${token}`;
  const mail = kind === 'account' ? accountWarningMail(link, erasesAt, months) : cvWarningMail(link, erasesAt, months);
  await enqueueMail(tx, { userId, to: warning.email, ...mail }, now);
  return true;
}

/** The users whose warning of this kind is due, by id after `after`. */
function dueNotices(db: TDb, kind: TRetentionKind, now: Date) {
  return async (after: number, limit: number) => {
    const rows = await db
      .select({ id: retentionNotices.userId })
      .from(retentionNotices)
      .where(and(eq(retentionNotices.kind, kind), lte(retentionNotices.erasesAt, now), gt(retentionNotices.userId, after)))
      .orderBy(asc(retentionNotices.userId))
      .limit(limit);
    return rows.map((r) => r.id);
  };
}

export interface TRoundDeps {
  db: TDb;
  settings: TRetentionSettings;
  publicUrl: () => string;
  /** What an erasure records (`user.erased`: its sessions end and its offers leave the open list, everywhere). */
  events: TEvents;
}

/**
 * Warns the accounts (not admins) without activity since the line that have no warning yet. A pharmacy with no login
 * of its own (one an organisation added, decision 089) is nobody's account to lapse: it goes when its organisation's
 * people take it away, never for its own inactivity.
 */
export async function warnInactiveAccounts(deps: TRoundDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const { db, settings } = deps;
  const months = settings.ACCOUNT_INACTIVITY_MONTHS;
  const line = warningLine(now, months, settings.RETENTION_WARNING_DAYS);
  const lapsing = and(ne(users.role, 'admin'), ne(users.passwordHash, ''), lt(users.lastActiveAt, line));
  const stillInactive = (userId: number) => and(eq(users.id, userId), lapsing);
  return eachInBatches(
    async (after, limit) => {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(gt(users.id, after), lapsing, sql`not ${noticeOf('account')}`))
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    (userId) =>
      writeTransaction(db, async (tx) => {
        const [user] = await tx
          .select({ email: users.email, lastActiveAt: users.lastActiveAt })
          .from(users)
          .where(stillInactive(userId))
          .for('no key update');
        if (!user) return false;
        return giveWarning(tx, deps, now, { userId, kind: 'account', email: user.email, since: user.lastActiveAt, months });
      }),
    signal,
  );
}

/**
 * Erases the accounts whose warning is due and who have not been active since it, with the erasure of 'Elimina
 * account'. A warning the user answered by being active (a refresh after it), or an admin's, is dropped instead.
 */
export async function eraseInactiveAccounts(deps: TRoundDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const { db } = deps;
  const due = and(eq(retentionNotices.kind, 'account'), lte(retentionNotices.erasesAt, now));
  return eachInBatches(
    dueNotices(db, 'account', now),
    async (userId) => {
      const erased = await eraseAccount(db, deps.events, userId, async (tx, user) => {
        const [notice] = await tx
          .select({ warnedAt: retentionNotices.warnedAt })
          .from(retentionNotices)
          .where(and(due, eq(retentionNotices.userId, userId)));
        if (!notice) return false;
        if (user.role !== 'admin' && user.lastActiveAt <= notice.warnedAt) return true;
        await tx.delete(retentionNotices).where(and(eq(retentionNotices.userId, userId), eq(retentionNotices.kind, 'account')));
        return false;
      });
      return erased;
    },
    signal,
  );
}

/** A CV's term runs from the later of its upload and the last "keep it". */
const cvTime = sql<Date>`greatest(${cvFiles.uploadedAt}, coalesce(${cvFiles.keptAt}, ${cvFiles.uploadedAt}))`;
const cvTimeOf = (cv: { uploadedAt: Date; keptAt: Date | null }) => (cv.keptAt ? later(cv.uploadedAt, cv.keptAt) : cv.uploadedAt);

/** The user's row (KEY SHARE: an erasure waits for the step), then the CV's head row. */
async function lockCv(tx: TDb, userId: number) {
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('key share');
  if (!user) return undefined;
  const [cv] = await tx
    .select({ version: cvFiles.version, uploadedAt: cvFiles.uploadedAt, keptAt: cvFiles.keptAt })
    .from(cvFiles)
    .where(eq(cvFiles.userId, userId))
    .for('update');
  return cv ? { ...cv, email: user.email } : undefined;
}

/** Warns the CVs not updated since the line, unless the account itself is warned (its erasure takes the CV). */
export async function warnStaleCvs(deps: TRoundDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const { db, settings } = deps;
  const months = settings.CV_RETENTION_MONTHS;
  const line = warningLine(now, months, settings.RETENTION_WARNING_DAYS);
  return eachInBatches(
    async (after, limit) => {
      const rows = await db
        .select({ id: users.id })
        .from(cvFiles)
        .innerJoin(users, eq(users.id, cvFiles.userId))
        .where(and(gt(users.id, after), lt(cvTime, line), sql`not ${noticeOf('cv')}`, sql`not ${noticeOf('account')}`))
        .orderBy(asc(users.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },
    (userId) =>
      writeTransaction(db, async (tx) => {
        const cv = await lockCv(tx, userId);
        if (!cv || cvTimeOf(cv) >= line) return false;
        return giveWarning(tx, deps, now, { userId, kind: 'cv', email: cv.email, since: cvTimeOf(cv), months });
      }),
    signal,
  );
}

/** Deletes the CVs whose warning is due, unless kept or replaced since (then the warning goes). */
export async function deleteStaleCvs(deps: TRoundDeps, now: Date, signal?: AbortSignal): Promise<number> {
  const { db } = deps;
  const due = and(eq(retentionNotices.kind, 'cv'), lte(retentionNotices.erasesAt, now));
  return eachInBatches(
    dueNotices(db, 'cv', now),
    (userId) =>
      writeTransaction(db, async (tx) => {
        const cv = await lockCv(tx, userId);
        const [notice] = await tx
          .delete(retentionNotices)
          .where(and(due, eq(retentionNotices.userId, userId)))
          .returning({ warnedAt: retentionNotices.warnedAt });
        if (!notice || !cv || cvTimeOf(cv) > notice.warnedAt) return false;
        return deleteCvVersion(tx, userId, cv.version);
      }),
    signal,
  );
}

/**
 * Read notifications and sent (or given up) mails past their periods, the single-use tokens expired by now whose
 * purpose answers an expired token like an unknown one (lib/single-use-tokens.ts), and the contracts (decision 093) and
 * invoices (decision 095) whose `keep_until` has passed: kept to that day, whatever became of the accounts, then gone.
 */
export async function pruneOldRecords(deps: TRoundDeps, now: Date, signal?: AbortSignal) {
  const { db, settings } = deps;
  const notifications = await pruneReadNotifications(
    db,
    addMonths(now, -settings.READ_NOTIFICATION_RETENTION_MONTHS),
    PRUNE_BATCH,
    signal,
  );
  const mails = await pruneOldMails(
    db,
    new Date(now.getTime() - settings.SENT_MAIL_RETENTION_DAYS * DAY_MS),
    PRUNE_BATCH,
    signal,
  );
  const tokens = await pruneExpiredTokens(db, now, PRUNE_BATCH, signal);
  const contractsDeleted = await pruneExpired(db, contracts, todayInItaly(now), signal);
  // Kept ten years from their issue whatever became of the accounts (art. 2220 c.c.), then gone.
  const invoicesDeleted = await pruneExpired(db, invoices, todayInItaly(now), signal);
  return { notifications, mails, tokens, contracts: contractsDeleted, invoices: invoicesDeleted };
}

/**
 * Every row kept until a day before `today`, in batches: a contract's versions (decision 093), an invoice or credit
 * note (decision 095, whose engagements' invoice_shifts rows go with it).
 */
function pruneExpired(db: TDb, table: typeof contracts | typeof invoices, today: string, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    async (limit) => {
      const expired = db.select({ id: table.id }).from(table).where(lt(table.keepUntil, today)).limit(limit);
      const rows = await db.delete(table).where(inArray(table.id, expired)).returning({ id: table.id });
      return rows.length;
    },
    PRUNE_BATCH,
    signal,
  );
}

const linkInvalid = () => notFound(MESSAGES.retentionLinkInvalid, 'retention_link_invalid');

/**
 * The notice a keep link was issued with: the same user and kind, given at the instant the token was made. A link of an
 * older notice (answered by a login or a new CV, then warned again) keeps nothing.
 */
const noticeOfLink = (held: { userId: number; data: { kind: TRetentionKind }; createdAt: Date }) =>
  and(
    eq(retentionNotices.userId, held.userId),
    eq(retentionNotices.kind, held.data.kind),
    eq(retentionNotices.warnedAt, held.createdAt),
  );

/** What a keep link would keep, and when it would be erased; 404 for an unknown or used link. Changes nothing. */
export async function findNotice(db: TDb, token: string, now: Date): Promise<{ kind: TRetentionKind; erasesAt: Date }> {
  const held = await liveTokenHolder(db, 'retention_keep', token, now);
  const [notice] = held
    ? await db
        .select({ kind: retentionNotices.kind, erasesAt: retentionNotices.erasesAt })
        .from(retentionNotices)
        .where(noticeOfLink(held))
    : [];
  if (!notice) throw linkInvalid();
  return notice;
}

/**
 * The keep link: the notice goes and the term restarts (the account's last activity, or the CV's `kept_at`). 404 for
 * an unknown or used link, or an account erased meanwhile. Locks the user's row, the CV's head row, then the token.
 */
export async function keepWithToken(db: TDb, token: string, now: Date): Promise<TRetentionKind> {
  const held = await tokenHolder(db, 'retention_keep', token);
  if (!held) throw linkInvalid();
  const { userId } = held;
  const { kind } = held.data;
  await writeTransaction(db, async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw linkInvalid();
    if (kind === 'cv') await tx.select({ userId: cvFiles.userId }).from(cvFiles).where(eq(cvFiles.userId, userId)).for('update');
    const used = await consumeToken(tx, 'retention_keep', token, now, { userId });
    if (used.outcome !== 'consumed') throw linkInvalid();
    // Its notice gone (a login, a new CV, the job): nothing to keep, and the rollback leaves the token as it was.
    const gone = await tx.delete(retentionNotices).where(noticeOfLink(used)).returning({ kind: retentionNotices.kind });
    if (gone.length === 0) throw linkInvalid();
    if (kind === 'account') await tx.update(users).set({ lastActiveAt: now }).where(eq(users.id, userId));
    else await tx.update(cvFiles).set({ keptAt: now }).where(eq(cvFiles.userId, userId));
  });
  return kind;
}
