/**
 * The mail outbox's SQL: mails are written in the transaction of the change that causes them, then claimed by one
 * sender at a time (FOR UPDATE SKIP LOCKED, and a lease in claimed_until so a crashed sender's claim runs out), sent,
 * and marked sent, or put back with an exponential backoff.
 */
import { LIMITS } from '@farmaponte/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import type { TMail } from './mailer';

export type TOutboxMail = TMail & { userId: number | null };
export type TClaimedMail = TMail & { id: number; attempts: number; claimedUntil: Date };

/** Writes a mail to the outbox; call it with the transaction of the change it tells about. */
export async function enqueueMail(db: TDb, mail: TOutboxMail, now: Date): Promise<void> {
  await db.insert(mailOutbox).values({
    userId: mail.userId,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    headers: mail.headers ?? {},
    ics: mail.ics ?? null,
    nextAttemptAt: now,
    createdAt: now,
  });
}

/**
 * Claims up to `limit` mails that are due and not claimed by a live sender: each is taken by exactly one caller, even
 * with several instances claiming at once (rows another transaction holds are skipped, not waited for).
 */
export async function claimDueMails(db: TDb, now: Date, limit: number = LIMITS.outboxBatchSize): Promise<TClaimedMail[]> {
  const claimedUntil = new Date(now.getTime() + LIMITS.outboxLeaseSeconds * 1000);
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

export async function markMailSent(db: TDb, id: number, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ sentAt: now, claimedUntil: null, lastError: null })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
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
