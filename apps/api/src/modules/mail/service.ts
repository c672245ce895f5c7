/**
 * The mail outbox's SQL: mails are written in the transaction of the change that causes them, then claimed by one
 * sender at a time (FOR UPDATE SKIP LOCKED, and a lease in claimed_until so a crashed sender's claim runs out), sent,
 * and marked sent, or put back with an exponential backoff.
 */
import { LIMITS } from '@farmaponte/shared';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { deleteInBatches } from '../../lib/batched-delete';
import { whenCommitted } from '../../lib/transactions';
import type { TMail } from './mailer';

export type TOutboxMail = TMail & { userId: number | null };
export type TClaimedMail = TMail & { id: number; attempts: number; claimedUntil: Date };

/** Told when a mail has been queued and its transaction committed: this process's outbox sender runs at once. */
const mailQueuedListeners = new Set<() => void>();

/** Listens for queued mails (the app hurries its outbox job with it); returns how to stop listening. */
export function onMailQueued(listener: () => void): () => void {
  mailQueuedListeners.add(listener);
  return () => mailQueuedListeners.delete(listener);
}

/**
 * Writes a mail to the outbox; call it with the transaction of the change it tells about. Once that commits, the
 * outbox sender of this process is hurried (the mail leaves in milliseconds, not at the next poll); the poll stays the
 * way every mail goes out, should the hurry not happen (decision 076).
 */
export async function enqueueMail(db: TDb, mail: TOutboxMail, now: Date): Promise<void> {
  await enqueueMails(db, [mail], now);
}

/** enqueueMail for many mails in one statement (an urgent shift's notifications, decision 096). */
export async function enqueueMails(db: TDb, mails: TOutboxMail[], now: Date): Promise<void> {
  if (!mails.length) return;
  await db.insert(mailOutbox).values(
    mails.map((mail) => ({
      userId: mail.userId,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers ?? {},
      ics: mail.ics ?? null,
      nextAttemptAt: now,
      createdAt: now,
    })),
  );
  whenCommitted(db, () => {
    for (const listener of mailQueuedListeners) listener();
  });
}

/**
 * Claims up to `limit` mails that are due and not claimed by a live sender: each is taken by exactly one caller, even
 * with several instances claiming at once (rows another transaction holds are skipped, not waited for). The claim
 * holds `leaseSeconds` (docs/decisions/042): the sender renews it while it sends (renewClaims), so a crashed sender's
 * mails are free again within the lease. The claim's end is also its token: only its holder renews or releases it.
 */
export async function claimDueMails(
  db: TDb,
  now: Date,
  { limit = LIMITS.outboxBatchSize, leaseSeconds = LIMITS.outboxLeaseSeconds }: { limit?: number; leaseSeconds?: number } = {},
): Promise<TClaimedMail[]> {
  const claimedUntil = new Date(now.getTime() + leaseSeconds * 1000);
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null and ${mailOutbox.nextAttemptAt} <= ${now}
        and (${mailOutbox.claimedUntil} is null or ${mailOutbox.claimedUntil} < ${now})`,
    )
    .orderBy(mailOutbox.nextAttemptAt, mailOutbox.id)
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({ claimedUntil, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(sql`${mailOutbox.id} in ${due}`)
    .returning();
  return rows
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      attempts: row.attempts,
      claimedUntil,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers,
      ics: row.ics ?? undefined,
      messageId: `<outbox-${row.id}-${row.createdAt.getTime()}@farmaponte>`,
    }));
}

/** The ids as one array parameter: one statement text for any number of them (as decision 036's lists). */
const anyId = (ids: readonly number[]) => sql`${mailOutbox.id} = any(${sql.param(ids)})`;

/** Marks the mails the SMTP server took as sent: one statement for a batch (docs/decisions/042). */
export async function markMailsSent(db: TDb, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ sentAt: now, claimedUntil: null, lastError: null })
    .where(and(anyId(ids), isNull(mailOutbox.sentAt)));
}

/**
 * Moves the claim on these mails from `claimedUntil` to `until`, while their sender still sends them. Answers how many
 * it still held (a claim that ran out and was taken by another sender is not taken back).
 */
export async function renewClaims(db: TDb, ids: readonly number[], claimedUntil: Date, until: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(mailOutbox)
    .set({ claimedUntil: until })
    .where(and(anyId(ids), eq(mailOutbox.claimedUntil, claimedUntil), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Gives back claimed mails that were not tried (the shutdown): free for the next sender at once, and the attempt the
 * claim counted is taken back. Only while the claim is still this sender's (`claimedUntil`). Answers how many.
 */
export async function releaseClaims(db: TDb, ids: readonly number[], claimedUntil: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await db
    .update(mailOutbox)
    .set({ claimedUntil: null, attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)` })
    .where(and(anyId(ids), eq(mailOutbox.claimedUntil, claimedUntil), isNull(mailOutbox.sentAt)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** The wait before attempt n+1 after n failures: 5 s, 10 s, 20 s… up to an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(LIMITS.outboxRetryFirstDelayMs * 2 ** Math.max(0, attempts - 1), LIMITS.outboxRetryMaxDelayMs);
}

/** Puts a mail back for a later attempt, or gives it up after LIMITS.outboxMaxAttempts. Answers whether it gave up. */
export async function markMailFailed(db: TDb, mail: TClaimedMail, error: string, now: Date): Promise<boolean> {
  const givenUp = mail.attempts >= LIMITS.outboxMaxAttempts;
  await db
    .update(mailOutbox)
    .set({
      claimedUntil: null,
      lastError: error.slice(0, 1000),
      nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)),
      failedAt: givenUp ? now : null,
    })
    .where(and(eq(mailOutbox.id, mail.id), isNull(mailOutbox.sentAt)));
  return givenUp;
}

/** How many mails wait to be sent (for tests and the health of the sender). */
export async function countPendingMails(db: TDb): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  return Number(row?.n ?? 0);
}

/** The backlog for the metrics: mails waiting, and how long the oldest has waited (seconds; 0 when none). */
export async function outboxBacklog(db: TDb, now: Date): Promise<{ pending: number; oldestSeconds: number }> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`, oldest: sql<Date | string | null>`min(${mailOutbox.createdAt})` })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return {
    pending: Number(row?.n ?? 0),
    oldestSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
  };
}

/**
 * Mails sent, or given up on, before `before` are deleted (retention, decision 068): a failed mail holds the same
 * personal data, and the operator had as long to look at it. Mails still waiting to go out stay.
 */
export function pruneOldMails(db: TDb, before: Date, batch: number, signal?: AbortSignal): Promise<number> {
  return deleteInBatches(
    async (limit) => {
      const old = db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(or(lt(mailOutbox.sentAt, before), lt(mailOutbox.failedAt, before)))
        .limit(limit);
      const rows = await db.delete(mailOutbox).where(inArray(mailOutbox.id, old)).returning({ id: mailOutbox.id });
      return rows.length;
    },
    batch,
    signal,
  );
}
