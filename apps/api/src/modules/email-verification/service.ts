/**
 * Confirmed e-mail addresses (decision 047). A link is 32 random bytes, stored as a SHA-256 hash with its expiry and
 * the time it was used, like a password-reset link; the address counts as confirmed from the first use of a live one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { LIMITS, MESSAGES } from '@farmaponte/shared';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { TDb } from '../../db/client';
import { emailVerificationTokens, users } from '../../db/schema';
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../lib/errors';
import type { TCounterStore } from '../../lib/limiter';
import { writeTransaction } from '../../lib/transactions';
import { enqueueMail } from '../mail';
import { confirmationMail } from './mail';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const TTL_MS = LIMITS.emailConfirmationTtlHours * 60 * 60 * 1000;

/** Where a link leads: the web app's page, which sends the token to POST /api/user/verify-email/. */
export const confirmationLink = (publicUrl: string, token: string) => `${publicUrl}/conferma-email/${token}`;

/**
 * A new link for the user, mailed through the outbox: call it in the transaction that creates the account (or that
 * holds the user's row). The links the user had and did not use stop working.
 */
export async function sendConfirmationLink(
  db: TDb,
  { userId, email, publicUrl, now }: { userId: number; email: string; publicUrl: string; now: Date },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  await db
    .delete(emailVerificationTokens)
    .where(and(eq(emailVerificationTokens.userId, userId), isNull(emailVerificationTokens.usedAt)));
  await db
    .insert(emailVerificationTokens)
    .values({ tokenHash: sha256(token), userId, expiresAt: new Date(now.getTime() + TTL_MS), createdAt: now });
  await enqueueMail(db, { userId, to: email, ...confirmationMail(confirmationLink(publicUrl, token)) }, now);
}

/**
 * Uses the link: the user's address is confirmed and the user's other links end. An unknown (or replaced), used or
 * expired link is a 400 with a code of its own, so the page can say which. Two uses at once: the user's row is taken
 * first (the lock order, docs/architecture.md), so the second waits, then finds the link used.
 */
export async function confirmEmail(db: TDb, token: string, now: Date): Promise<number> {
  const tokenHash = sha256(token);
  const invalid = () => badRequest(MESSAGES.emailLinkInvalid, 'email_link_invalid');
  return writeTransaction(db, async (tx) => {
    const [link] = await tx
      .select({ userId: emailVerificationTokens.userId })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.tokenHash, tokenHash));
    if (!link) throw invalid();
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).for('no key update');
    if (!user) throw invalid();
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailVerificationTokens.tokenHash, tokenHash),
          isNull(emailVerificationTokens.usedAt),
          gt(emailVerificationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailVerificationTokens.userId });
    if (!used) {
      const [state] = await tx
        .select({ usedAt: emailVerificationTokens.usedAt })
        .from(emailVerificationTokens)
        .where(eq(emailVerificationTokens.tokenHash, tokenHash));
      if (!state) throw invalid();
      if (state.usedAt) throw badRequest(MESSAGES.emailLinkUsed, 'email_link_used');
      throw badRequest(MESSAGES.emailLinkExpired, 'email_link_expired');
    }
    await tx
      .update(users)
      .set({ emailVerifiedAt: now })
      .where(and(eq(users.id, used.userId), isNull(users.emailVerifiedAt)));
    await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.userId, used.userId), isNull(emailVerificationTokens.usedAt)));
    return used.userId;
  });
}

/**
 * 'Invia di nuovo': a new link for the logged-in user. 409 when the address is already confirmed (nothing is sent),
 * 429 with Retry-After past LIMITS.emailConfirmationResendsPerHour in an hour (the wait is said in the message).
 */
export async function resendConfirmationLink(
  db: TDb,
  counters: TCounterStore,
  userId: number,
  { publicUrl, now }: { publicUrl: string; now: Date },
): Promise<void> {
  const [current] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!current) throw unauthorized();
  if (current.verifiedAt) throw conflict(MESSAGES.emailAlreadyConfirmed, 'email_already_verified');
  const key = `email-confirmation:${userId}`;
  if ((await counters.hit(key, LIMITS.quotaWindowMs)) > LIMITS.emailConfirmationResendsPerHour) {
    const retryAfterMs = await counters.retryAfterMs(key);
    throw tooManyRequests(
      retryAfterMs,
      MESSAGES.emailResendLimit(Math.max(1, Math.ceil(retryAfterMs / 60_000))),
      'email_resend_limit',
    );
  }
  await writeTransaction(db, async (tx) => {
    // The user's row first (the lock order): two resends at once leave one live link, the newest.
    const [user] = await tx
      .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('no key update');
    if (!user) throw unauthorized();
    if (user.verifiedAt) throw conflict(MESSAGES.emailAlreadyConfirmed, 'email_already_verified');
    await sendConfirmationLink(tx, { userId, email: user.email, publicUrl, now });
  });
}
